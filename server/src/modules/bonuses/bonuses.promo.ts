import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { Bonus } from '@contracts/bonuses';
import { AppError, conflict, notFound } from '../../lib/errors';
import { createPromoCheck } from './bonuses.promo-check';
import { uniqueViolation, type BonusesDeps, type Grants } from './bonuses.grants';
import type { BonusViews } from './bonuses.views';

// Promo codes (issue 16): a code's validity, its redemption (one per player, counted against its maximum), what
// redeeming it would do before it is done (issue 28), and the check at sign-up.
export function createPromoCodes(deps: BonusesDeps, grants: Grants, views: BonusViews) {
  const { repo, clock } = deps;
  const { transaction, grantIn, notify } = grants;
  const { toBonus, toOffer, termsView } = views;

  /** The code if it exists, is valid now and is for `currency`; each refusal with its own code. */
  async function usablePromo(code: string, currency: string, trx?: Transaction<DB>) {
    const promo = await repo.findPromoCode(code.trim(), trx);
    if (!promo) throw notFound('BONUSES_PROMO_UNKNOWN', 'There is no such promo code');
    const now = clock.now();
    if ((promo.valid_from && promo.valid_from > now) || (promo.valid_to && promo.valid_to <= now))
      throw new AppError(410, 'BONUSES_PROMO_EXPIRED', 'This promo code is not valid now');
    if (promo.currencies?.length && !promo.currencies.includes(currency))
      throw new AppError(403, 'BONUSES_PROMO_CURRENCY', `This promo code is not for ${currency} accounts`);
    if (promo.max_redemptions !== null && promo.redemptions >= promo.max_redemptions)
      throw new AppError(410, 'BONUSES_PROMO_USED_UP', 'This promo code has been used up');
    return promo;
  }

  /**
   * Redeems a promo code. `forDeposit`: entered with a deposit, so a deposit bonus starts at once (→ active, credited
   * by this deposit), and is refused while another bonus is in play rather than waiting unseen.
   */
  async function redeemPromo(playerId: string, code: string, forDeposit = false): Promise<Bonus> {
    const currency = await deps.playerCurrency(playerId);
    if (!currency) throw notFound('ACCOUNTS_NOT_FOUND', `No player ${playerId}`);
    const grant = await transaction(async (w) => {
      const promo = await usablePromo(code, currency, w.trx);
      if (await repo.hasRedeemed(promo.id, playerId, w.trx))
        throw conflict('BONUSES_PROMO_ALREADY_REDEEMED', 'You have already used this promo code');
      if (promo.max_redemptions !== null && promo.redemptions >= promo.max_redemptions)
        throw new AppError(410, 'BONUSES_PROMO_USED_UP', 'This promo code has been used up');
      // a no-deposit bonus starts at once when nothing else is in play; otherwise it waits in "available"
      const type = await repo.typeOf(promo.template_id, w.trx);
      const busy = !!(await repo.grantInPlay(playerId, w.trx));
      const depositType = type === 'welcome' || type === 'next_deposit';
      if (forDeposit && depositType && busy)
        throw conflict('BONUSES_ANOTHER_ACTIVE', 'Another bonus is in play: finish or delete it first');
      const activate = (type === 'no_deposit' || type === 'free_rounds' || (forDeposit && depositType)) && !busy;
      const g = await grantIn(w, {
        playerId,
        templateId: promo.template_id,
        source: 'promo_code',
        reason: promo.code,
        activate,
      });
      await repo.redeem(promo.id, playerId, g.id, w.trx);
      notify(w.trx, playerId);
      return g;
    }).catch((err: unknown) => {
      // answered by the constraint that fired: two codes racing to start a bonus meet at the one-in-play index
      throw uniqueViolation(err) ?? err;
    });
    const type = await repo.typeOf(grant.template_id);
    return toBonus(grant, type, await repo.termsOf(grant.template_id, grant.template_version));
  }

  return {
    usablePromo,
    redeemPromo,
    /** What redeeming a promo code would do, before it is done (issue 28; bonuses.promo-check.ts). */
    check: createPromoCheck({
      repo,
      playerCurrency: deps.playerCurrency,
      usablePromo,
      offerOf: toOffer,
      titleOf: (terms, currency, language) => termsView(terms, currency, language).title,
    }),
    /**
     * Before sign-up (the account does not exist yet): a promo code that cannot be used and a welcome offer that is
     * not offered in the currency refuse the sign-up with their own codes, so the guest can correct them.
     */
    async checkSignUp(input: { welcome_bonus_id?: number; promo_code?: string }, currency: string) {
      if (input.promo_code) await usablePromo(input.promo_code, currency);
      if (input.welcome_bonus_id) {
        const t = await repo.findTemplate(input.welcome_bonus_id);
        if (!t || !t.is_active || t.trigger !== 'sign_up' || !t.terms.currencies[currency])
          throw notFound(
            'BONUSES_NOT_FOUND',
            `welcome_bonus_id: no welcome offer ${input.welcome_bonus_id} in ${currency}`,
          );
      }
    },
  };
}
