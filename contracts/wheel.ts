import { z } from 'zod';
import { intIdField } from './common';
import { WHEEL_MAX_SEGMENTS, WHEEL_MAX_TOTAL_WEIGHT, WHEEL_MIN_SEGMENTS } from './fairness/wheel';

// Wheel of fortune (issue 16; contracts/fairness/wheel.ts holds the maths). Amounts are major units in the player's
// currency, as in every player-facing contract.

const slug = z.string().regex(/^[a-z0-9][a-z0-9_-]{0,31}$/, 'must be a short slug: a-z, 0-9, - and _');
const labelKey = z.string().regex(/^[a-z0-9_]{1,40}$/, 'must be a label key: a-z, 0-9 and _');
const currencyCode = z.string().regex(/^[A-Z]{3,5}$/);

export const wheelPrize = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('nothing') }),
  z.object({ kind: z.literal('real_money'), amounts: z.record(currencyCode, z.number().positive()) }),
  z.object({ kind: z.literal('bonus_template'), template_id: intIdField() }),
  z.object({ kind: z.literal('free_rounds_template'), template_id: intIdField() }),
]);

/** A segment as an operator configures it. */
export const wheelSegmentConfig = z.object({
  id: slug,
  weight: z.number().int().min(1).max(WHEEL_MAX_TOTAL_WEIGHT),
  prize: wheelPrize,
  label_key: labelKey,
});

/** PUT /ops-api/wheel/config: the whole wheel, replaced atomically by a new version. */
export const wheelConfigBody = z.object({
  segments: z.array(wheelSegmentConfig).min(WHEEL_MIN_SEGMENTS).max(WHEEL_MAX_SEGMENTS),
  /** Hours between free spins; null: no free spin, only granted ones. */
  free_spin_every_hours: z
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .nullable(),
});
export type WheelConfigBody = z.infer<typeof wheelConfigBody>;

export const wheelConfigView = wheelConfigBody.extend({
  version: z.number().int(),
  created_by: z.string(),
  created_at: z.string(),
});
export type WheelConfigView = z.infer<typeof wheelConfigView>;

/** POST /ops-api/players/:id/wheel-spins. */
export const grantSpinsBody = z.object({
  count: z.number().int().min(1).max(100),
  reason: z.string().trim().min(1).max(200),
});

/**
 * What a bonus prize gives, in the player's currency, so the wheel names it in words (issue 28): a no-deposit
 * `amount`, a deposit bonus's `percent`, free rounds' `count` on `game`. Absent or null when not known.
 */
const prizeWords = {
  amount: z.number().nullable().optional(),
  currency: z.string().optional(),
  percent: z.number().nullable().optional(),
  count: z.number().nullable().optional(),
  game: z.string().nullable().optional(),
};
/** A prize as the player reads it: real money already in the player's currency. */
export const wheelPrizeView = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('nothing') }),
  z.object({ kind: z.literal('real_money'), amount: z.number(), currency: z.string() }),
  z.object({ kind: z.literal('bonus_template'), template_id: z.number(), ...prizeWords }),
  z.object({ kind: z.literal('free_rounds_template'), template_id: z.number(), ...prizeWords }),
]);
export type WheelPrizeView = z.infer<typeof wheelPrizeView>;

export const wheelSegmentView = z.object({
  id: z.string(),
  label_key: z.string(),
  weight: z.number().int(),
  /** weight / Σ weights, published next to the wheel. */
  probability: z.number(),
  prize: wheelPrizeView,
});
export type WheelSegmentView = z.infer<typeof wheelSegmentView>;

/** GET /main-api/wheel. */
export const wheelView = z.object({
  /** false: no wheel configured, or it holds prizes this server cannot pay (WHEEL_NOT_AVAILABLE on a spin). */
  is_available: z.boolean(),
  version: z.number().int(),
  segments: z.array(wheelSegmentView),
  /** Free spin now (0 or 1) + granted spins. */
  spins_available: z.number().int(),
  granted_spins: z.number().int(),
  /** When the next free spin opens; null when one is open now or free spins are off. */
  next_free_spin_at: z.string().nullable(),
  /** SHA-256 of the secret server seed the next spin will use (committed before the spin). */
  server_seed_hash: z.string(),
  client_seed: z.string(),
  nonce: z.number().int(),
});
export type WheelView = z.infer<typeof wheelView>;

/** POST /main-api/wheel/spin. The client seed, when given, is used by this spin and kept for the next ones. */
export const wheelSpinBody = z.object({
  client_seed: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[\x21-\x7e]+$/, 'printable ASCII without spaces')
    .optional(),
});
export type WheelSpinBody = z.infer<typeof wheelSpinBody>;

/**
 * Why a spin paid nothing although its segment names a prize: `not_offered`, the prize is not offered to the player
 * now (a currency the segment does not pay in, a bonus switched off, its budget spent, not given in the currency) and
 * the wheel showed it as nothing; `not_granted`, the bonus engine could not grant it when the spin landed (its budget
 * went to a spin at the same moment, another bonus started meanwhile).
 */
export const wheelUnpaidReason = z.enum(['not_offered', 'not_granted']);
export type WheelUnpaidReason = z.infer<typeof wheelUnpaidReason>;

export const wheelSpinResult = z.object({
  spin_id: z.number().int(),
  version: z.number().int(),
  segment_index: z.number().int(),
  segment_id: z.string(),
  prize: wheelPrizeView,
  /** The bonus engine's grant for a bonus prize; null otherwise. */
  bonus_grant_id: z.number().nullable(),
  /** Set when the segment names a prize this spin could not pay: the spin paid nothing (prize `nothing`). */
  unpaid_reason: wheelUnpaidReason.nullable().optional(),
  /** Revealed: SHA-256 of it is server_seed_hash, shown before the spin. */
  server_seed: z.string(),
  server_seed_hash: z.string(),
  client_seed: z.string(),
  nonce: z.number().int(),
  /** The weights the outcome was derived from (the verify page needs them). */
  weights: z.array(z.number().int()),
  /** The commitment of the next spin's seed. */
  next_server_seed_hash: z.string(),
  spins_available: z.number().int(),
  next_free_spin_at: z.string().nullable(),
});
export type WheelSpinResult = z.infer<typeof wheelSpinResult>;

/** One of the player's past spins, with what verifying it needs. */
export const wheelSpinRecord = z.object({
  spin_id: z.number().int(),
  created_at: z.string(),
  version: z.number().int(),
  segment_index: z.number().int(),
  /** What the spin paid. */
  prize: wheelPrizeView,
  unpaid_reason: wheelUnpaidReason.nullable().optional(),
  server_seed: z.string(),
  server_seed_hash: z.string(),
  client_seed: z.string(),
  nonce: z.number().int(),
  weights: z.array(z.number().int()),
});
export type WheelSpinRecord = z.infer<typeof wheelSpinRecord>;
/** GET /main-api/wheel/spins: the latest spins, newest first. */
export const wheelSpinsResponse = z.object({ items: z.array(wheelSpinRecord) });
export type WheelSpinsResponse = z.infer<typeof wheelSpinsResponse>;
