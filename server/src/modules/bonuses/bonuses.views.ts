import type { BonusType } from '@contracts/bonuses.rules';
import type { Bonus, WelcomeOffer } from '@contracts/bonuses';
import { toMajor } from '../../lib/money';
import type { GrantRow, TemplateRow } from './bonuses.repository';
import type { TemplateTerms } from './bonuses.tables';

/** How a grant, its terms and an offer read to a player (amounts in the currency's major units). */
export function createBonusViews(minorUnitDigits: (currency: string) => Promise<number>) {
  async function toBonus(g: GrantRow, type: BonusType, terms: TemplateTerms, language?: string): Promise<Bonus> {
    const digits = await minorUnitDigits(g.currency);
    const major = (m: string | bigint | null) => (m === null ? null : toMajor(BigInt(m), digits));
    const c = terms.currencies[g.currency] ?? {};
    return {
      id: Number(g.id),
      type,
      status: g.status,
      bonus_percent: terms.percent,
      currency_limits: Object.fromEntries(
        Object.entries(terms.currencies).map(([cur, t]) => [
          cur,
          { min_dep: t.min_dep ?? 0, max_dep: t.max_dep ?? null },
        ]),
      ),
      start_datetime: g.created_at.toISOString(),
      no_deposit_bonus_amount: type === 'no_deposit' ? (c.amount ?? null) : null,
      fs_count_remaining: g.free_rounds_left,
      count: g.free_rounds_total,
      game: g.free_rounds_game,
      free_round_bet: major(g.free_round_bet_minor),
      currency: g.currency,
      amount: major(g.amount_minor) ?? 0,
      wager_required: major(g.wager_required_minor) ?? 0,
      wagered: Math.min(major(g.wagered_minor) ?? 0, major(g.wager_required_minor) ?? 0),
      expires_at: g.expires_at?.toISOString() ?? null,
      terms: termsView(terms, g.currency, language),
    };
  }
  /**
   * The terms in a currency, titled in `language` where the operator wrote it (else the template's own words). A title
   * may say `{amount}`: the no-deposit amount in this currency, with its code ("10 USD", "1000 RUB"; issue 28).
   */
  function termsView(terms: TemplateTerms, currency: string, language?: string) {
    const c = terms.currencies[currency] ?? {};
    const own = language ? terms.translations?.[language] : undefined;
    const title = own?.title ?? terms.title;
    return {
      title: c.amount === undefined ? title : title.replace(/\{amount\}/g, `${c.amount} ${currency}`),
      description: own?.description ?? terms.description,
      wagering_multiplier: terms.wagering_multiplier,
      wagering_base: terms.wagering_base,
      max_bet: c.max_bet ?? null,
      max_conversion: c.max_conversion ?? null,
      claim_days: terms.claim_days,
      wagering_days: terms.wagering_days,
      max_bonus: c.max_bonus ?? null,
      contributions: terms.contributions,
      eligible_games: terms.eligible_games,
    };
  }
  function toOffer(t: TemplateRow, currency: string, language?: string): WelcomeOffer {
    const c = t.terms.currencies[currency] ?? {};
    return {
      id: t.id,
      type: t.type,
      bonus_percent: t.terms.percent,
      currency_limits: { [currency]: { min_dep: c.min_dep ?? 0, max_dep: c.max_dep ?? null } },
      no_deposit_bonus_amount: t.type === 'no_deposit' ? (c.amount ?? null) : null,
      count: t.terms.free_rounds?.count ?? null,
      game: t.terms.free_rounds?.game ?? null,
      free_round_bet: c.free_round_bet ?? null,
      currency,
      terms: termsView(t.terms, currency, language),
    };
  }

  return { toBonus, termsView, toOffer };
}
export type BonusViews = ReturnType<typeof createBonusViews>;
