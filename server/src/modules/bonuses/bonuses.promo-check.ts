import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { BonusType } from '@contracts/bonuses.rules';
import type { PromoCheck, PromoOutcome, WelcomeOffer } from '@contracts/bonuses';
import { conflict, notFound } from '../../lib/errors';
import type { BonusesRepository, TemplateRow } from './bonuses.repository';
import type { TemplateTerms } from './bonuses.tables';

const DAY_MS = 86_400_000;

/**
 * What a promo code redeemed outside a deposit does (bonuses.service.ts `redeemPromo`, forDeposit false): a
 * no-deposit bonus or free rounds start at once when nothing else is in play; anything entered while another bonus is
 * in play waits under Available behind it (activating it is refused until that one ends); a deposit offer otherwise
 * waits under Available for the player to activate it and deposit. The check answers with this before the redeem.
 */
export function promoOutcomeOf(type: BonusType | string, busy: boolean): PromoOutcome {
  if (busy) return 'queued';
  return type === 'no_deposit' || type === 'free_rounds' ? 'starts_now' : 'available';
}

export interface PromoCheckDeps {
  repo: Pick<BonusesRepository, 'transaction' | 'hasRedeemed' | 'findTemplate' | 'grantInPlay' | 'termsOf' | 'now'>;
  playerCurrency(playerId: string): Promise<string | undefined>;
  /** The service's own validity check of a code (unknown, not valid now, other currency, used up: each refused). */
  usablePromo(
    code: string,
    currency: string,
    trx: Transaction<DB>,
  ): Promise<{ id: number; code: string; template_id: number }>;
  /** The offer as a player reads it (the service's `toOffer`). */
  offerOf(t: TemplateRow, currency: string, language?: string): WelcomeOffer;
  /** A template's title in a language (the service's terms view). */
  titleOf(terms: TemplateTerms, currency: string, language?: string): string;
}

/**
 * POST /main-api/bonuses/promo-codes/check (issue 28): says what redeeming a code would do, before it is done, with
 * the same refusals the redeem answers; reads only (nothing is redeemed, no budget taken).
 */
export function createPromoCheck(deps: PromoCheckDeps) {
  return async function checkPromo(playerId: string, code: string, language?: string): Promise<PromoCheck> {
    const currency = await deps.playerCurrency(playerId);
    if (!currency) throw notFound('ACCOUNTS_NOT_FOUND', `No player ${playerId}`);
    return deps.repo.transaction(async (trx) => {
      const promo = await deps.usablePromo(code, currency, trx);
      if (await deps.repo.hasRedeemed(promo.id, playerId, trx))
        throw conflict('BONUSES_PROMO_ALREADY_REDEEMED', 'You have already used this promo code');
      const template = await deps.repo.findTemplate(promo.template_id, trx);
      if (!template || !template.is_active)
        throw notFound('BONUSES_NOT_FOUND', `No active bonus template ${promo.template_id}`);
      // inside the transaction: PGlite has one connection, a read beside an open transaction would wait for ever
      const inPlay = await deps.repo.grantInPlay(playerId, trx);
      const outcome = promoOutcomeOf(template.type, !!inPlay);
      const claimDays = template.terms.claim_days;
      const now = await deps.repo.now(trx);
      return {
        code: promo.code,
        outcome,
        offer: deps.offerOf(template, currency, language),
        in_play: inPlay
          ? {
              id: Number(inPlay.id),
              type: (await deps.repo.findTemplate(inPlay.template_id, trx))?.type ?? 'no_deposit',
              title: deps.titleOf(
                await deps.repo.termsOf(inPlay.template_id, inPlay.template_version, trx),
                inPlay.currency,
                language,
              ),
              status: inPlay.status,
              expires_at: inPlay.expires_at?.toISOString() ?? null,
            }
          : null,
        activate_by:
          outcome !== 'starts_now' && claimDays ? new Date(now.getTime() + claimDays * DAY_MS).toISOString() : null,
      };
    });
  };
}
