import { z } from 'zod';
import { intId, intIdField } from '../common';
import {
  bonusTriggers,
  bonusTypes,
  freeRoundGames,
  grantStatuses,
  wageringBase,
  type BonusTrigger,
  type BonusType,
  type GrantStatus,
} from '../bonuses.rules';
import { opsEndpoint } from '../endpoint';

// The bonus engine's operator calls under /ops-api (docs/architecture.md, "Operator endpoints"): templates (a change is
// a new version), promo codes, a grant to one player with a reason, a grant cancelled. Amounts here are the engine's
// own: minor units in decimal strings (`*_minor`), as the ledger keeps them; times are ISO strings.

const money = z.number().min(0);
/** A template's terms (one version): the money per currency in major units, wagering, windows, games, free rounds. */
export const templateTerms = z.object({
  title: z.string().min(1).max(200),
  description: z.string().max(2000).default(''),
  translations: z
    .record(
      z.string().regex(/^[a-z]{2}$/),
      z.object({ title: z.string().min(1).max(200).optional(), description: z.string().max(2000).optional() }),
    )
    .default({}),
  percent: z.number().min(0).max(1000).nullable().default(null),
  currencies: z.record(
    z.string().regex(/^[A-Z]{3,5}$/),
    z.object({
      amount: money.optional(),
      min_dep: money.optional(),
      max_dep: money.nullable().optional(),
      max_bonus: money.nullable().optional(),
      max_bet: money.nullable().optional(),
      max_conversion: money.nullable().optional(),
      free_round_bet: money.optional(),
    }),
  ),
  wagering_multiplier: z.number().min(0).max(200),
  wagering_base: z.enum([wageringBase.bonus, wageringBase.depositAndBonus]).default('bonus'),
  contributions: z
    .array(z.object({ target: z.string().min(1).max(100), percent: z.number().min(0).max(100) }))
    .default([{ target: 'house', percent: 100 }]),
  claim_days: z.number().int().min(1).max(365).nullable().default(null),
  wagering_days: z.number().int().min(1).max(365).nullable().default(null),
  eligible_games: z.array(z.string().min(1).max(100)).default([]),
  max_grants: z.number().int().min(1).nullable().default(null),
  deposit_number: z.number().int().min(1).max(100).nullable().default(null),
  free_rounds: z
    .object({
      game: z.enum(freeRoundGames),
      count: z.number().int().min(1).max(1000),
      // the game's parameters every round is played at (checked against the game's rules); absent: its defaults
      params: z.record(z.string(), z.unknown()).optional(),
    })
    .nullable()
    .default(null),
});
const bonusTypeEnum = z.enum(bonusTypes as [BonusType, ...BonusType[]]);
const bonusTriggerEnum = z.enum(bonusTriggers as [BonusTrigger, ...BonusTrigger[]]);
export const templateBody = z.object({
  name: z.string().min(1).max(200),
  type: bonusTypeEnum,
  trigger: bonusTriggerEnum,
  terms: templateTerms,
});
export const templateIdParams = z.object({ id: intId() });
export const templateVersionBody = z.object({ terms: templateTerms, is_active: z.boolean().default(true) });
const amountsOf = z.object({
  amount: z.number().optional(),
  min_dep: z.number().optional(),
  max_dep: z.number().nullable().optional(),
  max_bonus: z.number().nullable().optional(),
  max_bet: z.number().nullable().optional(),
  max_conversion: z.number().nullable().optional(),
  free_round_bet: z.number().optional(),
});
/** The terms as a version keeps them (`templateTerms` with its defaults filled in; older versions may lack the
 * optional ones). */
export const storedTerms = z.object({
  title: z.string(),
  description: z.string(),
  translations: z
    .record(z.string(), z.object({ title: z.string().optional(), description: z.string().optional() }))
    .optional(),
  percent: z.number().nullable(),
  currencies: z.record(z.string(), amountsOf),
  wagering_multiplier: z.number(),
  wagering_base: z.enum([wageringBase.bonus, wageringBase.depositAndBonus]),
  contributions: z.array(z.object({ target: z.string(), percent: z.number() })),
  claim_days: z.number().nullable(),
  wagering_days: z.number().nullable(),
  eligible_games: z.array(z.string()),
  max_grants: z.number().nullable(),
  deposit_number: z.number().nullable().optional(),
  free_rounds: z
    .object({ game: z.string(), count: z.number(), params: z.record(z.string(), z.unknown()).optional() })
    .nullable()
    .optional(),
});
/** A template at its current version. */
export const template = z.object({
  id: z.number(),
  name: z.string(),
  type: bonusTypeEnum,
  trigger: bonusTriggerEnum,
  version: z.number(),
  is_active: z.boolean(),
  /** How many grants have counted against its budget. */
  grants: z.number(),
  created_at: z.string(),
  terms: storedTerms,
});
export const templates = z.array(template);

/** A date (`2026-12-01`) or an ISO time, as a `Date`. */
const instant = z
  .string()
  .max(40)
  .refine((s) => !Number.isNaN(Date.parse(s)), 'a date or an ISO time')
  .transform((s) => new Date(s));
export const promoCodeBody = z.object({
  code: z
    .string()
    .trim()
    .min(2)
    .max(40)
    .regex(/^[A-Za-z0-9_-]+$/),
  template_id: intIdField(),
  max_redemptions: z.number().int().min(1).nullable().default(null),
  valid_from: instant.nullable().default(null),
  valid_to: instant.nullable().default(null),
  currencies: z
    .array(z.string().regex(/^[A-Z]{3,5}$/))
    .nullable()
    .default(null),
});
export const promoCode = z.object({
  id: z.number(),
  code: z.string(),
  template_id: z.number(),
  max_redemptions: z.number().nullable(),
  redemptions: z.number(),
  valid_from: z.string().nullable(),
  valid_to: z.string().nullable(),
  currencies: z.array(z.string()).nullable(),
  created_by: z.string(),
  created_at: z.string(),
});
export const promoCodes = z.array(promoCode);

export const grantBody = z.object({
  template_id: intIdField(),
  reason: z.string().trim().min(1).max(500),
  activate: z.boolean().default(false),
});
export const cancelBody = z.object({ reason: z.string().trim().min(1).max(500) });

const minor = z.string();
/** A grant as the engine keeps it (ids and amounts in minor units are decimal strings). */
export const grant = z.object({
  id: z.string(),
  player_id: z.string(),
  template_id: z.number(),
  template_version: z.number(),
  status: z.enum(grantStatuses as [GrantStatus, ...GrantStatus[]]),
  currency: z.string(),
  source: z.string(),
  reason: z.string().nullable(),
  amount_minor: minor,
  deposit_minor: minor.nullable(),
  wager_required_minor: minor,
  wagered_minor: minor,
  max_bet_minor: minor.nullable(),
  max_conversion_minor: minor.nullable(),
  converted_minor: minor.nullable(),
  forfeited_minor: minor.nullable(),
  deposit_entry_id: z.string().nullable(),
  start_entry_id: z.string().nullable(),
  budget_counted: z.boolean(),
  expires_at: z.string().nullable(),
  created_at: z.string(),
  activated_at: z.string().nullable(),
  credited_at: z.string().nullable(),
  ended_at: z.string().nullable(),
  free_rounds_game: z.string().nullable(),
  free_rounds_total: z.number().nullable(),
  free_rounds_left: z.number().nullable(),
  free_round_bet_minor: minor.nullable(),
  free_rounds_won_minor: minor,
});
export const grants = z.array(grant);

type Template = z.infer<typeof template>;
export const listTemplates = opsEndpoint<Template[]>('GET', '/bonuses/templates', 'promotions.view');
export const createTemplate = opsEndpoint<Template, z.input<typeof templateBody>>(
  'POST',
  '/bonuses/templates',
  'promotions.manage',
);
/** A new version of the template's terms (grants already made keep theirs). */
export const versionTemplate = opsEndpoint<Template, z.input<typeof templateVersionBody>>(
  'PUT',
  '/bonuses/templates/:id',
  'promotions.manage',
);
export const listPromoCodes = opsEndpoint<z.infer<typeof promoCodes>>('GET', '/bonuses/promo-codes', 'promotions.view');
export const createPromoCode = opsEndpoint<z.infer<typeof promoCode>, z.input<typeof promoCodeBody>>(
  'POST',
  '/bonuses/promo-codes',
  'promotions.manage',
);
/** Every grant of the player, newest first. */
export const playerGrants = opsEndpoint<z.infer<typeof grants>>('GET', '/players/:id/bonuses', 'players.view');
export const grantBonus = opsEndpoint<z.infer<typeof grant>, z.input<typeof grantBody>>(
  'POST',
  '/players/:id/bonuses',
  'promotions.manage',
);
/** Ends an open grant as cancelled (its bonus money forfeited). */
export const cancelGrant = opsEndpoint<void, z.input<typeof cancelBody>>(
  'POST',
  '/bonuses/grants/:id/cancel',
  'promotions.manage',
);
