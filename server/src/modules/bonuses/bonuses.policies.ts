import type { BetPolicy } from '../games';
import type { CashoutPolicy } from '../cashbox';
import { AppError } from '../../lib/errors';
import { toMajor } from '../../lib/money';
import { maxBetStatementParts, maxBetValues } from './bonuses.repository';
import type { BonusesDeps, Grants } from './bonuses.grants';

// What a bonus in play asks of the rest of the product: the max bet while wagering (a BetPolicy of the game gateway,
// also checked inside the bet's own statement), and a withdrawal forfeits the bonus money (a CashoutPolicy of the
// cashbox, confirmed by the player).
export function createBonusPolicies(deps: BonusesDeps, grants: Grants) {
  const { repo } = deps;
  const { transaction, endWithForfeit } = grants;

  const betPolicy: BetPolicy = {
    async admitBet({ playerId, currency, amountMinor }) {
      const max = await repo.maxBetWhileWagering(playerId);
      if (max !== null && amountMinor > max) throw await maxBetRefusal(currency, max);
      return { release: async () => undefined };
    },
    recordWin: async () => undefined,
    recordRefund: async () => undefined,
    admitInStatement({ playerId, currency, amountMinor }) {
      return {
        parts: maxBetStatementParts,
        values: maxBetValues(playerId, amountMinor),
        async refuse(outcome) {
          if (outcome === null || outcome === undefined) return; // refused for another reason
          throw await maxBetRefusal(currency, BigInt(String(outcome)));
        },
      };
    },
  };
  // in the bet's own currency (no read of the player's, no made-up default)
  async function maxBetRefusal(currency: string, max: bigint) {
    const amount = toMajor(max, await deps.minorUnitDigits(currency));
    return new AppError(
      403,
      'BONUSES_MAX_BET',
      `While a bonus is wagering a bet may be at most ${amount} ${currency}`,
      {
        max_bet: amount,
      },
    );
  }

  const cashoutPolicy: CashoutPolicy = {
    async check(playerId, _amountMinor, currency, request) {
      const g = await repo.grantInPlay(playerId);
      if (!g || request?.forfeitBonus) return;
      const digits = await deps.minorUnitDigits(currency);
      const { bonus } = await transaction((w) => w.lockedBalances(playerId, currency));
      // bonus money in play (wagering, or free rounds that have won): a withdrawal forfeits it; a deposit offer that
      // waits for its deposit holds none (its credit looks for this withdrawal and is then not made, ADR 018)
      if (g.status !== 'wagering' && bonus === 0n) return;
      throw new AppError(
        403,
        'CASHBOX_BONUS_WAGERING',
        'A bonus is wagering: a withdrawal forfeits it (send forfeit_bonus: true to confirm)',
        { forfeit_amount: toMajor(bonus, digits) },
      );
    },
    async withReservation(playerId, _currency, w, request) {
      const g = await repo.grantInPlay(playerId, w.trx);
      if (!g) return;
      const { bonus } = await w.lockedBalances(playerId, g.currency);
      if (g.status !== 'wagering' && bonus === 0n) return;
      if (!request?.forfeitBonus)
        throw new AppError(403, 'CASHBOX_BONUS_WAGERING', 'A bonus is wagering: a withdrawal forfeits it');
      await endWithForfeit(w, g, 'forfeited', [g.status]);
    },
  };

  return { betPolicy, cashoutPolicy };
}
