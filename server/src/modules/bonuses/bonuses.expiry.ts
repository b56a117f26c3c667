import { dbNow } from './bonuses.repository';
import type { BonusesDeps, Grants } from './bonuses.grants';

// Expiry (a job every 10 s): windows on the database clock, closed by the ledger feed's window-closing rule.
export function createExpiry(deps: BonusesDeps, grants: Grants) {
  const { repo } = deps;
  const { transaction, convert, endWithForfeit, notify } = grants;
  return {
    /**
     * Tells each player whose bonus window ends within 24 hours, once per grant (a scheduled scan; the key
     * `bonus_expiring:<grant>` makes a repeat of the scan tell no one twice). Answers how many were told.
     */
    async warnExpiring(): Promise<number> {
      let n = 0;
      const until = new Date(deps.clock.now().getTime() + 24 * 3600_000);
      for (const g of await repo.expiringGrants(until)) {
        const id = await transaction((w) =>
          deps.notifyPlayer(
            g.player_id,
            {
              kind: 'bonus_expiring',
              params: { grant_id: Number(g.id), name: g.name, expires_at: g.expires_at!.toISOString() },
            },
            w.trx,
            { key: `bonus_expiring:${g.id}` },
          ),
        );
        if (id) n++;
      }
      return n;
    },

    /**
     * Expiry and the conversions that waited (a job). A window is decided by the database clock and only once the
     * wagering consumer has handled every stake placed before its end (the feed's window-closing rule): a grant whose
     * wagering was met in time converts, never expires; a waiting offer past its claim window and a grant in play past
     * its window expire (its bonus money forfeited), unless a round staked with its money is still open (then later).
     * Then every grant whose wagering is met but whose conversion waited for a round converts. Answers how many ended.
     */
    async expire(): Promise<number> {
      let n = 0;
      const covered = await deps.feedCovered();
      for (const row of covered ? await repo.expiredGrants(covered) : []) {
        const done = await transaction(async (w) => {
          const g = await repo.lockGrant(row.id, w.trx);
          if (!g || !g.expires_at || g.expires_at > covered!) return false;
          let ended = false;
          if (g.status === 'created')
            ended = await repo.transition(g.id, ['created'], 'expired', { ended_at: dbNow() }, w.trx);
          else if (g.status === 'wagering' && BigInt(g.wagered_minor) >= BigInt(g.wager_required_minor))
            ended = await convert(w, g);
          else if (g.status === 'active' || g.status === 'wagering')
            ended = await endWithForfeit(w, g, 'expired', [g.status]).catch((err: unknown) => {
              if ((err as { code?: string }).code === 'BONUSES_ROUND_OPEN') return false; // after the round
              throw err;
            });
          if (ended) notify(w.trx, g.player_id);
          return ended;
        });
        if (done) n++;
      }
      for (const row of await repo.readyToConvert()) {
        const done = await transaction(async (w) => {
          const g = await repo.lockGrant(row.id, w.trx);
          const ended =
            !!g && g.status === 'wagering' && BigInt(g.wagered_minor) >= BigInt(g.wager_required_minor)
              ? await convert(w, g)
              : false;
          if (ended) notify(w.trx, row.player_id);
          return ended;
        });
        if (done) n++;
      }
      return n;
    },
  };
}
