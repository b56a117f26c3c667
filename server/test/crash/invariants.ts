import pg from 'pg';
import { minesPayout } from '@contracts/fairness';
import { PROVIDER, type Acks } from './workload';

// The books after the crash test, read straight from the database: every invariant is a name and the list of its
// violations (empty when it holds). Amounts in minor units (bigint).

export interface InvariantResult {
  name: string;
  violations: string[];
}

interface Entry {
  player_id: string;
  kind: string;
  real: bigint;
  bonus: bigint;
  pending: bigint;
  key: string;
}
interface Tx {
  id: string;
  provider_id: number;
  provider_tx_id: string;
  kind: 'bet' | 'win' | 'rollback' | 'tombstone';
  round_id: string | null;
  amount: bigint;
  real: bigint;
  bonus: bigint;
  result: string;
  rolled_back: boolean;
  created_at: Date;
}
interface Round {
  id: string;
  provider_id: number;
  round_ref: string;
  player_id: string;
  demo: boolean;
  bet: bigint;
  win: bigint;
  status: string;
  created_at: Date;
}

const big = (v: string | number | null) => BigInt(v ?? 0);

export async function loadBooks(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const q = async <T>(text: string) => (await client.query(text)).rows as T[];
    const accounts = await q<{ player_id: string; real: string; bonus: string; pending: string }>(
      `select player_id::text, real_minor::text as real, bonus_minor::text as bonus,
              pending_withdrawal_minor::text as pending from wallet_accounts`,
    );
    const entries = (
      await q<{ player_id: string; kind: string; r: string; b: string; p: string; key: string }>(
        `select player_id::text, kind, real_delta_minor::text as r, bonus_delta_minor::text as b,
                pending_delta_minor::text as p, idempotency_key as key from wallet_ledger_entries order by id`,
      )
    ).map((e): Entry => ({
      player_id: e.player_id,
      kind: e.kind,
      real: big(e.r),
      bonus: big(e.b),
      pending: big(e.p),
      key: e.key,
    }));
    const payments = await q<{
      id: string;
      player_id: string;
      type: 'deposit' | 'withdrawal';
      amount: string;
      status: number;
    }>(`select id::text, player_id::text, type, amount_minor::text as amount, status from cashbox_payments`);
    const providers = await q<{ id: number; string_id: string }>(`select id, string_id from games_providers`);
    const rounds = (
      await q<Omit<Round, 'bet' | 'win'> & { bet: string; win: string }>(
        `select id::text, provider_id, round_ref, player_id::text, demo, bet_minor::text as bet, win_minor::text as win,
                status, created_at from games_rounds`,
      )
    ).map((r): Round => ({ ...r, bet: big(r.bet), win: big(r.win) }));
    const txs = (
      await q<Omit<Tx, 'amount' | 'real' | 'bonus'> & { amount: string; real: string; bonus: string }>(
        `select id::text, provider_id, provider_tx_id, kind, round_id::text, amount_minor::text as amount,
                real_minor::text as real, bonus_minor::text as bonus, result, rolled_back, created_at
         from games_transactions`,
      )
    ).map((t): Tx => ({ ...t, amount: big(t.amount), real: big(t.real), bonus: big(t.bonus) }));
    // intent columns (settled_at) exist once the house games keep their intents (issue 13); older schemas lack them
    const hasColumn = async (table: string, column: string) =>
      (
        await q<{ n: number }>(
          `select count(*)::int as n from information_schema.columns where table_name = '${table}' and column_name = '${column}'`,
        )
      )[0]!.n > 0;
    const settledAt = async (table: string) =>
      (await hasColumn(table, 'settled_at')) ? 'settled_at is not null' : 'null::boolean';
    const mines = await q<{
      round_id: string | null;
      mines: number;
      mine_tiles: number[];
      revealed: number[];
      amount: string;
      status: string;
      settled: boolean | null;
    }>(
      `select round_id::text, mines, mine_tiles, revealed, amount_minor::text as amount, status,
              ${await settledAt('house_mines_rounds')} as settled from house_mines_rounds`,
    );
    const crashRounds = await q<{ id: string; phase: string }>(`select id::text, phase from house_crash_rounds`);
    const crashBets = await q<{
      crash_round_id: string;
      player_id: string;
      amount: string;
      cashout_at: number | null;
      status: string;
      settled: boolean | null;
    }>(
      `select crash_round_id::text, player_id::text, amount_minor::text as amount, cashout_at, status,
              ${await settledAt('house_crash_bets')} as settled from house_crash_bets`,
    );
    const now = (await q<{ now: Date }>(`select now() as now`))[0]!.now;
    return { accounts, entries, payments, providers, rounds, txs, mines, crashRounds, crashBets, now };
  } finally {
    await client.end();
  }
}
export type Books = Awaited<ReturnType<typeof loadBooks>>;

/** Every invariant of the brief, on one snapshot of the books. */
export function checkInvariants(books: Books, acks: Acks): InvariantResult[] {
  const results: InvariantResult[] = [];
  const add = (name: string, violations: string[]) => results.push({ name, violations });
  const byKey = new Map(books.entries.map((e) => [e.key, e]));
  const houseId = books.providers.find((p) => p.string_id === 'house')?.id;
  const acmeId = books.providers.find((p) => p.string_id === PROVIDER.stringId)?.id;
  const roundById = new Map(books.rounds.map((r) => [r.id, r]));
  const roundByRef = new Map(books.rounds.map((r) => [`${r.provider_id}|${r.round_ref}`, r]));
  const txByRef = new Map(books.txs.map((t) => [`${t.provider_id}|${t.provider_tx_id}`, t]));
  const txsOfRound = new Map<string, Tx[]>();
  for (const t of books.txs) if (t.round_id) txsOfRound.set(t.round_id, [...(txsOfRound.get(t.round_id) ?? []), t]);
  const fmt = (m: bigint) => (Number(m) / 100).toFixed(2);

  // 1, 2: balances are the sum of their entries, and never negative
  {
    const sums = new Map<string, { real: bigint; bonus: bigint; pending: bigint }>();
    for (const e of books.entries) {
      const s = sums.get(e.player_id) ?? { real: 0n, bonus: 0n, pending: 0n };
      s.real += e.real;
      s.bonus += e.bonus;
      s.pending += e.pending;
      sums.set(e.player_id, s);
    }
    const wrong: string[] = [];
    const negative: string[] = [];
    for (const a of books.accounts) {
      const s = sums.get(a.player_id) ?? { real: 0n, bonus: 0n, pending: 0n };
      for (const part of ['real', 'bonus', 'pending'] as const) {
        const balance = big(a[part]);
        if (balance !== s[part])
          wrong.push(`player ${a.player_id}: ${part} ${fmt(balance)} but its entries sum to ${fmt(s[part])}`);
        if (balance < 0n) negative.push(`player ${a.player_id}: ${part} is ${fmt(balance)}`);
      }
    }
    add('balance = Σ ledger entries (real, bonus, pending) for every player', wrong);
    add('no negative balance', negative);
  }

  // 3, 4: withdrawals — the reservation and its release or settlement match the status
  {
    const reservedWaiting = new Map<string, bigint>();
    const wrong: string[] = [];
    for (const p of books.payments.filter((x) => x.type === 'withdrawal')) {
      const amount = big(p.amount);
      const reserve = byKey.get(`withdrawal:${p.id}:reserve`);
      const settle = byKey.get(`withdrawal:${p.id}:settle`);
      const release = byKey.get(`withdrawal:${p.id}:release`);
      const waiting = p.status === 0 || p.status === 4;
      if (waiting) reservedWaiting.set(p.player_id, (reservedWaiting.get(p.player_id) ?? 0n) + amount);
      const has = `reserved ${!!reserve}, settled ${!!settle}, released ${!!release}`;
      const expected = waiting
        ? { reserve: true, settle: false, release: false }
        : p.status === 3
          ? { reserve: true, settle: false, release: true }
          : { reserve: true, settle: true, release: false };
      if (!!reserve !== expected.reserve || !!settle !== expected.settle || !!release !== expected.release)
        wrong.push(`withdrawal ${p.id} (player ${p.player_id}, ${fmt(amount)}) in status ${p.status}: ${has}`);
      if (release && !reserve) wrong.push(`withdrawal ${p.id}: released without a reservation`);
      if (reserve && (reserve.pending !== amount || reserve.real !== -amount))
        wrong.push(`withdrawal ${p.id}: reservation of ${fmt(reserve.pending)} for ${fmt(amount)}`);
      if (release && (release.pending !== -amount || release.real !== amount))
        wrong.push(`withdrawal ${p.id}: release of ${fmt(release.real)} for ${fmt(amount)}`);
      if (settle && settle.pending !== -amount) wrong.push(`withdrawal ${p.id}: settlement of ${fmt(-settle.pending)}`);
    }
    add(
      "every withdrawal's reservation and release/settlement match its status (0/4 reserved; 1/2 settled; 3 released)",
      wrong,
    );
    const pendingWrong: string[] = [];
    for (const a of books.accounts) {
      const expected = reservedWaiting.get(a.player_id) ?? 0n;
      if (big(a.pending) !== expected)
        pendingWrong.push(
          `player ${a.player_id}: ${fmt(big(a.pending))} reserved, waiting withdrawals total ${fmt(expected)}`,
        );
    }
    add('reserved balance = Σ withdrawals waiting for a decision, per player', pendingWrong);
  }

  // 5: deposits — credited exactly once when succeeded, never otherwise
  {
    const wrong: string[] = [];
    for (const p of books.payments.filter((x) => x.type === 'deposit')) {
      const credit = byKey.get(`deposit:${p.id}`);
      if (p.status === 1 && (!credit || credit.real !== big(p.amount)))
        wrong.push(`deposit ${p.id} succeeded but credited ${credit ? fmt(credit.real) : 'nothing'}`);
      if (p.status !== 1 && credit)
        wrong.push(`deposit ${p.id} in status ${p.status} but credited ${fmt(credit.real)}`);
    }
    add('every deposit credited exactly once if it succeeded, never otherwise', wrong);
  }

  // 6, 7, 12: game money — each ok bet debited once, each ok win credited once, each rolled-back bet refunded once
  const roundEntries = new Map<string, Entry[]>();
  {
    const money: string[] = [];
    const refunds: string[] = [];
    const bookWrong: string[] = [];
    const used = new Set<string>();
    const take = (round: string, key: string, kinds: string[]) => {
      const e = byKey.get(key);
      if (!e || !kinds.includes(e.kind)) return undefined;
      used.add(key);
      roundEntries.set(round, [...(roundEntries.get(round) ?? []), e]);
      return e;
    };
    for (const round of books.rounds) {
      if (round.demo) continue;
      const txs = txsOfRound.get(round.id) ?? [];
      const bets = txs.filter((t) => t.kind === 'bet');
      let staked = 0n;
      let won = 0n;
      for (const t of txs) {
        const k = `game:${t.provider_id}:${t.provider_tx_id}`;
        const label = `${t.kind} ${t.provider_tx_id} (round ${round.id}, player ${round.player_id}, result ${t.result}${t.rolled_back ? ', rolled back' : ''})`;
        if (t.kind === 'bet') {
          const debits = [take(round.id, k, ['bet']), take(round.id, `${k}:bet`, ['bet'])].filter((e) => !!e);
          if (t.result === 'ok') {
            if (debits.length !== 1) money.push(`${label}: debited ${debits.length} times`);
            else if (-(debits[0]!.real + debits[0]!.bonus) !== t.amount)
              money.push(`${label}: debited ${fmt(-(debits[0]!.real + debits[0]!.bonus))} for ${fmt(t.amount)}`);
            if (!t.rolled_back) staked += t.amount;
          } else if (debits.length > 0) money.push(`${label}: not ok but debited`);
          const refund = take(round.id, `game:${t.provider_id}:rollback:${t.provider_tx_id}`, ['refund']);
          if (t.rolled_back && t.result === 'ok' && !refund) refunds.push(`${label}: rolled back, never refunded`);
          if (refund && !(t.rolled_back && t.result === 'ok')) refunds.push(`${label}: refunded, not rolled back`);
          if (refund && refund.real + refund.bonus !== t.amount)
            refunds.push(`${label}: refunded ${fmt(refund.real + refund.bonus)} of ${fmt(t.amount)}`);
        } else if (t.kind === 'win') {
          const credits = [
            take(round.id, k, ['win']),
            ...bets.map((b) => take(round.id, `game:${b.provider_id}:${b.provider_tx_id}:win`, ['win'])),
          ].filter((e) => !!e);
          if (t.result === 'ok') {
            won += t.amount;
            const expected = t.amount > 0n ? 1 : 0;
            if (credits.length !== expected) money.push(`${label}: ${fmt(t.amount)} credited ${credits.length} times`);
            else if (expected && credits[0]!.real + credits[0]!.bonus !== t.amount)
              money.push(`${label}: credited ${fmt(credits[0]!.real + credits[0]!.bonus)} for ${fmt(t.amount)}`);
          } else if (credits.length > 0) money.push(`${label}: not ok but credited`);
        }
      }
      if (round.bet !== staked || round.win !== won)
        bookWrong.push(
          `round ${round.id} (${round.round_ref}): booked bet ${fmt(round.bet)} win ${fmt(round.win)}, transactions say ${fmt(staked)} / ${fmt(won)}`,
        );
    }
    for (const e of books.entries)
      if (e.key.startsWith('game:') && !used.has(e.key))
        money.push(`ledger entry ${e.key} (${e.kind}) belongs to no game transaction`);
    add(
      'game money matches the transactions (each ok bet debited once, each ok win credited once, nothing else)',
      money,
    );
    add('no bet rolled back without its refund (and no refund without a rollback)', refunds);
    add("every round's booked bet and win match its transactions", bookWrong);
  }

  // 8, 9: nothing left half-done
  add(
    'no pending game transaction left after recovery',
    books.txs
      .filter((t) => t.result === 'pending')
      .map(
        (t) =>
          `${t.kind} ${t.provider_tx_id} (provider ${t.provider_id}) pending since ${t.created_at.toISOString()} (${Math.round((books.now.getTime() - t.created_at.getTime()) / 1000)} s)`,
      ),
  );
  {
    const wrong: string[] = [];
    const openMines = new Set(books.mines.filter((m) => m.status === 'open').map((m) => m.round_id));
    const liveCrash = new Set(books.crashRounds.filter((c) => c.phase !== 'crashed').map((c) => c.id));
    for (const r of books.rounds) {
      if (r.provider_id !== houseId || r.status !== 'open' || r.demo) continue;
      const staked = (txsOfRound.get(r.id) ?? []).some((t) => t.kind === 'bet' && t.result === 'ok' && !t.rolled_back);
      const crash = /^c(\d+):/.exec(r.round_ref);
      if (!staked) wrong.push(`round ${r.id} (${r.round_ref}) is open with no stake`);
      else if (!openMines.has(r.id) && !(crash && liveCrash.has(crash[1]!)))
        wrong.push(`round ${r.id} (${r.round_ref}) is open, its game is over`);
    }
    add('no house round left open without a stake or after its game ended', wrong);
  }

  // 10: mines
  {
    const wrong: string[] = [];
    for (const m of books.mines) {
      const label = `mines round ${m.round_id ?? '(no game round)'} (${m.status})`;
      if (m.status === 'pending') {
        wrong.push(`${label}: its start was left half-done`);
        continue;
      }
      const round = m.round_id === null ? undefined : roundById.get(m.round_id);
      const bet = round && txByRef.get(`${round.provider_id}|${round.round_ref}:bet`);
      if (m.status === 'void') {
        // a start refused or reversed: no stake may stay taken (a refund is checked with the rollbacks)
        if (bet && bet.result === 'ok' && !bet.rolled_back) wrong.push(`${label}: void, its stake still taken`);
        if (round && round.status === 'open') wrong.push(`${label}: void, its game round still open`);
        continue;
      }
      if (!round) {
        wrong.push(`${label}: no game round`);
        continue;
      }
      const win = txByRef.get(`${round.provider_id}|${round.round_ref}:win`);
      if (!bet || bet.result !== 'ok' || bet.rolled_back)
        wrong.push(
          `${label}: its stake is ${bet ? `${bet.result}${bet.rolled_back ? ', rolled back' : ''}` : 'missing'}`,
        );
      if (m.status === 'cashed_out') {
        const safe = m.revealed.filter((t) => !m.mine_tiles.includes(t)).length;
        const payout = minesPayout(big(m.amount), { mines: m.mines }, safe);
        if (!win || win.result !== 'ok' || win.amount !== payout)
          wrong.push(
            `${label}: cashed out for ${fmt(payout)} but paid ${win ? `${fmt(win.amount)} (${win.result})` : 'nothing'}`,
          );
      }
      if (m.status !== 'open' && round.status === 'open') wrong.push(`${label}: over, its game round still open`);
      if (m.status !== 'open' && m.settled === false) wrong.push(`${label}: over, never marked settled`);
    }
    add('mines: every cashed-out round paid its payout, every finished round closed, no start left half-done', wrong);
  }

  // 11: crash
  {
    const wrong: string[] = [];
    const phase = new Map(books.crashRounds.map((c) => [c.id, c.phase]));
    for (const b of books.crashBets) {
      if (phase.get(b.crash_round_id) !== 'crashed') continue; // still in play
      const label = `crash bet of player ${b.player_id} in crash round ${b.crash_round_id} (${b.status})`;
      const round =
        houseId === undefined ? undefined : roundByRef.get(`${houseId}|c${b.crash_round_id}:${b.player_id}`);
      const bet = round && txByRef.get(`${round.provider_id}|${round.round_ref}:bet`);
      const win = round && txByRef.get(`${round.provider_id}|${round.round_ref}:win`);
      const staked = !!bet && bet.result === 'ok' && !bet.rolled_back;
      if (b.status === 'active') wrong.push(`${label}: still active after the crash`);
      // a bet whose stake never moved may stay only if it was voided (settled with nothing to pay)
      if (!staked && b.settled !== true)
        wrong.push(`${label}: no stake was taken (${bet ? bet.result : 'no bet'}) and it was not voided`);
      if (b.settled === false && b.status !== 'active') wrong.push(`${label}: never marked settled`);
      if (staked && b.status === 'cashed_out') {
        const payout = (big(b.amount) * BigInt(b.cashout_at ?? 0)) / 100n;
        if (!win || win.result !== 'ok' || win.amount !== payout)
          wrong.push(
            `${label}: cashed out at ${b.cashout_at} for ${fmt(payout)}, paid ${win ? `${fmt(win.amount)} (${win.result})` : 'nothing'}`,
          );
      }
      if (round && round.status === 'open') wrong.push(`${label}: its game round is still open`);
    }
    add('crash: every bet of a crashed round staked and settled, every cash-out paid', wrong);
  }

  // 13: acknowledged operations applied exactly once
  {
    const wrong: string[] = [];
    const net = (roundId: string) => (roundEntries.get(roundId) ?? []).reduce((s, e) => s + e.real + e.bonus, 0n);
    const payment = new Map(books.payments.map((p) => [p.id, p]));
    for (const [id, d] of acks.deposits) {
      const p = payment.get(id);
      const credit = byKey.get(`deposit:${id}`);
      if (!p || p.status !== 1 || !credit || credit.real !== d.amount)
        wrong.push(
          `deposit ${id} (acknowledged): status ${p?.status}, credited ${credit ? fmt(credit.real) : 'nothing'}`,
        );
    }
    for (const [id, w] of acks.withdrawals) {
      if (!payment.get(id) || !byKey.get(`withdrawal:${id}:reserve`))
        wrong.push(`withdrawal ${id} of ${fmt(w.amount)} (acknowledged): ${payment.get(id) ? 'not reserved' : 'gone'}`);
    }
    for (const [id, action] of acks.decisions) {
      const status = payment.get(id)?.status;
      const fits = action === 'approve' ? status === 1 || status === 2 : action === 'reject' ? status === 3 : true;
      if (!fits) wrong.push(`withdrawal ${id}: ${action} acknowledged, status ${status}`);
    }
    const houseRound = (roundId: string, what: string, expectNet?: bigint) => {
      const round = roundById.get(roundId);
      const bet = round && txByRef.get(`${round.provider_id}|${round.round_ref}:bet`);
      if (!round || !bet || bet.result !== 'ok') return wrong.push(`${what}: round ${roundId} has no ok stake`);
      if (expectNet !== undefined && net(roundId) !== expectNet)
        wrong.push(`${what}: round ${roundId} moved ${fmt(net(roundId))}, the answer said ${fmt(expectNet)}`);
    };
    for (const b of acks.houseBets) houseRound(b.roundId, 'house bet (acknowledged)', b.payout - b.stake);
    for (const m of acks.minesStarts) houseRound(m.roundId, 'mines start (acknowledged)');
    for (const m of acks.minesCashouts) houseRound(m.roundId, 'mines cash-out (acknowledged)', m.payout - m.stake);
    const crashRound = (c: { playerId: string; crashRoundId: string }) =>
      houseId === undefined ? undefined : roundByRef.get(`${houseId}|c${c.crashRoundId}:${c.playerId}`);
    for (const c of acks.crashBets) {
      const round = crashRound(c);
      if (!round) wrong.push(`crash bet (acknowledged) in crash round ${c.crashRoundId}: no game round`);
      else houseRound(round.id, `crash bet (acknowledged) in crash round ${c.crashRoundId}`);
    }
    for (const c of acks.crashCashouts) {
      const round = crashRound(c);
      if (!round) wrong.push(`crash cash-out (acknowledged) in crash round ${c.crashRoundId}: no game round`);
      else houseRound(round.id, `crash cash-out (acknowledged) in crash round ${c.crashRoundId}`, c.payout - c.stake);
    }
    for (const [id, b] of acks.providerBets) {
      const t = txByRef.get(`${acmeId}|${id}`);
      const debit = byKey.get(`game:${acmeId}:${id}`);
      if (!t || t.kind !== 'bet' || t.result !== 'ok' || !debit || -(debit.real + debit.bonus) !== b.amount)
        wrong.push(
          `provider bet ${id} (acknowledged): ${t ? `${t.kind} ${t.result}` : 'no transaction'}, debit ${debit ? 'found' : 'missing'}`,
        );
    }
    for (const [id, w] of acks.providerWins) {
      const t = txByRef.get(`${acmeId}|${id}`);
      const credit = byKey.get(`game:${acmeId}:${id}`);
      if (!t || t.result !== 'ok' || (w.amount > 0n && (!credit || credit.real + credit.bonus !== w.amount)))
        wrong.push(
          `provider win ${id} of ${fmt(w.amount)} (acknowledged): ${t ? t.result : 'no transaction'}, credit ${credit ? 'found' : 'missing'}`,
        );
    }
    for (const [id, rb] of acks.providerRollbacks) {
      const t = txByRef.get(`${acmeId}|${id}`);
      const original = txByRef.get(`${acmeId}|${rb.original}`);
      const refund = byKey.get(`game:${acmeId}:rollback:${rb.original}`);
      if (!t) wrong.push(`provider rollback ${id} (acknowledged): not recorded`);
      else if (!original) wrong.push(`provider rollback ${id} (acknowledged): neither the bet nor a tombstone`);
      else if (original.kind === 'bet' && !original.rolled_back)
        wrong.push(`provider rollback ${id} (acknowledged): bet ${rb.original} not rolled back`);
      else if (original.kind === 'bet' && original.result === 'ok' && !refund)
        wrong.push(`provider rollback ${id} (acknowledged): bet ${rb.original} never refunded`);
    }
    add('every acknowledged operation (2xx answer) applied exactly once', wrong);
  }
  return results;
}
