import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authTexts } from '../../../src/features/auth/auth.locales';
import { bonusesTexts } from '../../../src/features/bonuses/bonuses.locales';
import { cashbackTexts } from '../../../src/features/cashback/cashback.locales';
import type { CashbackSettings } from '@contracts/cashback';
import { levelsTexts } from '../../../src/features/levels/levels.locales';
import { profileTexts } from '../../../src/features/profile/profile.locales';
import { tournamentsTexts } from '../../../src/features/tournaments/tournaments.locales';
import type { Tournament } from '@contracts/tournaments';
import { en } from '../../../src/shared/i18n/locales.en';
import { ru } from '../../../src/shared/i18n/locales.ru';
import { createTestApp, type TestApp } from '../../test/test-app';
import { FIRST_SCREEN_TEXTS, money, pageFirstScreen } from './first-screen';

// Issue 28 item 17: the server draws the first screen of sign-up, /bonuses and the profile's personal data, in the
// player's language, with the app's own texts; and a game the catalogue does not have answers 404.
const INDEX = `<!doctype html>
<html lang="en">
  <head><!--seo--><title>Casino</title><!--/seo--></head>
  <body><div id="root"><!--shell--><div class="boot-header"></div><!--/shell--></div></body>
</html>`;

describe('the server-drawn first screens', () => {
  it('use the app’s own texts, in both languages', () => {
    const app = { en, ru } as const;
    const auth = authTexts;
    for (const lng of ['en', 'ru'] as const) {
      const t = FIRST_SCREEN_TEXTS[lng];
      const a = auth[lng].auth;
      const profile = profileTexts[lng].profile;
      expect(t.signup).toBe(app[lng].pages.signup);
      expect([t.email, t.password, t.password_rule, t.currency, t.promo_code, t.sign_up, t.have_account]).toEqual([
        a.email,
        a.password,
        a.password_rule,
        a.currency,
        a.promo_code,
        a.sign_up,
        a.have_account,
      ]);
      expect(t.accept_terms).toBe(a.accept_terms_linked.replace(/<\/?\w+>/g, ''));
      expect(t.sign_in).toBe(app[lng].common.sign_in);
      expect(t.welcome_title).toBe(bonusesTexts[lng].bonuses.welcome_title);
      expect(t.welcome_intro).toBe(bonusesTexts[lng].bonuses.welcome_intro);
      expect(t.profile_sections).toEqual([app[lng].pages.general, app[lng].pages.history, app[lng].pages.promotions]);
      expect(t.profile_general).toEqual(
        (['me', 'verification', 'security', 'notifications', 'preferences', 'limits'] as const).map(
          (p) => app[lng].pages[p],
        ),
      );
      expect(t.levels_title).toBe(levelsTexts[lng].levels.title);
      expect(t.levels_intro).toBe(levelsTexts[lng].levels.guest_intro);
      expect(t.me_intro).toBe(profile.me_intro);
      expect(t.me_fields).toEqual([profile.name, profile.last_name, profile.username, profile.email, profile.tel]);
      const cashback = cashbackTexts[lng].cashback;
      for (const [key, text] of Object.entries(t.cashback))
        expect(text, key).toEqual(cashback[key as keyof typeof cashback]);
      const tournaments = tournamentsTexts[lng].tournaments;
      for (const [key, text] of Object.entries(t.tournament.tabs))
        expect(text, key).toBe(tournaments.tabs[key as keyof typeof tournaments.tabs]);
      expect(t.tournament.status).toEqual(tournaments.status);
    }
  });

  // src/shared/lib/money-format.ts formatMoney's answers for the same amounts (its module reads the page's <html lang>,
  // so the server's tests cannot import it: these are its outputs, 2026-11-27, Node's ICU)
  it('write money as the app does', () => {
    for (const [amount, currency, locale, text] of [
      [1234.5, 'USD', 'en', '$1,234.50'],
      [0.1, 'EUR', 'en', '\u20ac0.10'],
      [1000000, 'RUB', 'en', '\u20bd1,000,000.00'],
      [12.3456, 'TON', 'en', '12.3456\u00a0TON'],
      [5, 'JPY', 'en', '\u00a55.00'],
      [1234.5, 'USD', 'ru', '1\u00a0234,50\u00a0$'],
      [0.1, 'EUR', 'ru', '0,10\u00a0\u20ac'],
      [1000000, 'RUB', 'ru', '1\u00a0000\u00a0000,00\u00a0\u20bd'],
      [12.3456, 'TON', 'ru', '12,3456\u00a0TON'],
      [5, 'JPY', 'ru', '5,00\u00a0\u00a5'],
    ] as const)
      expect(money(amount, currency, locale), `${amount} ${currency} ${locale}`).toBe(text);
  });

  const settings: CashbackSettings = {
    is_enabled: true,
    levels: [
      { percentage: 5, min_bet_sum_amount: 0 },
      { percentage: 10, min_bet_sum_amount: 1000 },
    ],
    schedule: { frequency: 'weekly', payout_day: 1, payout_hour: 9, time_zone: 'UTC' },
    currency: 'USD',
    all_currencies: ['USD'],
    min_loss_amount: 10,
    max_cashback_amount: 500,
    next_payout_at: '2026-11-30T09:00:00.000Z',
    version: 1,
  };

  it('draw /cashback from the cashback settings, and nothing without them', () => {
    const en = pageFirstScreen('/cashback', 'en', { cashback: settings })!;
    expect(en).toContain('<h1>Cashback</h1>');
    expect(en).toContain('Get back up to 10 % of your net loss in real money. Paid automatically, no claim needed: ');
    expect(en).toContain('every Monday at 09:00 (UTC).');
    expect(en).toContain('The more you stake with real money in a period, the higher your percentage.');
    expect(en).toContain('10 % · from $1,000.00 staked');
    expect(en).toContain('At least $10.00 of net loss; at most $500.00 a period. Net loss is real stakes');
    const ru = pageFirstScreen('/cashback', 'ru', { cashback: { ...settings, max_cashback_amount: null } })!;
    expect(ru).toContain('<h1>Кешбэк</h1>');
    expect(ru).toContain('каждую неделю, понедельник, в 09:00 (UTC)');
    expect(ru).toContain('Не меньше 10,00\u00a0$ чистого проигрыша. Чистый проигрыш');
    // no data, cashback off or without a schedule: the app draws the page (or its own refusal) alone
    expect(pageFirstScreen('/cashback', 'en')).toBeNull();
    expect(pageFirstScreen('/cashback', 'en', { cashback: { ...settings, is_enabled: false } })).toBeNull();
    expect(pageFirstScreen('/cashback', 'en', { cashback: { ...settings, schedule: null } })).toBeNull();
  });

  it('draw a tournament’s info tab from the tournament, and nothing for another id or tab', () => {
    const tm = {
      id: 7,
      name: 'Weekly <race>',
      description: 'Every bet counts & the top places share the prizes.',
      status: 'ongoing',
      is_cancelled: false,
    } as Tournament;
    const en = pageFirstScreen('/tournament/7/info', 'en', { tournament: tm })!;
    expect(en).toContain('<h1>Weekly &lt;race&gt;</h1><b>On now</b>');
    expect(en).toContain('<span>Info</span><span>Leaders</span><span>Available</span>');
    expect(en).toContain('<p>Every bet counts &amp; the top places share the prizes.</p>');
    const ru = pageFirstScreen('/tournament/7/info/', 'ru', { tournament: { ...tm, is_cancelled: true } })!;
    expect(ru).toContain('<b>Отменён</b>');
    expect(ru).toContain('<span>Условия</span>');
    expect(pageFirstScreen('/tournament/7/info', 'en', { tournament: { ...tm, description: '' } })).not.toContain(
      '<p>',
    );
    for (const path of ['/tournament/8/info', '/tournament/7/leaderboard', '/tournament/7', '/tournament/x/info'])
      expect(pageFirstScreen(path, 'en', { tournament: tm }), path).toBeNull();
    expect(pageFirstScreen('/tournament/7/info', 'en')).toBeNull();
  });

  it('are drawn for their pages only, hidden from assistive technology', () => {
    expect(pageFirstScreen('/auth/signup', 'en')).toContain('aria-hidden="true"');
    expect(pageFirstScreen('/auth/signup/', 'ru')).toContain('Регистрация');
    expect(pageFirstScreen('/bonuses', 'de')).toContain('Welcome offers'); // an unknown language: English
    expect(pageFirstScreen('/profile/general/me', 'en')).toContain('Your personal data');
    expect(pageFirstScreen('/levels', 'ru')).toContain('<h1>Уровни</h1>');
    for (const path of ['/', '/auth/login', '/profile/general/limits', '/cashbox/deposit', '/bonusesx'])
      expect(pageFirstScreen(path, 'en'), path).toBeNull();
  });
});

describe('the served HTML (issue 28 item 17, item 11)', () => {
  let dir: string;
  let t: TestApp;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'first-screen-'));
    const root = join(dir, 'app');
    mkdirSync(root, { recursive: true });
    writeFileSync(join(root, 'index.html'), INDEX);
    t = await createTestApp({ env: { APP_DIST_DIR: root } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('carries the first screen of sign-up, /bonuses and the profile in the cookie’s language', async () => {
    const signup = await t.app.inject({ url: '/auth/signup' });
    expect(signup.body).toContain('<h1>Sign up</h1>');
    expect(signup.body).toContain('I am 18 or older and accept the terms and conditions and the privacy policy');
    const bonuses = await t.app.inject({ url: '/bonuses', headers: { cookie: 'locale=ru' } });
    expect(bonuses.body).toContain('<h1>Приветственные бонусы</h1>');
    const profile = await t.app.inject({ url: '/profile/general/me' });
    expect(profile.body).toContain('Your personal data');
    const home = await t.app.inject({ url: '/' });
    expect(home.body).not.toContain('boot-form');
  });

  it('carries /cashback drawn from the settings a guest reads from the API', async () => {
    const settings = (
      await t.app.inject({ url: '/main-api/platform-config/cashback_settings' })
    ).json<CashbackSettings>();
    expect(settings.is_enabled).toBe(true); // the demo seed's weekly cashback
    const page = await t.app.inject({ url: '/cashback' });
    expect(page.body).toContain(pageFirstScreen('/cashback', 'en', { cashback: settings })!);
    expect(page.body).toContain('<h1>Cashback</h1>');
  });

  it('carries a tournament’s info drawn from the tournament a guest reads, in the cookie’s language', async () => {
    const [first] = (await t.app.inject({ url: '/main-api/tournaments/available?language=ru' })).json<Tournament[]>(); // the demo seed's weekly race
    expect(first?.description).toBeTruthy();
    const tm = (await t.app.inject({ url: `/main-api/tournaments/${first!.id}?language=ru` })).json<Tournament>();
    const page = await t.app.inject({ url: `/tournament/${tm.id}/info`, headers: { cookie: 'locale=ru' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(pageFirstScreen(`/tournament/${tm.id}/info`, 'ru', { tournament: tm })!);
    expect(page.body).toContain('<h1>Недельная гонка</h1>');
    // another tab, an id there is no tournament for, and an id that is no number: the app's page alone
    for (const url of [`/tournament/${tm.id}/leaderboard`, '/tournament/999999/info', '/tournament/1e9/info']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.body, url).not.toContain('boot-form');
    }
  });

  it('answers 404 for a game the catalogue does not have, 200 for one it has', async () => {
    for (const url of ['/game/no-such-game', '/game/no-such-game/demo']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain('<meta name="robots" content="noindex" />');
    }
    for (const url of ['/game/house-dice', '/game/house-dice/demo'])
      expect((await t.app.inject({ url })).statusCode, url).toBe(200);
  });
});
