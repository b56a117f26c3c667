import type { Database } from '../../db/database';
import { seedContentPages } from './content-pages.seed';
import { declareDemoSeed } from '../../db/demo-seeds';

// Demo reference data for the embedded default. Idempotent: existing rows are left as the operator changed them.
export async function seedInformational(db: Database): Promise<void> {
  await db
    .insertInto('info_currencies')
    .values([
      { code: 'USD', symbol: '$', name: 'US Dollar', minor_unit_digits: 2 },
      { code: 'EUR', symbol: '€', name: 'Euro', minor_unit_digits: 2 },
      { code: 'GBP', symbol: '£', name: 'Pound Sterling', minor_unit_digits: 2 },
      { code: 'KGS', symbol: 'с', name: 'Kyrgyz Som', minor_unit_digits: 2 },
      { code: 'RUB', symbol: '₽', name: 'Russian Ruble', minor_unit_digits: 2 },
      { code: 'TON', symbol: 'TON', name: 'Toncoin', minor_unit_digits: 9 },
    ])
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();

  await db
    .insertInto('info_languages')
    .values([
      { code: 'en', name: 'English', is_default: true },
      { code: 'ru', name: 'Русский', is_default: false },
    ])
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();

  // Server-side texts that operators change without a release; merged over the app's bundled texts.
  const translations: Array<[string, string, string]> = [
    ['en', 'home.tagline', 'Provably fair games, fast payouts'],
    ['ru', 'home.tagline', 'Честные игры, быстрые выплаты'],
    ['en', 'common.support_hours', 'Support answers 24/7'],
    ['ru', 'common.support_hours', 'Поддержка отвечает круглосуточно'],
  ];
  await db
    .insertInto('info_translations')
    .values(translations.map(([locale, key, value]) => ({ locale, key, value, domain: '' })))
    .onConflict((oc) => oc.columns(['locale', 'domain', 'key']).doNothing())
    .execute();
  await db
    .insertInto('info_translations')
    .values([
      { locale: 'en', domain: '127.0.0.1', key: 'home.tagline', value: 'Nova Bet: play, win, repeat' },
      { locale: 'ru', domain: '127.0.0.1', key: 'home.tagline', value: 'Nova Bet: играй и выигрывай' },
    ])
    .onConflict((oc) => oc.columns(['locale', 'domain', 'key']).doNothing())
    .execute();

  const styles = await db.selectFrom('info_ui_styles').select('domain').execute();
  const haveStyle = new Set(styles.map((s) => s.domain));
  if (!haveStyle.has('')) {
    await db
      .insertInto('info_ui_styles')
      .values({
        domain: '',
        title: 'Lucky Star Casino',
        css_json: JSON.stringify({ '--brand-accent': '#7B3FE4', '--brand-accent-contrast': '#FFFFFF' }) as never,
        favicon_img: '/media/brand/favicon.svg',
        logo_img: '/media/brand/logo.webp',
      })
      .execute();
  }
  // The demo logos and banners are WebP since 2026-11-27 (scripts/rasterize-demo-art.ts: an SVG in an <img> is a
  // document of its own, 70–290 ms of a phone's main thread each): rows still naming the seeded SVGs name the WebP.
  await db
    .updateTable('info_ui_styles')
    .set((eb) => ({ logo_img: eb.fn<string>('replace', ['logo_img', eb.val('.svg'), eb.val('.webp')]) }))
    .where('logo_img', 'in', ['/media/brand/logo.svg', '/media/brand/logo-nova.svg'])
    .execute();
  await db
    .updateTable('info_banners')
    .set((eb) => ({ image: eb.fn<string>('replace', ['image', eb.val('.svg'), eb.val('.webp')]) }))
    .where(
      'image',
      'in',
      ['welcome', 'fair', 'crash'].flatMap((slug) =>
        ['pc', 'tablet', 'mobile'].flatMap((device) =>
          ['en', 'ru'].map((l) => `/media/banners/${slug}-${device}-${l}.svg`),
        ),
      ),
    )
    .execute();
  // A second brand on another host name shows that one install serves several operators' domains.
  if (!haveStyle.has('127.0.0.1')) {
    await db
      .insertInto('info_ui_styles')
      .values({
        domain: '127.0.0.1',
        title: 'Nova Bet',
        css_json: JSON.stringify({ '--brand-accent': '#9C27B0', '--brand-accent-contrast': '#FFFFFF' }) as never,
        favicon_img: '/media/brand/favicon-nova.svg',
        logo_img: '/media/brand/logo-nova.webp',
      })
      .execute();
  }

  const pages: Array<[string, string, string]> = [
    ['home', 'Online casino and sportsbook', 'Онлайн-казино и ставки на спорт'],
    ['favorites', 'Favourite games', 'Избранные игры'],
    ['cashbox', 'Cashbox', 'Касса'],
    ['profile', 'Profile', 'Профиль'],
    ['sport', 'Sports betting', 'Ставки на спорт'],
    ['terms', 'Terms and conditions', 'Правила и условия'],
  ];
  await db
    .insertInto('info_seo_settings')
    .values(
      pages.flatMap(([code, en, ru]) => [
        {
          type: 'page',
          code,
          locale: 'en',
          title: en,
          description: `${en}: provably fair games and fast payouts.`,
          image: '/media/banners/fair-pc-en.svg',
        },
        {
          type: 'page',
          code,
          locale: 'ru',
          title: ru,
          description: `${ru}: честные игры и быстрые выплаты.`,
          image: '/media/banners/fair-pc-ru.svg',
        },
      ]),
    )
    .onConflict((oc) => oc.columns(['type', 'code', 'locale']).doNothing())
    .execute();

  const devices = ['pc', 'tablet', 'mobile'] as const;
  // Only offers that exist: the first banner is the demo data's welcome offer (bonuses.seed.ts: 100% on the first
  // deposit), opening the welcome offers (a signed-in player is taken to their available bonuses).
  // A banner's name is what the app reads out for it (the image's alt text), so each language's row names it in
  // that language; `slug` picks the artwork.
  const banners = [
    {
      slug: 'welcome',
      names: {
        en: 'Welcome bonus: 100% on your first deposit',
        ru: 'Приветственный бонус: 100% на первый депозит',
      },
      link: '/bonuses',
      sort_order: -1,
    },
    {
      slug: 'fair',
      names: { en: 'Provably fair: check every result yourself', ru: 'Честная игра: проверьте любой результат сами' },
      link: '/fairness',
      sort_order: 0,
    },
    {
      slug: 'crash',
      names: { en: 'Crash: cash out before it flies away', ru: 'Краш: заберите выигрыш до взрыва' },
      link: '/section/game-block/originals',
      sort_order: 1,
    },
  ];
  // earlier installs named the seeded rows by their slug ('fair', 'crash'), which the app then read out in English:
  // give those seeded rows (still showing the seeded artwork) their names
  // (the welcome banner is new: the rows an earlier seed named 'welcome' promised an offer that did not exist then,
  // and stay switched off below)
  for (const b of banners.filter((x) => x.slug !== 'welcome'))
    for (const language_code of ['en', 'ru'] as const)
      await db
        .updateTable('info_banners')
        .set({ name: b.names[language_code] })
        .where('name', '=', b.slug)
        .where('language_code', '=', language_code)
        .where('image', 'like', `/media/banners/${b.slug}-%-${language_code}.%`)
        .execute();
  await db
    .insertInto('info_banners')
    .values(
      banners.flatMap((b) =>
        devices.flatMap((device_type) =>
          (['en', 'ru'] as const).map((language_code) => ({
            name: b.names[language_code],
            image: `/media/banners/${b.slug}-${device_type}-${language_code}.webp`,
            link: b.link,
            banner_type: 'home',
            language_code,
            device_type,
            sort_order: b.sort_order,
          })),
        ),
      ),
    )
    .onConflict((oc) => oc.columns(['name', 'banner_type', 'language_code', 'device_type']).doNothing())
    .execute();
  // Earlier installs seeded a "welcome bonus" banner promising 100% on the first deposit, an offer that does not
  // exist: switch off that seeded artwork (an operator's own banner of that name keeps its own image and stays).
  await db
    .updateTable('info_banners')
    .set({ is_active: false })
    .where('name', '=', 'welcome')
    .where('image', 'like', '/media/banners/welcome-%')
    .where('is_active', '=', true)
    .execute();

  await seedContentPages(db);
}

// demo data (db/demo-seeds.ts), run by seedAll on the embedded default's every start
export const informationalDemoSeed = declareDemoSeed({ name: 'informational', run: seedInformational });
