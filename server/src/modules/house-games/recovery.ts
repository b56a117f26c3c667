import type { GameRecords, SessionRow, TxRow } from '../games';
import type { GatewayService, GatewaySession } from '../games';

// Recovery of the house games' half-done money flows (issue 13; docs/architecture.md "House games under failure"). A flow that cannot be one
// transaction (the stake and the win go through the game gateway, like any provider's) writes its intent first — the
// pending mines round, the crash bet row, the finished round not yet marked settled — and a recovery job, run on
// start and on a timer, finishes or reverses every intent older than the window below. The gateway's calls are
// idempotent on their transaction ids, so a recovery that repeats a step the request already did changes nothing.

/** A half-done flow younger than this is left to the request that is (maybe) still doing it. */
export const HOUSE_RECOVERY_AFTER_MS = 30_000;
/** How often the recovery jobs run (and once at start). */
export const HOUSE_RECOVERY_EVERY_MS = 10_000;
/** Rows one run of a recovery job takes on (the next run takes the rest). */
export const HOUSE_RECOVERY_BATCH = 200;

export function createStakeRecovery(deps: { games: GameRecords; gateway: GatewayService }) {
  const { games, gateway } = deps;

  /**
   * The gateway's record of a round's stake; a bet the request left `pending` (killed mid-debit) is finished first,
   * with the same transaction id (the wallet key keeps it to one debit): it was accepted on a live session, so it is
   * finished even if the session has ended since.
   */
  async function stakeOf(
    providerId: number,
    roundRef: string,
    sessionId: string,
    amount: bigint,
  ): Promise<TxRow | undefined> {
    const txId = `${roundRef}:bet`;
    const tx = await games.findTx(providerId, txId);
    if (tx?.kind !== 'bet' || tx.result !== 'pending') return tx;
    const session = await games.findSession(sessionId);
    if (session)
      await gateway.bet(acceptedSession(session), { providerId, txId, roundRef, amount }).catch(() => undefined);
    return games.findTx(providerId, txId);
  }

  return {
    stakeOf,
    /** Whether a stake record says the money moved and stayed (not refused, not rolled back). */
    moved: (tx: TxRow | undefined) => tx?.kind === 'bet' && tx.result === 'ok' && !tx.rolled_back,
    /**
     * Reverses a round's stake: refunded if it moved, a tombstone if it never arrived (a late bet call is then
     * refused), and the round closed if a refusal left it open at zero.
     */
    async reverse(providerId: number, roundRef: string) {
      await gateway.rollback({ providerId, txId: `${roundRef}:rollback`, originalTxId: `${roundRef}:bet` });
      await gateway.endRound({ providerId, roundRef });
    },
  };
}
export type StakeRecovery = ReturnType<typeof createStakeRecovery>;

const acceptedSession = (row: SessionRow): GatewaySession => ({
  id: row.id,
  playerId: row.player_id,
  gameId: row.game_id,
  currency: row.currency,
  demo: row.demo,
  clientType: row.client_type,
  language: row.language,
  expiresAt: new Date(8.64e15),
  endedAt: null,
});

/** A gateway refusal (4xx): nothing moved, and the call will not move anything later. */
export const isRefusal = (err: unknown) => {
  const status = (err as { status?: number }).status;
  return typeof status === 'number' && status >= 400 && status < 500;
};
