import { z } from 'zod';

// Levels (VIP; spec §3 Level, §5, §7 GET /main-api/levels and its public variant; issue 25). Amounts are major units:
// in the player's currency for a player, in the asked (else default) currency for a guest.

const currencyCode = z.string().regex(/^[A-Z]{3,5}$/, 'must be a currency code');
const languageCode = z.string().regex(/^[a-z]{2}(-[A-Za-z]{2,4})?$/, 'must be a language code');

/** What reaching a level gives, read in the shown currency (from the bonus engine's template, and the wheel). */
export const levelReward = z.object({
  /** The level_up bonus template granted on reaching the level, or null. */
  bonus_template_id: z.number().int().nullable(),
  /** Its type (welcome, next_deposit, no_deposit, free_rounds), null without one. */
  bonus_type: z.string().nullable(),
  /** A no-deposit bonus's amount in the shown currency, else null. */
  bonus_amount: z.number().nullable(),
  /** Wheel spins granted on reaching the level. */
  wheel_spins: z.number().int(),
});

/** A level as the spec names it (§3): its fields and the player's flags (all false for a guest). */
export const level = z.object({
  id: z.number().int(),
  order: z.number().int(),
  name: z.string(),
  description: z.string(),
  logo: z.string().nullable(),
  /** The amount to have wagered to reach this level, per currency (major units); the app reads the player's. */
  next_level_amount: z.record(z.string(), z.number()),
  /** This level's own cost in the shown currency: its threshold less the previous level's. */
  cost_level_amount: z.number(),
  /** Its threshold in the shown currency: the sum of every cost up to it. */
  cumulative_cost: z.number(),
  /** Free rounds its reward gives, null when none. */
  free_rounds_bonus: z.number().int().nullable(),
  /** The deposit bonus percent its reward gives, null when none. */
  dep_bonus: z.number().nullable(),
  reward: levelReward,
  current: z.boolean(),
  is_completed: z.boolean(),
  is_locked: z.boolean(),
  /** The card shows its back (rewards); the app turns it, the server always sends false. */
  flip: z.boolean(),
});
export type Level = z.infer<typeof level>;

/** The player's standing on the ladder; null for a guest. */
export const levelStanding = z.object({
  /** The current level's order (the Player's `level`). */
  level: z.number().int(),
  /** Real money wagered so far, with each game's contribution, in the player's currency. */
  wagered: z.number(),
  /** The next level's threshold in the player's currency; null at the last level. */
  next_level_amount: z.number().nullable(),
  /** What is left to wager to reach it; 0 at the last level. */
  left_amount: z.number(),
  /** Percent to the next level, at least 1 (100 at the last level). */
  progress: z.number().int(),
  is_max_level: z.boolean(),
});
export type LevelStanding = z.infer<typeof levelStanding>;

/** GET /main-api/levels (player) and GET /main-api/levels/public (guest). */
export const levelsView = z.object({
  currency: z.string(),
  items: z.array(level),
  standing: levelStanding.nullable(),
});
export type LevelsView = z.infer<typeof levelsView>;

export const levelsQuery = z.object({ language: languageCode.optional() });
export const publicLevelsQuery = z.object({ currency: currencyCode.optional(), language: languageCode.optional() });

/** The live `new_level` message: the level reached (the highest one, when a stake crossed several). */
export const newLevelData = z.object({
  level: z.number().int(),
  name: z.string(),
  logo: z.string().nullable(),
  /** Every order reached by the stake, ascending (one stake may cross several thresholds). */
  reached: z.array(z.number().int()),
  /** What those levels' rewards gave: bonuses granted (offered or started) and wheel spins; skipped ones count 0. */
  granted: z.object({ bonuses: z.number().int(), wheel_spins: z.number().int() }),
});
export type NewLevelData = z.infer<typeof newLevelData>;

// ---- operators

const texts = z.record(languageCode, z.string().trim().max(500));
const amount = z.number().min(0).max(1e12);

/** A level as an operator sets it: texts per language (`en` is required and the fallback), thresholds per currency. */
export const levelBody = z.object({
  order: z.number().int().min(1).max(1000),
  name: texts.refine((t) => !!t.en, 'must have an English name (en)'),
  description: texts.default({}),
  logo: z.string().trim().max(500).nullable().default(null),
  /** The amount to have wagered to reach the level, per currency, major units; the first level's are 0. */
  thresholds: z.record(currencyCode, amount),
  bonus_template_id: z.number().int().positive().nullable().default(null),
  wheel_spins: z.number().int().min(0).max(100).default(0),
  is_active: z.boolean().default(true),
});
export type LevelBody = z.infer<typeof levelBody>;

export const levelConfigView = levelBody.extend({
  id: z.number().int(),
  updated_by: z.string(),
  updated_at: z.string(),
});
export type LevelConfigView = z.infer<typeof levelConfigView>;

/** What share of a stake counts to levels, by game (string id) or category (house, slots, crash…). */
export const levelContribution = z.object({
  target: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, 'must be a game id or a category'),
  percent: z.number().min(0).max(100),
});
export const levelContributions = z.object({ items: z.array(levelContribution).max(200) });
export type LevelContributions = z.infer<typeof levelContributions>;
