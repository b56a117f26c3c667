import { z } from 'zod';

// Cashback (issue 25, spec §3/§5/§7): a percentage of a player's REAL net loss (real stakes − real refunds − real
// wins, bonus money excluded) over a period, paid automatically as real money when the period closes. Player-facing
// amounts are major units in the player's currency (the default currency for a guest); operator amounts are minor
// units as decimal strings (`*_minor`), as in the bonus engine.

const currencyCode = z.string().regex(/^[A-Z]{3,5}$/);
const minor = z.string().regex(/^(0|[1-9][0-9]{0,17})$/, 'must be a whole number of minor units');

export const cashbackFrequencies = ['daily', 'weekly', 'monthly'] as const;
export type CashbackFrequency = (typeof cashbackFrequencies)[number];

/** When a period ends and is paid: weekly's payout_day is 1–7 (7 is Sunday), monthly's 1–31 (31 → a month's last day). */
export const cashbackSchedule = z
  .object({
    frequency: z.enum(cashbackFrequencies),
    /** weekly: 1 (Monday) … 7 (Sunday); monthly: 1 … 31 (past a month's end: its last day); daily: null. */
    payout_day: z.number().int().min(1).max(31).nullable(),
    payout_hour: z.number().int().min(0).max(23),
    /** One IANA time zone until brands exist. */
    time_zone: z.string().min(1).max(64),
  })
  .superRefine((s, ctx) => {
    if (s.frequency === 'daily' && s.payout_day !== null)
      ctx.addIssue({ code: 'custom', path: ['payout_day'], message: 'a daily payout has no payout_day' });
    if (s.frequency === 'weekly' && (s.payout_day === null || s.payout_day > 7))
      ctx.addIssue({ code: 'custom', path: ['payout_day'], message: 'weekly: 1 (Monday) to 7 (Sunday)' });
    if (s.frequency === 'monthly' && s.payout_day === null)
      ctx.addIssue({ code: 'custom', path: ['payout_day'], message: 'monthly: 1 to 31' });
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: s.time_zone });
    } catch {
      ctx.addIssue({ code: 'custom', path: ['time_zone'], message: 'not an IANA time zone' });
    }
  });
export type CashbackSchedule = z.infer<typeof cashbackSchedule>;

/** What a currency's players get: per level the minimum sum of real stakes, the minimum net loss paid, the cap. */
export const cashbackCurrencySettings = z.object({
  /** One per level, in the levels' order, non-decreasing: the level's min_bet_sum. */
  min_bet_sum_minor: z.array(minor).min(1).max(20),
  /** A period whose net loss is below this pays nothing. */
  min_loss_minor: minor,
  /** The most one period pays; null: no cap. */
  max_cashback_minor: minor.nullable(),
});

/** PUT /ops-api/cashback/settings: the whole configuration, a new version (a period records the version it used). */
export const cashbackSettingsBody = z
  .object({
    is_enabled: z.boolean(),
    /** Cashback levels, lowest first: the percentage of net loss paid (0–100, two decimals at most). */
    levels: z
      .array(z.object({ percentage: z.number().min(0).max(100).multipleOf(0.01) }))
      .min(1)
      .max(20),
    schedule: cashbackSchedule,
    currencies: z.record(currencyCode, cashbackCurrencySettings),
  })
  .superRefine((s, ctx) => {
    for (const [code, c] of Object.entries(s.currencies)) {
      if (c.min_bet_sum_minor.length !== s.levels.length)
        ctx.addIssue({
          code: 'custom',
          path: ['currencies', code, 'min_bet_sum_minor'],
          message: `one per level (${s.levels.length})`,
        });
      for (let i = 1; i < c.min_bet_sum_minor.length; i++)
        if (BigInt(c.min_bet_sum_minor[i]!) < BigInt(c.min_bet_sum_minor[i - 1]!))
          ctx.addIssue({
            code: 'custom',
            path: ['currencies', code, 'min_bet_sum_minor', i],
            message: 'must not be below the level before',
          });
    }
  });
export type CashbackSettingsBody = z.infer<typeof cashbackSettingsBody>;

export const cashbackSettingsVersion = cashbackSettingsBody.and(
  z.object({ version: z.number().int(), created_by: z.string(), created_at: z.string() }),
);
export type CashbackSettingsVersion = z.infer<typeof cashbackSettingsVersion>;

/** GET /main-api/platform-config/cashback_settings (spec §3): in the player's currency, a guest's the default one. */
export const cashbackSettings = z.object({
  is_enabled: z.boolean(),
  levels: z.array(z.object({ percentage: z.number(), min_bet_sum_amount: z.number() })),
  schedule: z
    .object({
      frequency: z.enum(cashbackFrequencies),
      payout_day: z.number().nullable(),
      payout_hour: z.number(),
      time_zone: z.string(),
    })
    .nullable(),
  currency: z.string(),
  /** The currencies cashback is offered in. */
  all_currencies: z.array(z.string()),
  min_loss_amount: z.number().nullable(),
  max_cashback_amount: z.number().nullable(),
  /** The end of the current period, when it is paid (ISO); null when cashback is off. */
  next_payout_at: z.string().nullable(),
  version: z.number().int(),
});
export type CashbackSettings = z.infer<typeof cashbackSettings>;

/** GET /main-api/cashback/info (spec §3): the player's current period. */
export const cashbackInfo = z.object({
  current_level_info: z.object({
    percentage: z.number(),
    /** Paid at the next payout for a period already ended (waiting for its payout); null when none. */
    pending_cashback_amount: z.number().nullable(),
  }),
  /** The next level; percentage 0 and min_bet_sum_amount 0 at the top level. */
  next_level_info: z.object({ percentage: z.number(), min_bet_sum_amount: z.number() }),
  total_real_balance_net_loss: z.number(),
  total_real_balance_spent: z.number(),
  total_real_balance_won: z.number(),
  currency: z.string(),
  min_loss_amount: z.number().nullable(),
  max_cashback_amount: z.number().nullable(),
  period_start: z.string().nullable(),
  period_end: z.string().nullable(),
});
export type CashbackInfo = z.infer<typeof cashbackInfo>;

/** One received cashback (spec §3): a history row and the live `cashback` message's data. */
export const receivedCashback = z.object({
  id: z.number().int(),
  cashback_amount: z.number(),
  currency: z.string(),
  cashback_percentage: z.number(),
  max_cashback_amount: z.number().nullable(),
  frequency: z.enum(cashbackFrequencies),
  period_start: z.string(),
  period_end: z.string(),
  net_loss_amount: z.number(),
  paid_at: z.string(),
});
export type ReceivedCashback = z.infer<typeof receivedCashback>;

export const cashbackHistoryQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export const cashbackHistory = z.object({ items: z.array(receivedCashback), total: z.number().int() });
export type CashbackHistory = z.infer<typeof cashbackHistory>;
