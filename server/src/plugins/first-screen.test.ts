import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authTexts } from '../../../src/features/auth/auth.locales';
import { bonusesTexts } from '../../../src/features/bonuses/bonuses.locales';
import { levelsTexts } from '../../../src/features/levels/levels.locales';
import { profileTexts } from '../../../src/features/profile/profile.locales';
import { en } from '../../../src/shared/i18n/locales.en';
import { ru } from '../../../src/shared/i18n/locales.ru';
import { createTestApp, type TestApp } from '../../test/test-app';
import { FIRST_SCREEN_TEXTS, pageFirstScreen } from './first-screen';

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
    }
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
