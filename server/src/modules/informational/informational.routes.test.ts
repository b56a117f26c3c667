import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';

describe('informational and configuration calls', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists currencies USD, EUR, then alphabetically', async () => {
    const res = await t.app.inject({ url: '/main-api/informational/all_currencies' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.currencies).toEqual(['USD', 'EUR', 'GBP', 'KGS', 'RUB', 'TON']);
    expect(body.items[0]).toMatchObject({ code: 'USD', symbol: '$', minor_unit_digits: 2 });
  });

  it('orders a newly added currency alphabetically after USD and EUR', async () => {
    await t.db.insertInto('info_currencies').values({ code: 'AMD', symbol: '֏', name: 'Armenian Dram', minor_unit_digits: 2 }).execute();
    const res = await t.app.inject({ url: '/main-api/informational/all_currencies' });
    expect(res.json().currencies.slice(0, 3)).toEqual(['USD', 'EUR', 'AMD']);
    await t.db.deleteFrom('info_currencies').where('code', '=', 'AMD').execute();
  });

  it('answers the default language', async () => {
    const res = await t.app.inject({ url: '/main-api/informational/default_language_code' });
    expect(res.json()).toEqual({ language_code: 'en' });
  });

  it('merges domain translations over the global ones', async () => {
    const global = await t.app.inject({ url: '/main-api/translations/en?domain=casino.example' });
    expect(global.statusCode).toBe(200);
    expect(global.json()['home.tagline']).toBe('Provably fair games, fast payouts');
    const nova = await t.app.inject({ url: '/main-api/translations/ru?domain=127.0.0.1' });
    expect(nova.json()['home.tagline']).toBe('Nova Bet: играй и выигрывай');
    expect(nova.json()['common.support_hours']).toBe('Поддержка отвечает круглосуточно');
  });

  it('refuses an unknown or malformed locale with a clear 4xx', async () => {
    const unknown = await t.app.inject({ url: '/main-api/translations/de' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toContain("Unknown language 'de'");
    const bad = await t.app.inject({ url: '/main-api/translations/EN_US!' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail).toMatch(/params\/locale/);
  });

  it('lists the public languages', async () => {
    const res = await t.app.inject({ url: '/main-api/translations/public?domain=localhost' });
    expect(res.json()).toEqual({
      languages: [{ code: 'en', name: 'English' }, { code: 'ru', name: 'Русский' }],
      default_language_code: 'en',
    });
  });

  it('shows two brands on two domains and the default elsewhere', async () => {
    const def = await t.app.inject({ url: '/main-api/ui_style/active?domain=localhost' });
    expect(def.json()).toMatchObject({ title: 'Lucky Star Casino', logo_img: '/media/brand/logo.svg' });
    expect(def.json().css_json['--brand-accent']).toBe('#7B3FE4');
    const nova = await t.app.inject({ url: '/main-api/ui_style/active?domain=127.0.0.1' });
    expect(nova.json()).toMatchObject({ title: 'Nova Bet' });
    const noDomain = await t.app.inject({ url: '/main-api/ui_style/active' });
    expect(noDomain.json().title).toBe('Lucky Star Casino');
  });

  it('lists SEO items', async () => {
    const res = await t.app.inject({ url: '/main-api/seo-settings/' });
    const items = res.json() as Array<{ type: string; code: string; locale: string }>;
    expect(items).toContainEqual(expect.objectContaining({ type: 'page', code: 'home', locale: 'ru' }));
  });

  it('filters banners by type, language and device', async () => {
    for (const device of ['pc', 'tablet', 'mobile']) {
      const res = await t.app.inject({ url: `/main-api/banners/?banner_type=home&language_code=en&device_type=${device}` });
      const items = res.json() as Array<{ device_type: string; language_code: string; image: string }>;
      expect(items.length).toBeGreaterThan(0);
      expect(items.every((b) => b.device_type === device && b.language_code === 'en')).toBe(true);
    }
    const bad = await t.app.inject({ url: '/main-api/banners/?device_type=fridge' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail).toMatch(/querystring\/device_type/);
  });

  it('serves the seeded banner images', async () => {
    const res = await t.app.inject({ url: '/media/banners/welcome-mobile-ru.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Приветственный бонус');
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await t.app.inject({ url: '/main-api/informational/all_currencies' });
    const tag = first.headers.etag as string;
    expect(tag).toBeTruthy();
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const second = await t.app.inject({ url: '/main-api/informational/all_currencies', headers: { 'if-none-match': tag } });
    expect(second.statusCode).toBe(304);
    expect(second.body).toBe('');
    const other = await t.app.inject({ url: '/main-api/informational/all_currencies', headers: { 'if-none-match': 'W/"nope"' } });
    expect(other.statusCode).toBe(200);
  });

  it('seeding again changes nothing', async () => {
    const before = await t.db.selectFrom('info_banners').select(({ fn }) => fn.countAll().as('n')).executeTakeFirstOrThrow();
    const { seedAll } = await import('../../db/seed');
    await seedAll(t.db);
    const after = await t.db.selectFrom('info_banners').select(({ fn }) => fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });
});
