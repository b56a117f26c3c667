import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { BonusesResponse, WelcomeResponse } from '@contracts/bonuses';
import { AppError, conflict } from '../../lib/errors';
import { toMajor } from '../../lib/money';
import type { WalletTx } from '../wallet';
import { dbNow } from './bonuses.repository';
import { createGrants, uniqueViolation, type BonusesDeps } from './bonuses.grants';
import { createBonusViews } from './bonuses.views';
import { createWageringConsumer } from './bonuses.wagering';
import { createFreeRounds } from './bonuses.free-rounds';
import { createPromoCodes } from './bonuses.promo';
import { createBonusPolicies } from './bonuses.policies';
import { createExpiry } from './bonuses.expiry';
import { createBonusOperations } from './bonuses.operator';

export type { BonusesDeps } from './bonuses.grants';
export { contributionPercent } from './bonuses.wagering';

// Bonuses (issue 16, docs/decisions/016-bonus-engine.md, 018-promotion-money.md), made of its parts: grants and their
// money (bonuses.grants.ts), the wagering and deposit consumer of the ledger feed (bonuses.wagering.ts), free rounds,
// promo codes, expiry, the bet and cash-out policies, operators' templates and grants. This file puts them together
// and holds the player's own actions on their grants. Every state change is a guarded update from the expected state,
// in the same transaction as its money move; what the player is told is sent only once that transaction committed.
export function createBonusesService(deps: BonusesDeps) {
  const { repo } = deps;
  const grants = createGrants(deps);
  const views = createBonusViews(deps.minorUnitDigits);
  const promo = createPromoCodes(deps, grants, views);
  const { transaction, grantIn, creditNoDeposit, endWithForfeit, playByOf, ownGrant, notify } = grants;
  const { toBonus, toOffer } = views;

  return {
    ...createBonusPolicies(deps, grants),
    /** The wagering and deposit consumer of the ledger feed (docs/decisions/013-ledger-feed-and-jobs.md). */
    feedConsumer: createWageringConsumer(deps, grants),
    checkPromo: promo.check,
    redeemPromo: promo.redeemPromo,
    checkSignUp: promo.checkSignUp,
    /** The house games' door to free rounds (server/src/modules/house-games). */
    freeRounds: createFreeRounds(deps, grants),
    /** The max stake while a bonus is wagering (minor units), null without one: the games show it (issue 28). */
    maxBetWhileWagering: (playerId: string) => repo.maxBetWhileWagering(playerId),
    ...createExpiry(deps, grants),
    ...createBonusOperations(deps, grants),

    async my(playerId: string, language?: string): Promise<BonusesResponse> {
      const rows = await repo.openGrants(playerId);
      const out: BonusesResponse = { deposit: [], free_rounds: [] };
      for (const g of rows) {
        const type = await repo.typeOf(g.template_id);
        const b = await toBonus(g, type, await repo.termsOf(g.template_id, g.template_version), language);
        (type === 'free_rounds' ? out.free_rounds : out.deposit).push(b);
      }
      return out;
    },

    async welcome(currency: string, language?: string): Promise<WelcomeResponse> {
      const templates = await repo.activeTemplatesByTrigger('sign_up');
      const offers = templates.filter((t) => t.terms.currencies[currency]).map((t) => toOffer(t, currency, language));
      return {
        deposit: offers.filter((o) => o.type !== 'free_rounds'),
        free_rounds: offers.filter((o) => o.type === 'free_rounds'),
      };
    },

    async activate(playerId: string, id: number) {
      const g = await ownGrant(playerId, id);
      if (g.status !== 'created') throw conflict('BONUSES_WRONG_STATE', `The bonus is ${g.status}, not waiting`);
      if (g.expires_at && g.expires_at <= (await repo.now()))
        throw conflict('BONUSES_WRONG_STATE', 'The bonus has expired');
      await transaction(async (w) => {
        if (await repo.grantInPlay(playerId, w.trx))
          throw conflict('BONUSES_ANOTHER_ACTIVE', 'Another bonus is in play: finish or delete it first');
        const type = await repo.typeOf(g.template_id, w.trx);
        const terms = await repo.termsOf(g.template_id, g.template_version, w.trx);
        // an offer counts against its template's budget when it is claimed (issue 22)
        const template = await repo.findTemplate(g.template_id, w.trx);
        if (!g.budget_counted && !(await repo.takeFromBudget(g.template_id, template?.terms.max_grants ?? null, w.trx)))
          throw new AppError(
            409,
            'BONUSES_PROMO_USED_UP',
            'This bonus has been given out to as many players as it may',
          );
        const moved = await repo.transition(
          g.id,
          ['created'],
          'active',
          {
            activated_at: dbNow(),
            expires_at: playByOf(type, terms),
            budget_counted: true,
            start_entry_id: type === 'free_rounds' ? await w.lastEntryId(playerId, g.currency) : null,
          },
          w.trx,
        );
        if (!moved) throw conflict('BONUSES_WRONG_STATE', 'The bonus changed meanwhile');
        if (type === 'no_deposit') await creditNoDeposit(w, (await repo.findGrant(g.id, w.trx))!, terms);
        notify(w.trx, playerId);
      }).catch((err: unknown) => {
        // two activations at once: the unique index of the bonus in play decides
        throw uniqueViolation(err) ?? err;
      });
    },

    /** The player deletes a bonus: a waiting one is cancelled, one in play forfeited with its bonus money. */
    async deleteByPlayer(playerId: string, id: number) {
      const g = await ownGrant(playerId, id);
      const ok = await transaction(async (w) => {
        const locked = (await repo.lockGrant(g.id, w.trx))!;
        notify(w.trx, playerId); // sent only if something changed and committed (else the call throws below)
        if (locked.status === 'created')
          return repo.transition(
            g.id,
            ['created'],
            'cancelled',
            { ended_at: dbNow(), reason: 'deleted by the player' },
            w.trx,
          );
        if (locked.status === 'active' || locked.status === 'wagering')
          return endWithForfeit(w, locked, 'forfeited', [locked.status]);
        return false;
      });
      if (!ok) throw conflict('BONUSES_WRONG_STATE', `The bonus is ${g.status}: nothing to delete`);
    },

    /** After sign-up: the welcome offer the guest picked (active at once), and a promo code; failures are logged. */
    async afterSignUp(playerId: string, input: { welcome_bonus_id?: number; promo_code?: string }) {
      // the chosen welcome offer starts at once; without a choice every welcome offer waits in "available"
      const currency = await deps.playerCurrency(playerId);
      const offers = input.welcome_bonus_id
        ? [input.welcome_bonus_id]
        : (await repo.activeTemplatesByTrigger('sign_up'))
            .filter((t) => currency && t.terms.currencies[currency])
            .map((t) => t.id);
      for (const templateId of offers)
        await transaction((w) => {
          notify(w.trx, playerId);
          return grantIn(w, { playerId, templateId, source: 'sign_up', activate: !!input.welcome_bonus_id });
        }).catch((err: unknown) => deps.log.error({ err, playerId, templateId }, 'welcome bonus not granted'));
      if (input.promo_code)
        await promo
          .redeemPromo(playerId, input.promo_code)
          .catch((err: unknown) =>
            deps.log.error({ err, playerId, code: input.promo_code }, 'promo code at sign-up not redeemed'),
          );
    },

    /**
     * Whether a template can be granted now in `currency` (the wheel shows a prize it cannot pay as nothing, and
     * refuses a configuration naming a template that does not exist or cannot pay in a currency it offers): its type,
     * whether it is switched on, offered and payable in the currency and has budget left, and the currencies it is
     * offered in without what a grant there needs (free rounds their stake, a no-deposit bonus its amount: a grant
     * would fail, or credit nothing); null for no such template.
     */
    async templateOffer(templateId: number, currency: string | null, trx?: Transaction<DB>) {
      const t = await repo.findTemplate(templateId, trx);
      if (!t) return null;
      const budgetLeft = t.terms.max_grants === null || t.grants < t.terms.max_grants;
      // what a grant in a currency needs there: free rounds their stake, a no-deposit bonus its amount
      const lacks = (c: { amount?: number; free_round_bet?: number }) =>
        t.type === 'free_rounds' && !t.terms.free_rounds
          ? 'free_rounds'
          : t.type === 'free_rounds' && !((c.free_round_bet ?? 0) > 0)
            ? 'free_round_bet'
            : t.type === 'no_deposit' && !((c.amount ?? 0) > 0)
              ? 'amount'
              : null;
      const missing = Object.entries(t.terms.currencies).flatMap(([code, c]) => {
        const term = lacks(c);
        return term ? [{ currency: code, term }] : [];
      });
      const payable =
        currency === null || (!!t.terms.currencies[currency] && !missing.some((m) => m.currency === currency));
      // what it gives in `currency`, for a player to read it ("10 free rounds", "$5 bonus"; issue 28)
      const c = currency ? t.terms.currencies[currency] : undefined;
      const gives = {
        amount: t.type === 'no_deposit' ? (c?.amount ?? null) : null,
        percent: t.terms.percent,
        count: t.terms.free_rounds?.count ?? null,
        game: t.terms.free_rounds?.game ?? null,
      };
      return { type: t.type, grantable: t.is_active && budgetLeft && payable, missing, gives };
    },

    /**
     * The wheel's and levels' door (WheelBonusPort): a grant from a template inside the caller's transaction (opened
     * by `transact`); the player is told once that transaction committed.
     */
    async grantFromTemplate(
      // source: what gave it (the wheel by default; levels say level_up)
      input: { playerId: number | string; templateId: number; reason: string; source?: 'wheel' | 'level_up' },
      opts: { trx: Transaction<DB>; wallet: WalletTx },
    ) {
      const playerId = String(input.playerId);
      const inPlay = await repo.grantInPlay(playerId, opts.trx);
      const type = await repo.typeOf(input.templateId, opts.trx);
      const made = await grantIn(opts.wallet, {
        playerId,
        templateId: input.templateId,
        source: input.source ?? 'wheel',
        reason: input.reason,
        activate: !inPlay && ['no_deposit', 'free_rounds'].includes(type),
      });
      notify(opts.trx, playerId);
      return { grantId: Number(made.id) };
    },

    /** The player's wagering, for the Player fields (wager_amount, wagering). */
    async wagering(playerId: string, currency: string) {
      const g = await repo.grantInPlay(playerId);
      const fs_count = g?.status === 'active' ? (g.free_rounds_left ?? 0) : 0;
      if (!g || g.status !== 'wagering') return { wager_amount: 0, wagering: 0, fs_count };
      const digits = await deps.minorUnitDigits(currency);
      return {
        wager_amount: toMajor(BigInt(g.wager_required_minor), digits),
        wagering: toMajor(BigInt(g.wagered_minor), digits),
        fs_count,
      };
    },
  };
}
export type BonusesService = ReturnType<typeof createBonusesService>;
