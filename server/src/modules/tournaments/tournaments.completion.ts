import type { Insertable } from 'kysely';
import { afterCommit } from '../../lib/after-commit';
import { toDecimalString, toMinor } from '../../lib/money';
import type { TournamentsDeps } from './tournaments.deps';
import type { TournamentRow } from './tournaments.repository';
import type { TournamentsPrizesTable } from './tournaments.tables';

// The schedule and the prizes (issue 27). One job, `tournaments.schedule`, at set times (a start, an end plus the
// feed's closing grace) and every few seconds besides; every step is a guarded transaction, so two instances, a rerun
// or a run killed midway change nothing twice:
// - created → ongoing: one guarded update; the participants are told in the same transaction.
// - ongoing → completed: only once the feed has scored every stake of the window (the window-closing rule,
//   `feedCovered() >= ends_at`). In one transaction holding the tournament's row: blocked and self-excluded players
//   leave the board, the standings are snapshotted (`final_position`), the pool is computed (% of the counted stakes),
//   one prize row per place actually taken is written (fewer participants than places: only those), and the status
//   moves. Nothing is paid there.
// - prizes: money through the wallet's set-based `creditMany` under the key `tournament:<id>:place:<n>` (the ledger's
//   unique key pays it once, a rerun skips it), then the row is marked paid by a guarded update that tells each winner
//   once; a bonus through the bonus engine in one transaction with the row locked and marked paid.
export function createTournamentCompletion(deps: TournamentsDeps) {
  const { repo, clock } = deps;
  const nameOf = (t: TournamentRow) => t.name.en ?? Object.values(t.name)[0] ?? `#${t.id}`;

  async function startDue() {
    await repo.transaction(async (trx) => {
      for (const t of await repo.start(clock.now(), trx)) {
        const joined = await repo.finalParticipants(t.id, trx);
        await tellMany(
          joined.map((p) => ({
            playerId: p.player_id,
            event: { kind: 'tournament_started', params: { tournament_id: Number(t.id), name: nameOf(t) } },
            key: `tournament:${t.id}:started:${p.player_id}`,
          })),
          trx,
        );
        afterCommit(trx, () =>
          deps.live.broadcast({
            type: 'tournament',
            data: { id: Number(t.id), status: 'ongoing', is_user_auto_subscribe_enabled: t.auto_subscribe },
          }),
        );
      }
    });
  }

  /** Closes one ended tournament; false when it is not closed (not ended, feed behind, already closed). */
  async function complete(id: string): Promise<boolean> {
    return repo.transaction(async (trx) => {
      const t = await repo.lockTournament(id, trx);
      if (!t || !['created', 'ongoing'].includes(t.status) || t.ends_at > clock.now()) return false;
      const maxPlace = Math.max(...t.prizes.map((p) => p.place));
      // blocked and self-excluded players leave the board before the places are fixed
      for (let guard = 0; guard < 20; guard++) {
        const top = await repo.top(t.id, maxPlace, trx);
        const profiles = await deps.players.publicProfiles(
          top.map((r) => r.player_id),
          trx,
        );
        const gone = top.filter((r) => profiles.get(r.player_id)?.blockedOrSelfExcluded).map((r) => r.id);
        if (!gone.length) break;
        await repo.exclude(gone, clock.now(), trx);
      }
      await repo.snapshot(t.id, trx);
      await repo.dropBoard(t.id, trx);
      // the pool in points, as an integer count of POINT_SCALE-ths: integer arithmetic only, rounded down
      let pool: bigint | null = null;
      if (t.pool_percent !== null) {
        let scaled = 0n;
        for (const s of await repo.stakesByCurrency(t.id, trx)) {
          const digits = await deps.minorUnitDigits(s.currency);
          const ppu = rational(t.currencies[s.currency]?.points_per_unit ?? 0);
          scaled += (s.stakes * ppu.n * POINT_SCALE) / (ppu.d * 10n ** BigInt(digits));
        }
        const percent = rational(t.pool_percent);
        pool = (scaled * percent.n) / (percent.d * 100n);
      }
      const winners = await repo.top(t.id, maxPlace, trx);
      const rows: Array<Insertable<TournamentsPrizesTable>> = [];
      for (const [i, w] of winners.entries()) {
        const prize = t.prizes.find((p) => p.place === i + 1);
        if (!prize) continue;
        const digits = await deps.minorUnitDigits(w.currency);
        let amount: bigint | null = null;
        if (prize.kind === 'money') amount = toMinor(prize.amounts[w.currency] ?? 0, digits);
        else if (prize.kind === 'pool_share') {
          // pool × share % ÷ the winner's currency's points per unit, in its minor units, rounded down
          const ppu = rational(t.currencies[w.currency]?.points_per_unit ?? 0);
          const share = rational(prize.percent);
          amount =
            ppu.n > 0n && pool
              ? (pool * share.n * ppu.d * 10n ** BigInt(digits)) / (share.d * 100n * ppu.n * POINT_SCALE)
              : 0n;
        }
        rows.push({
          tournament_id: t.id,
          place: i + 1,
          participation_id: w.id,
          player_id: w.player_id,
          kind: prize.kind,
          currency: w.currency,
          amount_minor: amount === null ? null : amount.toString(),
          template_id: prize.kind === 'bonus' ? prize.template_id : null,
          unpaid_reason: amount !== null && amount <= 0n ? 'nothing to pay' : null,
        });
      }
      await repo.insertPrizes(rows, trx);
      // every participant learns its final place now; one with a prize to pay is told when it is paid (with it)
      const paying = new Set(rows.filter((r) => r.unpaid_reason === null).map((r) => r.participation_id));
      const everyone = await repo.finalParticipants(t.id, trx);
      await tellMany(
        everyone
          .filter((p) => !paying.has(p.id))
          .map((p) => finishedEvent(t, p.player_id, p.final_position, null, null, false)),
        trx,
      );
      await repo.close(t.id, 'completed', clock.now(), pool === null ? null : pointsText(pool), trx);
      afterCommit(trx, () =>
        deps.live.broadcast({
          type: 'tournament',
          data: { id: Number(t.id), status: 'completed', is_user_auto_subscribe_enabled: t.auto_subscribe },
        }),
      );
      return true;
    });
  }

  /** Pays every prize not paid yet (of one tournament, or all); safe to run twice at once or after a crash. */
  async function payPrizes(tournamentId: string | null = null) {
    const unpaid = await repo.unpaidPrizes(tournamentId);
    const byTournament = new Map<string, typeof unpaid>();
    for (const z of unpaid) byTournament.set(z.tournament_id, [...(byTournament.get(z.tournament_id) ?? []), z]);
    for (const [tid, prizes] of byTournament) {
      const t = await repo.findTournament(tid);
      if (!t) continue;
      const money = prizes.filter((z) => z.kind !== 'bonus' && z.amount_minor !== null);
      if (money.length) {
        const done = await deps.wallet.creditMany(
          'tournament_prize',
          money.map((z) => ({
            playerId: z.player_id,
            amount: BigInt(z.amount_minor!),
            key: `tournament:${tid}:place:${z.place}`,
            reference: { type: 'tournament_place', id: `${tid}:${z.place}` },
          })),
        );
        const missing = new Set(done.missing);
        await repo.transaction(async (trx) => {
          const noAccount = money.filter((z) => missing.has(z.player_id)).map((z) => z.place);
          await repo.markPaid(tid, noAccount, clock.now(), trx, { unpaid_reason: 'no wallet account' });
          const paid = await repo.markPaid(
            tid,
            money.filter((z) => !missing.has(z.player_id)).map((z) => z.place),
            clock.now(),
            trx,
          );
          const told = [];
          for (const z of paid) {
            const digits = await deps.minorUnitDigits(z.currency);
            told.push(
              finishedEvent(
                t,
                z.player_id,
                z.place,
                toDecimalString(BigInt(z.amount_minor!), digits),
                z.currency,
                false,
              ),
            );
          }
          await tellMany(told, trx);
        });
      }
      for (const z of prizes.filter((p) => p.kind === 'bonus')) await payBonus(t, z.place);
    }
  }

  async function payBonus(t: TournamentRow, place: number) {
    if (!deps.bonuses) return;
    const bonuses = deps.bonuses;
    try {
      await deps.wallet.transaction(async (w) => {
        const z = await repo.lockPrize(t.id, place, w.trx);
        if (!z || z.paid_at || z.unpaid_reason || z.template_id === null) return;
        const { grantId } = await bonuses.grantFromTemplate(
          { playerId: z.player_id, templateId: z.template_id, reason: `tournament ${t.id} place ${place}` },
          { trx: w.trx, wallet: w },
        );
        await repo.markPaid(t.id, [place], clock.now(), w.trx, { bonus_grant_id: String(grantId) });
        await tellMany([finishedEvent(t, z.player_id, place, null, null, true)], w.trx);
      });
    } catch (err) {
      // the engine refused (a template switched off since): recorded, never retried for ever, shown to operators
      deps.log?.error({ err, tournament: t.id, place }, 'tournament bonus prize not granted');
      await repo.transaction((trx) =>
        repo.markPaid(t.id, [place], clock.now(), trx, { unpaid_reason: String((err as Error).message).slice(0, 300) }),
      );
    }
  }

  /** `tournament_finished` for one player, once (its key): the final place, and the prize when one was paid. */
  const finishedEvent = (
    t: TournamentRow,
    playerId: string,
    place: number | null,
    amount: string | null,
    currency: string | null,
    bonus: boolean,
  ) => ({
    playerId,
    event: {
      kind: 'tournament_finished' as const,
      params: { tournament_id: Number(t.id), name: nameOf(t), place, amount, currency, bonus },
    },
    key: `tournament:${t.id}:finished:${playerId}`,
  });

  /** notifyMany in the caller's transaction, 5,000 players a statement set. */
  async function tellMany(
    items: Parameters<TournamentsDeps['notifyMany']>[0],
    trx: Parameters<TournamentsDeps['notifyMany']>[1],
  ) {
    for (let i = 0; i < items.length; i += 5_000) await deps.notifyMany(items.slice(i, i + 5_000), trx);
  }

  return {
    startDue,
    complete,
    payPrizes,
    /** One run of the schedule: starts, completions the feed allows, prizes. */
    async run() {
      await startDue();
      const ended = await repo.endedBefore(clock.now());
      if (ended.length) {
        const covered = await deps.feedCovered();
        for (const { id } of ended) {
          const t = await repo.findTournament(id);
          if (t && covered && covered >= t.ends_at) await complete(id);
        }
      }
      await payPrizes();
    },
    /** When the schedule has something to do next (a start, an end plus the feed's grace). */
    async nextAt(graceMs: number): Promise<Date | undefined> {
      const { nextStart, nextEnd } = await repo.nextEvent();
      const times = [nextStart, nextEnd && new Date(nextEnd.getTime() + 2 * graceMs + 1_000)].filter(
        (d): d is Date => !!d,
      );
      return times.length ? new Date(Math.min(...times.map((d) => d.getTime()))) : undefined;
    },
  };
}
/** Points are kept to 18 decimals while a pool is computed. */
const POINT_SCALE = 10n ** 18n;

/** A decimal an operator typed (a JSON number: 1, 0.01, 12.5) as an exact fraction n / d. */
export function rational(x: number | string): { n: bigint; d: bigint } {
  const text = typeof x === 'number' ? String(x) : x;
  const m = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) throw new RangeError(`not a plain decimal: ${text}`);
  const frac = m[2] ?? '';
  return { n: BigInt(`${m[1]}${frac}`), d: 10n ** BigInt(frac.length) };
}

/** A scaled pool as the decimal text the numeric column keeps (6 decimals, rounded down). */
function pointsText(scaled: bigint): string {
  const micro = scaled / 10n ** 12n;
  return `${micro / 1_000_000n}.${(micro % 1_000_000n).toString().padStart(6, '0')}`;
}

export type TournamentCompletion = ReturnType<typeof createTournamentCompletion>;
