import { transact } from '../../lib/after-commit';
import type { Database } from '../../db/database';
import { declareDemoSeed } from '../../db/demo-seeds';

/** Thresholds from USD figures: EUR and GBP alike, KGS and RUB ×100, TON ×0.2 (demo rates). */
const perCurrency = (usd: number) => ({ USD: usd, EUR: usd, GBP: usd, KGS: usd * 100, RUB: usd * 100, TON: usd / 5 });

const demoLadder: Array<{
  order: number;
  name: Record<string, string>;
  description: Record<string, string>;
  usd: number;
  logo: string;
  wheel_spins: number;
  /** A demo bonus template with the level_up trigger, by name (granted when the bonus engine has it). */
  bonus?: string;
}> = [
  {
    order: 1,
    name: { en: 'Newcomer', ru: 'Новичок' },
    description: { en: 'Where everyone starts.', ru: 'С этого уровня начинают все.' },
    usd: 0,
    logo: '/level-logos/1.webp',
    wheel_spins: 0,
  },
  {
    order: 2,
    name: { en: 'Bronze', ru: 'Бронза' },
    description: { en: 'A spin of the wheel for your first steps.', ru: 'Вращение колеса за первые шаги.' },
    usd: 50,
    logo: '/level-logos/2.webp',
    wheel_spins: 1,
  },
  {
    order: 3,
    name: { en: 'Silver', ru: 'Серебро' },
    description: { en: 'Free rounds on Dice and two spins.', ru: 'Бесплатные раунды в «Костях» и два вращения.' },
    usd: 250,
    logo: '/level-logos/3.webp',
    wheel_spins: 2,
    bonus: 'level-silver-free-rounds',
  },
  {
    order: 4,
    name: { en: 'Gold', ru: 'Золото' },
    description: { en: 'A bonus on us and three spins.', ru: 'Бонус от нас и три вращения.' },
    usd: 1000,
    logo: '/level-logos/4.webp',
    wheel_spins: 3,
    bonus: 'level-gold-bonus',
  },
  {
    order: 5,
    name: { en: 'Platinum', ru: 'Платина' },
    description: { en: 'Five spins of the wheel.', ru: 'Пять вращений колеса.' },
    usd: 5000,
    logo: '/level-logos/5.webp',
    wheel_spins: 5,
  },
  {
    order: 6,
    name: { en: 'Diamond', ru: 'Бриллиант' },
    description: { en: 'The top of the ladder: ten spins.', ru: 'Вершина: десять вращений.' },
    usd: 20000,
    logo: '/level-logos/6.webp',
    wheel_spins: 10,
  },
];

/** The demo ladder and contributions when no level exists (idempotent); run after the bonuses' seed. */
export async function seedLevels(db: Database): Promise<void> {
  await transact(db, async (trx) => {
    // the demo logos are WebP since 2026-11-27 (scripts/rasterize-demo-art.ts): rows naming the seeded SVGs follow
    await trx
      .updateTable('lvl_levels')
      .set((eb) => ({ logo: eb.fn<string>('replace', ['logo', eb.val('.svg'), eb.val('.webp')]) }))
      .where(
        'logo',
        'in',
        demoLadder.map((l) => l.logo.replace('.webp', '.svg')),
      )
      .execute();
    const any = await trx.selectFrom('lvl_levels').select('id').limit(1).executeTakeFirst();
    if (any) return;
    const templates = await trx
      .selectFrom('bonus_templates')
      .select(['id', 'name'])
      .where('trigger', '=', 'level_up')
      .execute();
    const templateId = (name?: string) => templates.find((t) => t.name === name)?.id ?? null;
    await trx
      .insertInto('lvl_levels')
      .values(
        demoLadder.map((l) => ({
          level_order: l.order,
          name: JSON.stringify(l.name),
          description: JSON.stringify(l.description),
          logo: l.logo,
          thresholds: JSON.stringify(perCurrency(l.usd)),
          bonus_template_id: templateId(l.bonus),
          wheel_spins: l.wheel_spins,
          updated_by: 'seed',
        })),
      )
      .execute();
    await trx
      .insertInto('lvl_contributions')
      .values([
        { target: 'house', percent: 100 },
        { target: 'slots', percent: 100 },
        { target: 'crash', percent: 50 },
      ])
      .onConflict((oc) => oc.column('target').doNothing())
      .execute();
  });
}

// demo data (db/demo-seeds.ts), run by seedAll on the embedded default's every start
export const levelsDemoSeed = declareDemoSeed({
  name: 'levels',
  after: ['bonuses'], // its rewards name the bonuses' level_up templates
  run: seedLevels,
});
