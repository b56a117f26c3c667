import { z } from 'zod';
import { bonusTypes, contributionCategories, grantStatuses, wageringBase } from './bonuses.rules';

// Bonuses, promo codes (spec §3 Bonus, §7 Bonuses calls, issue 16). Amounts are major units (numbers), as in every
// player-facing contract; the server keeps minor units. Fields beyond the spec say what a player needs to read the
// terms in plain words (wagering, max bet, expiry, eligible games, contribution).
export * from './bonuses.rules';

const currencyLimits = z.record(z.string(), z.object({ min_dep: z.number(), max_dep: z.number().nullable() }));
const contribution = z.object({
  /** A category (`contributionCategories`) or one game's string id. */
  target: z.string(),
  percent: z.number().min(0).max(100),
});

/** The terms of an offer, as a player reads them (the same for an offer and for a grant made from it). */
export const bonusTerms = z.object({
  title: z.string(),
  description: z.string(),
  wagering_multiplier: z.number(),
  wagering_base: z.enum([wageringBase.bonus, wageringBase.depositAndBonus]),
  /** Max stake per bet while wagering, in the player's (or the listed) currency; null when none. */
  max_bet: z.number().nullable(),
  /** Max amount converted to real money; null when none. */
  max_conversion: z.number().nullable(),
  /** Days to activate a created grant, and days to complete wagering once credited. */
  claim_days: z.number().nullable(),
  wagering_days: z.number().nullable(),
  /** Max bonus for a deposit bonus; null when uncapped. */
  max_bonus: z.number().nullable(),
  contributions: z.array(contribution),
  /** Game string ids the bonus may be played on; empty means every game (within the contribution table). */
  eligible_games: z.array(z.string()),
});
export type BonusTerms = z.infer<typeof bonusTerms>;

/** A player's bonus (a grant). The spec's fields first, then ours. */
export const bonus = z.object({
  id: z.number(),
  type: z.enum(bonusTypes as [string, ...string[]]),
  status: z.enum(grantStatuses as [string, ...string[]]),
  bonus_percent: z.number().nullable(),
  currency_limits: currencyLimits,
  start_datetime: z.string(),
  no_deposit_bonus_amount: z.number().nullable(),
  fs_count_remaining: z.number().nullable(),
  /** Free rounds: how many, on which game, at which stake. */
  count: z.number().nullable(),
  game: z.string().nullable(),
  free_round_bet: z.number().nullable(),
  currency: z.string(),
  /** Bonus money credited by this grant (0 until credited). */
  amount: z.number(),
  wager_required: z.number(),
  wagered: z.number(),
  /** When a created grant can no longer be activated, or an active/wagering one expires; null when never. */
  expires_at: z.string().nullable(),
  terms: bonusTerms,
});
export type Bonus = z.infer<typeof bonus>;

/** GET /main-api/bonuses/my: the player's open bonuses (created, active, wagering), newest first. */
export const bonusesResponse = z.object({ deposit: z.array(bonus), free_rounds: z.array(bonus) });
export type BonusesResponse = z.infer<typeof bonusesResponse>;

/** An offer from a template, before any grant (the guest's /bonuses page). */
export const welcomeOffer = z.object({
  id: z.number(),
  type: z.enum(bonusTypes as [string, ...string[]]),
  bonus_percent: z.number().nullable(),
  currency_limits: currencyLimits,
  no_deposit_bonus_amount: z.number().nullable(),
  count: z.number().nullable(),
  game: z.string().nullable(),
  free_round_bet: z.number().nullable(),
  currency: z.string(),
  terms: bonusTerms,
});
export type WelcomeOffer = z.infer<typeof welcomeOffer>;
/** GET /main-api/bonuses/welcome?currency=: public welcome offers (deposit list with bonus_percent, free rounds with count). */
/** The language the titles are wanted in (the app's); a template without it answers in its own words. */
const languageQuery = z
  .string()
  .regex(/^[a-z]{2}$/)
  .optional();
export const welcomeQuery = z.object({ currency: z.string().regex(/^[A-Z]{3,5}$/), language: languageQuery });
export const myQuery = z.object({ language: languageQuery });
export const welcomeResponse = z.object({ deposit: z.array(welcomeOffer), free_rounds: z.array(welcomeOffer) });
export type WelcomeResponse = z.infer<typeof welcomeResponse>;

/**
 * POST /main-api/bonuses/promo-codes {code}: redeems a promo code; answers the bonus granted (201).
 * Sign-up takes the same code as `promo_code`, and the deposit form as `bonus_code`.
 */
export const promoCode = z
  .string()
  .trim()
  .min(2)
  .max(40)
  .regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, - and _');
export const redeemPromoBody = z.object({ code: promoCode });

/**
 * POST /main-api/bonuses/promo-codes/check {code}: what redeeming the code would do, said before it is done
 * (issue 28). `starts_now`: nothing else is in play, the bonus starts at once (a no-deposit bonus credited, free
 * rounds ready); `available`: a deposit offer, it waits under Available until the player activates it and deposits;
 * `queued`: another bonus is in play, so it waits under Available behind it and can be activated once that one ends
 * (wagering complete, expired or deleted), by `activate_by`. A code that cannot be redeemed answers the same refusal
 * as the redeem call would.
 */
export const promoOutcome = z.enum(['starts_now', 'available', 'queued']);
export type PromoOutcome = z.infer<typeof promoOutcome>;
export const promoCheck = z.object({
  code: z.string(),
  outcome: promoOutcome,
  /** What the code gives, in the player's currency. */
  offer: welcomeOffer,
  /** The bonus in play it would wait behind (`queued`), else null. */
  in_play: z
    .object({
      id: z.number(),
      type: z.enum(bonusTypes as [string, ...string[]]),
      title: z.string(),
      status: z.enum(grantStatuses as [string, ...string[]]),
      /** When it ends at the latest (its wagering or play window); null when it has none. */
      expires_at: z.string().nullable(),
    })
    .nullable(),
  /** The last moment the waiting offer can be activated (its claim window, from now); null when it has none. */
  activate_by: z.string().nullable(),
});
export type PromoCheck = z.infer<typeof promoCheck>;

export const bonusIdParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

export { contributionCategories };
