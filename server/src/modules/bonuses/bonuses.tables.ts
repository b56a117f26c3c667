import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { BonusTrigger, BonusType, GrantStatus, WageringBase } from '@contracts/bonuses.rules';

// int8 columns arrive from pg as strings: convert with BigInt(), write with .toString().
type Int8 = string;

/** Per currency, in major units as an operator writes them. */
export interface TemplateCurrencyTerms {
  /** A no-deposit bonus's amount. */
  amount?: number;
  min_dep?: number;
  max_dep?: number | null;
  /** A deposit bonus's cap. */
  max_bonus?: number | null;
  max_bet?: number | null;
  max_conversion?: number | null;
  /** Free rounds: the stake of each round. */
  free_round_bet?: number;
}
/** A template version's terms (immutable: a change is a new version). */
export interface TemplateTerms {
  title: string;
  description: string;
  /** The title and description in other languages (`ru`: { title, description }); the two above otherwise. */
  translations?: Record<string, { title?: string; description?: string }>;
  /** A deposit bonus's percent of the deposit. */
  percent: number | null;
  currencies: Record<string, TemplateCurrencyTerms>;
  wagering_multiplier: number;
  wagering_base: WageringBase;
  /** Contribution to wagering by category or game string id; a game or category not listed contributes 0. */
  contributions: Array<{ target: string; percent: number }>;
  claim_days: number | null;
  wagering_days: number | null;
  eligible_games: string[];
  /** At most this many grants of the template (its budget); null: no limit. */
  max_grants: number | null;
  /** Trigger "deposit": the player's deposit it is given on (2: the second deposit); null for other triggers. */
  deposit_number?: number | null;
  /** Free rounds: on which house game (dice, limbo, plinko, slots) and how many; null for other types. */
  free_rounds?: {
    game: string;
    count: number;
    /** The game's parameters every round is played at (dice direction and target, …); absent: the game's defaults. */
    params?: Record<string, unknown>;
  } | null;
}

export interface BonusTemplatesTable {
  id: Generated<number>;
  name: string;
  type: BonusType;
  trigger: BonusTrigger;
  version: Generated<number>;
  is_active: Generated<boolean>;
  grants: Generated<number>;
  created_at: Generated<Date>;
}
export interface BonusTemplateVersionsTable {
  template_id: number;
  version: number;
  terms: JSONColumnType<TemplateTerms, string, string>;
  created_by: string;
  created_at: Generated<Date>;
}
export interface BonusGrantsTable {
  id: Generated<Int8>;
  player_id: Int8;
  template_id: number;
  template_version: number;
  status: GrantStatus;
  currency: string;
  source: string;
  reason: string | null;
  amount_minor: Generated<Int8>;
  deposit_minor: Int8 | null;
  wager_required_minor: Generated<Int8>;
  wagered_minor: Generated<Int8>;
  max_bet_minor: Int8 | null;
  max_conversion_minor: Int8 | null;
  converted_minor: Int8 | null;
  forfeited_minor: Int8 | null;
  deposit_entry_id: Int8 | null;
  /** The player's last ledger entry before this grant's money started: stakes after it count (ledger order). */
  start_entry_id: Int8 | null;
  /** Counted against its template's budget (when it was made active, not when it was offered). */
  budget_counted: Generated<boolean>;
  expires_at: Date | null;
  created_at: Generated<Date>;
  activated_at: Date | null;
  credited_at: Date | null;
  ended_at: Date | null;
  /** Free rounds: the house game, how many, how many are left, the stake of each, what they have won. */
  free_rounds_game: string | null;
  free_rounds_total: number | null;
  free_rounds_left: number | null;
  free_round_bet_minor: Int8 | null;
  free_rounds_won_minor: Generated<Int8>;
}
export interface BonusFreeRoundsTable {
  id: Generated<Int8>;
  grant_id: Int8;
  round_index: number;
  stake_minor: Int8;
  payout_minor: Int8;
  proof: JSONColumnType<Record<string, unknown>, string, string>;
  created_at: Generated<Date>;
}
export interface BonusContributionsTable {
  grant_id: Int8;
  round_key: string;
  percent: ColumnType<string, number | string, number | string>;
  contributed_minor: Int8;
}
export interface BonusPromoCodesTable {
  id: Generated<number>;
  code: string;
  template_id: number;
  max_redemptions: number | null;
  redemptions: Generated<number>;
  valid_from: Date | null;
  valid_to: Date | null;
  currencies: string[] | null;
  created_by: string;
  created_at: Generated<Date>;
}
export interface BonusPromoRedemptionsTable {
  code_id: number;
  player_id: Int8;
  grant_id: Int8;
  created_at: Generated<Date>;
}
export interface BonusesTables {
  bonus_templates: BonusTemplatesTable;
  bonus_template_versions: BonusTemplateVersionsTable;
  bonus_grants: BonusGrantsTable;
  bonus_contributions: BonusContributionsTable;
  bonus_promo_codes: BonusPromoCodesTable;
  bonus_promo_redemptions: BonusPromoRedemptionsTable;
  bonus_free_rounds: BonusFreeRoundsTable;
  bonus_player_deposits: { player_id: Int8; deposits: number };
}
