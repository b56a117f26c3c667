import { transact } from '../../lib/after-commit';
import type { Database } from '../../db/database';
import { createBonusesRepository } from './bonuses.repository';
import type { TemplateCurrencyTerms, TemplateTerms } from './bonuses.tables';
import { declareDemoSeed } from '../../db/demo-seeds';

/** Per-currency terms from USD figures: KGS and RUB ×100, TON ×0.2 (demo rates, rounded). */
function perCurrency(usd: TemplateCurrencyTerms): Record<string, TemplateCurrencyTerms> {
  const scale = (k: number) =>
    Object.fromEntries(
      Object.entries(usd).map(([key, v]) => [key, typeof v === 'number' ? Math.round(v * k * 100) / 100 : v]),
    ) as TemplateCurrencyTerms;
  return { USD: usd, EUR: usd, GBP: usd, KGS: scale(100), RUB: scale(100), TON: scale(0.2) };
}

const contributions = [
  { target: 'house', percent: 100 },
  { target: 'slots', percent: 100 },
  { target: 'crash', percent: 50 },
];

const demoTemplates: Array<{
  name: string;
  type: 'welcome' | 'next_deposit' | 'no_deposit' | 'free_rounds';
  trigger: 'sign_up' | 'promo_code' | 'level_up';
  terms: TemplateTerms;
}> = [
  {
    name: 'welcome-100',
    type: 'welcome',
    trigger: 'sign_up',
    terms: {
      title: '100% on your first deposit',
      description: 'Double your first deposit, up to 500.',
      translations: { ru: { title: '100% на первый депозит', description: 'Удвойте первый депозит, до 500.' } },
      percent: 100,
      currencies: perCurrency({ min_dep: 10, max_dep: null, max_bonus: 500, max_bet: 5, max_conversion: null }),
      wagering_multiplier: 10,
      wagering_base: 'bonus',
      contributions,
      claim_days: 7,
      wagering_days: 30,
      eligible_games: [],
      max_grants: null,
    },
  },
  {
    name: 'no-deposit-10',
    type: 'no_deposit',
    trigger: 'promo_code',
    terms: {
      // {amount}: the amount in the player's currency, with its code (a title never says a bare "10")
      title: '{amount} free with code WELCOME10',
      description: 'A bonus without a deposit: play it through ten times and keep up to 50.',
      translations: {
        ru: {
          title: '{amount} бесплатно по коду WELCOME10',
          description: 'Бонус без депозита: отыграйте его десять раз и заберите до 50.',
        },
      },
      percent: null,
      currencies: perCurrency({ amount: 10, max_bet: 2, max_conversion: 50 }),
      wagering_multiplier: 10,
      wagering_base: 'bonus',
      contributions,
      claim_days: 7,
      wagering_days: 7,
      eligible_games: [],
      max_grants: null,
    },
  },
  {
    name: 'reload-50',
    type: 'next_deposit',
    trigger: 'promo_code',
    terms: {
      title: '50% on your next deposit',
      description: 'Half your next deposit again as a bonus, up to 200.',
      translations: {
        ru: { title: '50% на следующий депозит', description: 'Половина следующего депозита бонусом, до 200.' },
      },
      percent: 50,
      currencies: perCurrency({ min_dep: 20, max_dep: null, max_bonus: 200, max_bet: 5, max_conversion: null }),
      wagering_multiplier: 10,
      wagering_base: 'bonus',
      contributions,
      claim_days: 14,
      wagering_days: 30,
      eligible_games: [],
      max_grants: null,
    },
  },
  {
    name: 'free-rounds-dice',
    type: 'free_rounds',
    trigger: 'promo_code',
    terms: {
      title: '10 free rounds on Dice',
      description: 'Ten rounds on us; what they win is wagered three times and is yours.',
      translations: {
        ru: {
          title: '10 бесплатных раундов в Dice',
          description: 'Десять раундов за наш счёт; выигрыш отыгрывается три раза и остаётся вам.',
        },
      },
      percent: null,
      currencies: perCurrency({ free_round_bet: 0.5, max_bet: 5, max_conversion: 100 }),
      wagering_multiplier: 3,
      wagering_base: 'bonus',
      contributions,
      claim_days: 7,
      wagering_days: 7,
      eligible_games: [],
      max_grants: null,
      free_rounds: { game: 'dice', count: 10 },
    },
  },
  // rewards of the demo levels (server/src/modules/levels/levels.seed.ts names them)
  {
    name: 'level-silver-free-rounds',
    type: 'free_rounds',
    trigger: 'level_up',
    terms: {
      title: '10 free rounds for Silver',
      description: 'Your Silver level gives ten rounds on Dice; what they win is wagered three times.',
      translations: {
        ru: {
          title: '10 бесплатных раундов за Серебро',
          description: 'Уровень Серебро даёт десять раундов в Dice; выигрыш отыгрывается три раза.',
        },
      },
      percent: null,
      currencies: perCurrency({ free_round_bet: 0.5, max_bet: 5, max_conversion: 100 }),
      wagering_multiplier: 3,
      wagering_base: 'bonus',
      contributions,
      claim_days: 14,
      wagering_days: 7,
      eligible_games: [],
      max_grants: null,
      free_rounds: { game: 'dice', count: 10 },
    },
  },
  {
    name: 'level-gold-bonus',
    type: 'no_deposit',
    trigger: 'level_up',
    terms: {
      title: '{amount} for Gold',
      description: 'Your Gold level gives a bonus without a deposit: play it through five times and keep up to 100.',
      translations: {
        ru: {
          title: '{amount} за Золото',
          description: 'Уровень Золото даёт бонус без депозита: отыграйте его пять раз и заберите до 100.',
        },
      },
      percent: null,
      currencies: perCurrency({ amount: 20, max_bet: 5, max_conversion: 100 }),
      wagering_multiplier: 5,
      wagering_base: 'bonus',
      contributions,
      claim_days: 14,
      wagering_days: 14,
      eligible_games: [],
      max_grants: null,
    },
  },
];
const demoCodes = [
  { code: 'WELCOME10', template: 'no-deposit-10' },
  { code: 'RELOAD50', template: 'reload-50' },
  { code: 'FREESPINS', template: 'free-rounds-dice' },
];

/** The demo bonuses when no template exists (idempotent): a welcome offer and two promo codes. */
export async function seedBonuses(db: Database): Promise<void> {
  const repo = createBonusesRepository(db);
  await transact(db, async (trx) => {
    const any = await trx.selectFrom('bonus_templates').select('id').limit(1).executeTakeFirst();
    if (any) return;
    const ids = new Map<string, number>();
    for (const t of demoTemplates) {
      ids.set(t.name, await repo.insertTemplate(t, 'seed', trx));
    }
    for (const c of demoCodes)
      await trx
        .insertInto('bonus_promo_codes')
        .values({
          code: c.code,
          template_id: ids.get(c.template)!,
          max_redemptions: null,
          valid_from: null,
          valid_to: null,
          currencies: null,
          created_by: 'seed',
        })
        .execute();
  });
}

// demo data (db/demo-seeds.ts), run by seedAll on the embedded default's every start
export const bonusesDemoSeed = declareDemoSeed({ name: 'bonuses', run: seedBonuses });
