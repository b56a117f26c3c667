import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/fixtures';

describe('informational and configuration calls', () => {
  const t = useTestApp();

  it('lists currencies USD, EUR, then alphabetically', async () => {
    const res = await t.app.inject({ url: '/main-api/informational/all_currencies' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.currencies).toEqual(['USD', 'EUR', 'GBP', 'KGS', 'RUB', 'TON']);
    expect(body.items[0]).toMatchObject({ code: 'USD', symbol: '$', minor_unit_digits: 2 });
  });

  it('orders a newly added currency alphabetically after USD and EUR', async () => {
    await t.db
      .insertInto('info_currencies')
      .values({ code: 'AMD', symbol: '֏', name: 'Armenian Dram', minor_unit_digits: 2 })
      .execute();
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
      languages: [
        { code: 'en', name: 'English' },
        { code: 'ru', name: 'Русский' },
      ],
      default_language_code: 'en',
    });
  });

  it('shows two brands on two domains and the default elsewhere', async () => {
    const def = await t.app.inject({ url: '/main-api/ui_style/active?domain=localhost' });
    expect(def.json()).toMatchObject({ title: 'Lucky Star Casino', logo_img: '/media/brand/logo.webp' });
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
      const res = await t.app.inject({
        url: `/main-api/banners/?banner_type=home&language_code=en&device_type=${device}`,
      });
      const items = res.json() as Array<{ device_type: string; language_code: string; image: string }>;
      expect(items.length).toBeGreaterThan(0);
      expect(items.every((b) => b.device_type === device && b.language_code === 'en')).toBe(true);
    }
    for (const [given, device] of [
      ['PC', 'pc'],
      ['Tablet', 'tablet'],
      ['Mobile', 'mobile'],
      ['MOBILE', 'mobile'],
    ]) {
      const res = await t.app.inject({ url: `/main-api/banners/?banner_type=home&device_type=${given}` });
      expect(res.statusCode, given).toBe(200);
      const items = res.json() as Array<{ device_type: string }>;
      expect(items.length).toBeGreaterThan(0);
      expect(items.every((b) => b.device_type === device)).toBe(true);
    }
    const bad = await t.app.inject({ url: '/main-api/banners/?device_type=fridge' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail).toMatch(/querystring\/device_type/);
  });

  it('serves the seeded banner images, and promises no offer that does not exist', async () => {
    const res = await t.app.inject({ url: '/main-api/banners/?banner_type=home' });
    const items = res.json() as Array<{ name: string; image: string; link: string }>;
    expect(items.map((b) => b.name)).not.toContain('welcome');
    // the one banner that promises a bonus opens the welcome offers, where that offer is on the list
    const offers = await t.app.inject({ url: '/main-api/bonuses/welcome?currency=USD' });
    expect(offers.statusCode).toBe(200);
    const deposit = (offers.json() as { deposit: Array<{ bonus_percent: number | null }> }).deposit;
    for (const b of items) {
      const image = await t.app.inject({ url: b.image });
      expect(image.statusCode, b.image).toBe(200);
      if (/bonus|бонус|100 ?%/i.test(image.body)) {
        expect(b.link, b.image).toBe('/bonuses');
        expect(image.body, b.image).toMatch(/100 ?%/);
        expect(deposit.map((o) => o.bonus_percent)).toContain(100);
      }
    }
    expect(items.filter((b) => b.link === '/bonuses')).toHaveLength(6); // 3 devices × 2 languages
    const ru = await t.app.inject({ url: '/media/banners/fair-mobile-ru.svg' });
    expect(ru.body).toContain('Честная игра');
  });

  it('switches off the bonus banner an earlier seed left active', async () => {
    await t.db
      .insertInto('info_banners')
      .values({
        name: 'welcome',
        image: '/media/banners/welcome-pc-en.svg',
        link: '/auth/signup',
        banner_type: 'home',
        language_code: 'en',
        device_type: 'pc',
      })
      .onConflict((oc) => oc.columns(['name', 'banner_type', 'language_code', 'device_type']).doNothing())
      .execute();
    const { seedAll } = await import('../../db/seed');
    await seedAll(t.db);
    const res = await t.app.inject({ url: '/main-api/banners/?banner_type=home&device_type=pc&language_code=en' });
    expect((res.json() as Array<{ name: string }>).map((b) => b.name)).toEqual([
      'Welcome bonus: 100% on your first deposit',
      'Provably fair: check every result yourself',
      'Crash: cash out before it flies away',
    ]);
  });

  it('names each seeded banner in its language (the app reads the name out), also rows an earlier seed named by slug', async () => {
    // an earlier seed named its rows 'fair' and 'crash' in every language
    await t.db
      .updateTable('info_banners')
      .set({ name: 'fair' })
      .where('image', 'like', '/media/banners/fair-%')
      .execute();
    const { seedAll } = await import('../../db/seed');
    await seedAll(t.db);
    const ru = await t.app.inject({ url: '/main-api/banners/?banner_type=home&device_type=mobile&language_code=ru' });
    expect((ru.json() as Array<{ name: string }>).map((b) => b.name)).toEqual([
      'Приветственный бонус: 100% на первый депозит',
      'Честная игра: проверьте любой результат сами',
      'Краш: заберите выигрыш до взрыва',
    ]);
    const all = await t.app.inject({ url: '/main-api/banners/?banner_type=home' });
    expect((all.json() as Array<{ name: string }>).filter((b) => b.name === 'fair')).toEqual([]);
    expect(all.json()).toHaveLength(18); // 3 banners × 3 devices × 2 languages, nothing seeded twice
  });

  describe('content pages', () => {
    const ops = () => ({ authorization: `Bearer ${t.secrets.ops}`, 'x-operator': 'alice' });

    // issue 28, item 3: the support page is the Support link's default target outside Telegram
    it('serves the default terms, privacy, responsible gambling, licence and support texts in English and Russian', async () => {
      for (const slug of ['terms', 'privacy', 'responsible-gambling', 'licence', 'support']) {
        for (const locale of ['en', 'ru']) {
          const res = await t.app.inject({
            url: `/main-api/content-pages/${slug}?locale=${locale}&domain=casino.example`,
          });
          expect(res.statusCode, `${slug} ${locale}`).toBe(200);
          const page = res.json();
          expect(page).toMatchObject({ slug, locale, domain: '' });
          expect(page.title.length).toBeGreaterThan(3);
          expect(page.body.length).toBeGreaterThan(60);
        }
      }
      const ru = await t.app.inject({ url: '/main-api/content-pages/terms?locale=ru' });
      expect(ru.json().title).toBe('Правила и условия');
      const fallback = await t.app.inject({ url: '/main-api/content-pages/terms?locale=ky' });
      expect(fallback.json()).toMatchObject({ locale: 'en', title: 'Terms and conditions' });
      const unknown = await t.app.inject({ url: '/main-api/content-pages/cookies' });
      expect(unknown.statusCode).toBe(422);
    });

    it('lets the operator edit a brand’s page, records who did, and leaves other brands on the default', async () => {
      const refused = await t.app.inject({
        method: 'PUT',
        url: '/ops-api/content-pages/licence',
        payload: { domain: 'nova.example', locale: 'en', title: 'Licence', body: 'x' },
      });
      expect(refused.statusCode).toBe(401);
      const saved = await t.app.inject({
        method: 'PUT',
        url: '/ops-api/content-pages/licence',
        headers: ops(),
        payload: {
          domain: 'Nova.Example',
          locale: 'en',
          title: 'Licence',
          body: 'Licensed by the Test Gaming Authority, No. 1234.',
        },
      });
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toMatchObject({ domain: 'nova.example', slug: 'licence' });
      const nova = await t.app.inject({ url: '/main-api/content-pages/licence?locale=en&domain=nova.example' });
      expect(nova.json().body).toBe('Licensed by the Test Gaming Authority, No. 1234.');
      const other = await t.app.inject({ url: '/main-api/content-pages/licence?locale=en&domain=other.example' });
      expect(other.json().body).not.toContain('1234');
      const list = await t.app.inject({ url: '/ops-api/content-pages', headers: ops() });
      expect(list.json()).toContainEqual(
        expect.objectContaining({ slug: 'licence', domain: 'nova.example', locale: 'en', updated_by: 'alice' }),
      );
      const audit = await t.app.inject({ url: '/ops-api/audit', headers: ops() });
      expect(audit.json()[0]).toMatchObject({ action: 'content_page_saved', actor: 'alice' });
      const badLocale = await t.app.inject({
        method: 'PUT',
        url: '/ops-api/content-pages/terms',
        headers: ops(),
        payload: { locale: 'de', title: 'AGB', body: 'Text' },
      });
      expect(badLocale.statusCode).toBe(404);
    });
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await t.app.inject({ url: '/main-api/informational/all_currencies' });
    const tag = first.headers.etag as string;
    expect(tag).toBeTruthy();
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const second = await t.app.inject({
      url: '/main-api/informational/all_currencies',
      headers: { 'if-none-match': tag },
    });
    expect(second.statusCode).toBe(304);
    expect(second.body).toBe('');
    const other = await t.app.inject({
      url: '/main-api/informational/all_currencies',
      headers: { 'if-none-match': 'W/"nope"' },
    });
    expect(other.statusCode).toBe(200);
  });

  it('seeding again changes nothing', async () => {
    const before = await t.db
      .selectFrom('info_banners')
      .select(({ fn }) => fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const { seedAll } = await import('../../db/seed');
    await seedAll(t.db);
    const after = await t.db
      .selectFrom('info_banners')
      .select(({ fn }) => fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });
});
