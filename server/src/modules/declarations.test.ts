import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorCodes, isErrorCode, declareErrorCodes, type ErrorCode } from '@contracts/errors';
import { assertSettingsLoaded, declareSettings, declaredSettingKeys, loadConfig } from '../config';
import { seedAll } from '../db/seed';
import { declareDemoSeed, demoSeedOrder } from '../db/demo-seeds';
import { AppError } from '../lib/errors';
import { createTestDatabase } from '../../test/test-database';
import { exampleSeedRuns } from '../../test/example-module';
import {
  declareNotificationKinds,
  declaredNotificationKinds,
  notificationCategory,
  notificationLink,
  renderNotification,
} from './notifications';

// the example's settings are not in Config's type (example.declarations.ts says why): read them by name
const setting = (config: object, key: string) => (config as Record<string, unknown>)[key];

// Issue 23: a module declares its error codes, notification kinds and texts, settings and demo seed in its own folder,
// and the kit collects them: server/test/example-module is such a module, named in no central file, and appears in
// each catalogue once its door is loaded (db/seed.ts loads the real modules through the composition).
describe('what a module declares is collected without an edit to a central file', { timeout: 120_000 }, () => {
  it('its error codes: known to isErrorCode, typed for AppError', () => {
    const code: ErrorCode = 'EXAMPLE_REFUSED';
    expect(isErrorCode(code)).toBe(true);
    expect(errorCodes()).toContain('EXAMPLE_REFUSED');
    expect(new AppError(403, code, 'no').code).toBe('EXAMPLE_REFUSED');
    // the real modules' codes, moved out of contracts/errors.ts, are there as before
    expect(errorCodes()).toEqual(expect.arrayContaining(['TOURNAMENTS_NOT_FOUND', 'REFERRALS_OFF', 'WHEEL_COOLDOWN']));
    expect(isErrorCode('EXAMPLE_UNDECLARED')).toBe(false);
  });

  it('its notification kind: category, link and texts in each language', () => {
    expect(declaredNotificationKinds()).toContain('example_paid');
    const params = { payout_id: 7, amount: '5.00', currency: 'USD' };
    expect(notificationCategory('example_paid')).toBe('payment');
    expect(notificationLink({ kind: 'example_paid', params })).toBe('/example/7');
    expect(renderNotification('example_paid', params, 'ru')).toEqual({
      title: 'Пример выплачен',
      text: '5.00 USD на вашем балансе.',
    });
    expect(renderNotification('example_paid', params, 'de')).toEqual({
      title: 'Example paid',
      text: '5.00 USD is on your balance.',
    });
    // an undeclared kind cannot be sent (a programming error), and one stored earlier renders as its name
    expect(() => notificationCategory('example_unknown')).toThrow(/never declared/);
    expect(renderNotification('example_unknown', {}, 'en')).toEqual({ title: 'example_unknown', text: '' });
  });

  it('every kind the real modules tell is declared, in its own folder', () => {
    expect([...declaredNotificationKinds()].sort()).toEqual(
      [
        'bonus_converted',
        'bonus_expiring',
        'bonus_forfeited',
        'bonus_granted',
        'cashback_paid',
        'deposit_credited',
        'deposit_failed',
        'example_paid',
        'level_reached',
        'limit_raised',
        'limit_reached',
        'operator_message',
        'self_exclusion_confirmed',
        'self_exclusion_ended',
        'tournament_cancelled',
        'tournament_finished',
        'tournament_started',
        'withdrawal_paid',
        'withdrawal_rejected',
      ].sort(),
    );
  });

  it('its settings: read and checked by loadConfig with the platform’s', () => {
    expect(declaredSettingKeys()).toEqual(expect.arrayContaining(['EXAMPLE_PAYOUT_CAP', 'REFERRAL_SHARING']));
    expect(setting(loadConfig({}), 'EXAMPLE_PAYOUT_CAP')).toBe(100);
    expect(setting(loadConfig({ EXAMPLE_PAYOUT_CAP: '7' }), 'EXAMPLE_PAYOUT_CAP')).toBe(7);
    expect(() => loadConfig({ EXAMPLE_PAYOUT_CAP: '-1', PORT: 'x' })).toThrow(/PORT.*EXAMPLE_PAYOUT_CAP/);
    // a configuration read before the declarations were loaded stops start-up (composition.ts asserts it)
    const { EXAMPLE_PAYOUT_CAP: _dropped, ...early } = loadConfig({}) as unknown as Record<string, unknown>;
    expect(() => assertSettingsLoaded(early)).toThrow(/EXAMPLE_PAYOUT_CAP/);
    expect(() => assertSettingsLoaded(loadConfig({}))).not.toThrow();
  });

  it('its demo seed: run by seedAll, after the seeds it reads', async () => {
    const order = demoSeedOrder().map((s) => s.name);
    expect(order).toEqual(
      expect.arrayContaining(['informational', 'games', 'wheel', 'bonuses', 'tournaments', 'levels', 'cashback']),
    );
    expect(order.indexOf('levels')).toBeGreaterThan(order.indexOf('bonuses'));
    expect(order.indexOf('example')).toBeGreaterThan(order.indexOf('levels'));
    const database = await createTestDatabase();
    try {
      await seedAll(database.db);
      // it ran once, and the levels' rows were there when it did
      expect(exampleSeedRuns).toHaveLength(1);
      expect(exampleSeedRuns[0]!.levels).toBeGreaterThan(0);
    } finally {
      await database.close();
    }
  });

  it('refuses a second declaration of what another module declared', () => {
    const spec = { category: 'account', link: () => null, texts: { en: () => ({ title: '', text: '' }) } } as const;
    expect(() =>
      declareNotificationKinds({ level_reached: { ...spec, texts: { ...spec.texts, ru: spec.texts.en } } }),
    ).toThrow(/declared twice/);
    expect(() => declareErrorCodes({ NOT_FOUND: 'NOT_FOUND' })).toThrow(/platform/);
    expect(() => declareErrorCodes({ EXAMPLE_odd: 'EXAMPLE_odd' })).toThrow(/MODULE_REASON/);
    expect(() => declareSettings({ PORT: z.string() })).toThrow(/declared twice/);
    expect(() => declareDemoSeed({ name: 'levels', run: async () => {} })).toThrow(/declared twice/);
  });
});
