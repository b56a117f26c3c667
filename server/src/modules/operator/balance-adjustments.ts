import { AppError, notFound } from '../../lib/errors';
import { toMajor, toMinor } from '../../lib/money';
import type { WalletService } from '../wallet';
import type { OperatorAudit } from './operator-actions.service';

export interface BalanceAdjustmentDeps {
  wallet: Pick<WalletService, 'transaction'>;
  audit: OperatorAudit;
  /** The player's currency, or undefined for an unknown player. */
  playerCurrency(playerId: string): Promise<string | undefined>;
  minorUnitDigits(currency: string): Promise<number>;
}

// An operator corrects a player's real balance (a goodwill credit, a processor's chargeback): the ledger entry
// (kind `adjustment`) and the operator's record commit in one transaction. The operator names each adjustment
// (`reference`), so sending it again, after a timeout or a crash, answers the first result and moves nothing.
export function createBalanceAdjustments(deps: BalanceAdjustmentDeps) {
  return {
    async adjust(actor: string, playerId: string, input: { amount: number; reason: string; reference: string }) {
      const currency = await deps.playerCurrency(playerId);
      if (!currency) throw notFound('ACCOUNTS_NOT_FOUND', `No player ${playerId}`);
      const digits = await deps.minorUnitDigits(currency);
      let delta: bigint;
      try {
        delta = toMinor(input.amount, digits);
      } catch {
        throw new AppError(422, 'VALIDATION_ERROR', `body/amount: at most ${digits} decimal places for ${currency}`);
      }
      if (delta === 0n) throw new AppError(422, 'VALIDATION_ERROR', 'body/amount: must not be 0');
      const result = await deps.wallet
        .transaction(async (w) => {
          const moved = await w.adjustReal(
            {
              playerId,
              currency,
              key: `adjustment:${input.reference}`,
              reference: { type: 'operator_adjustment', id: input.reference },
            },
            delta,
          );
          if (!moved.repeated)
            await deps.audit.record(
              {
                actor,
                action: 'balance_adjustment',
                playerId,
                subject: `adjustment:${input.reference}`,
                after: { amount_minor: delta.toString(), currency, reason: input.reason },
              },
              w.trx,
            );
          return moved;
        })
        .catch((err: unknown) => {
          if ((err as AppError).code === 'WALLET_INSUFFICIENT_FUNDS')
            throw new AppError(409, 'WALLET_INSUFFICIENT_FUNDS', 'amount: the real balance would go below zero');
          throw err;
        });
      return {
        player_id: Number(playerId),
        reference: input.reference,
        balance: toMajor(result.balances.real, digits),
        currency,
        repeated: result.repeated,
      };
    },
  };
}
export type BalanceAdjustments = ReturnType<typeof createBalanceAdjustments>;
