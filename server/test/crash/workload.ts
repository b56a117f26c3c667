import { createHmac } from 'node:crypto';
import { sleep, type Answer, type Http } from './http';

// The mixed workload of the crash test: several players at once, each with four lanes running side by side (house
// bets and mines; an outside provider's signed calls; deposits and withdrawals; crash bets and cash-outs), and one
// operator deciding withdrawals. Every lane records what was acknowledged (a 2xx answer), so the checks afterwards
// can prove each acknowledged operation was applied exactly once. Idempotent calls are retried until answered with
// the same ids; calls that carry no idempotency id (a house bet, a withdrawal request) are not repeated blindly — the
// lane looks at the state instead (an open mines round is cashed out), as a player's app would.

/** Seeded PRNG (mulberry32): the same seed gives the same choices and amounts. */
export function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    chance: (p: number) => next() < p,
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!,
  };
}
export type Rng = ReturnType<typeof rng>;

export const PROVIDER = { stringId: 'acme', gameId: 'acme-fruits', secret: 'crash-test-provider-secret-0001' };
const minor = (major: number) => BigInt(Math.round(major * 100));

export interface Player {
  n: number;
  id: string;
  auth: Record<string, string>;
  tokens: { dice: string; mines: string; crash: string; acme: string };
}

/** What was acknowledged (a 2xx answer), for the exactly-once checks. Amounts in minor units. */
export interface Acks {
  deposits: Map<string, { playerId: string; amount: bigint }>;
  withdrawals: Map<string, { playerId: string; amount: bigint }>;
  decisions: Map<string, 'approve' | 'reject' | 'manual'>;
  houseBets: { playerId: string; roundId: string; stake: bigint; payout: bigint }[];
  minesStarts: { playerId: string; roundId: string; stake: bigint }[];
  minesCashouts: { playerId: string; roundId: string; stake: bigint; payout: bigint }[];
  crashBets: { playerId: string; crashRoundId: string; stake: bigint }[];
  crashCashouts: { playerId: string; crashRoundId: string; stake: bigint; payout: bigint }[];
  providerBets: Map<string, { playerId: string; amount: bigint }>;
  providerWins: Map<string, { playerId: string; amount: bigint }>;
  providerRollbacks: Map<string, { playerId: string; original: string }>;
}
export const emptyAcks = (): Acks => ({
  deposits: new Map(),
  withdrawals: new Map(),
  decisions: new Map(),
  houseBets: [],
  minesStarts: [],
  minesCashouts: [],
  crashBets: [],
  crashCashouts: [],
  providerBets: new Map(),
  providerWins: new Map(),
  providerRollbacks: new Map(),
});

export interface WorkloadContext {
  http: Http;
  acks: Acks;
  sandboxSecret: string;
  opsToken: string;
  /** True once the lanes should finish their current operation and stop. */
  stopping: () => boolean;
}

function expectOk(what: string, a: Answer) {
  if (a.status < 200 || a.status > 299) throw new Error(`${what}: HTTP ${a.status} ${a.text.slice(0, 300)}`);
  return a.json;
}

// ------------------------------------------------------------------------------------------------ setup

/** Signs a player up, opens the four game sessions and authenticates them (a launch link lives 5 minutes). */
export async function newPlayer(ctx: WorkloadContext, n: number): Promise<Player> {
  const { http } = ctx;
  const signUp = expectOk(
    'sign-up',
    await http.untilAnswered('setup', '/main-api/auth/signup', {
      body: { email: `crash-${n}@example.com`, password: 'correct horse battery', currency: 'USD', accept_terms: true },
    }),
  );
  const auth = { authorization: `Bearer ${signUp.access_token as string}` };
  const me = expectOk('users/me', await http.untilAnswered('setup', '/main-api/users/me', { headers: auth }));
  const launch = async (game: string) => {
    const body = expectOk(
      `launch ${game}`,
      await http.untilAnswered('setup', `/main-api/games/session_url/${game}/?language=en&client_type=web`, {
        headers: auth,
      }),
    );
    return new URL(body.url as string, 'http://x').searchParams.get('token')!;
  };
  const tokens = {
    dice: await launch('house-dice'),
    mines: await launch('house-mines'),
    crash: await launch('house-crash'),
    acme: await launch(PROVIDER.gameId),
  };
  for (const token of [tokens.dice, tokens.mines, tokens.crash])
    expectOk('house session', await http.untilAnswered('setup', '/house-api/session', { headers: game(token) }));
  expectOk('provider authenticate', await provider(ctx, 'setup', 'authenticate', { session_id: tokens.acme }));
  return { n, id: String(me.id), auth, tokens };
}

const game = (token: string) => ({ 'x-game-token': token });

// ------------------------------------------------------------------------------------------------ payments

function webhook(ctx: WorkloadContext, paymentId: string, eventId: string, status: 'success' | 'failed') {
  const body = JSON.stringify({ event_id: eventId, payment_id: Number(paymentId), status });
  return ctx.http.untilAnswered('deposit webhook', '/main-api/payments/webhook/sandbox', {
    headers: {
      'content-type': 'application/json',
      'x-signature': createHmac('sha256', ctx.sandboxSecret).update(body).digest('hex'),
    },
    body,
  });
}

/** A sandbox deposit: the request, then the processor's signed event, delivered until answered (sometimes twice). */
export async function deposit(ctx: WorkloadContext, p: Player, r: Rng, amount: number, opts = { mustAck: false }) {
  const created = await ctx.http.once('deposit request', '/main-api/payments/deposit', {
    headers: p.auth,
    body: { method: 'sandbox', amount },
  });
  if (created.status !== 200) {
    if (opts.mustAck) throw new Error(`deposit request: HTTP ${created.status} ${created.text}`);
    return; // unanswered or refused: nothing to deliver
  }
  const id = String(created.json.payment_id);
  if (!opts.mustAck && r.chance(0.1)) return; // the payer walked away: the deposit stays waiting, nothing credited
  const declined = !opts.mustAck && r.chance(0.1);
  const answer = await webhook(ctx, id, `evt-${id}`, declined ? 'failed' : 'success');
  if (answer.status === 200 && !declined) ctx.acks.deposits.set(id, { playerId: p.id, amount: minor(amount) });
  else if (opts.mustAck) throw new Error(`deposit webhook: HTTP ${answer.status} ${answer.text}`);
  if (!declined && r.chance(0.25)) await webhook(ctx, id, `evt-${id}`, 'success'); // the processor delivers it again
}

/** A withdrawal request (no idempotency id: a request with no answer is not repeated). */
export async function withdraw(ctx: WorkloadContext, p: Player, r: Rng) {
  const amount = r.int(5, 40);
  const a = await ctx.http.once('withdrawal request', '/main-api/payments/cashout', {
    headers: p.auth,
    body: { method: 'sandbox', amount, destination: `4111 1111 1111 ${String(1000 + p.n)}` },
  });
  if (a.status === 200) ctx.acks.withdrawals.set(String(a.json.payment_id), { playerId: p.id, amount: minor(amount) });
}

/** The operator: looks at the waiting withdrawals and decides some; a decision with no answer is sent again. */
export async function operatorLane(ctx: WorkloadContext, r: Rng) {
  const ops = { authorization: `Bearer ${ctx.opsToken}`, 'x-operator': 'crash-test' };
  while (!ctx.stopping()) {
    await sleep(r.int(50, 300));
    const list = await ctx.http.once('ops list', '/ops-api/withdrawals', { headers: ops });
    if (list.status !== 200) continue;
    const waiting = list.json as { id: number; status: number }[];
    for (let i = 0; i < 5 && waiting.length > 0; i++) {
      const w = waiting.splice(r.int(0, waiting.length - 1), 1)[0]!;
      const roll = r.next();
      const action = roll < 0.5 ? 'approve' : roll < 0.9 ? 'reject' : 'manual';
      if (action === 'manual' && w.status === 4) continue;
      const body =
        action === 'approve' ? (r.chance(0.3) ? { fee: 1 } : {}) : action === 'reject' ? { reason: 'test' } : {};
      const a = await ctx.http.untilAnswered(`ops ${action}`, `/ops-api/withdrawals/${w.id}/${action}`, {
        headers: ops,
        body,
      });
      if (a.status === 200) ctx.acks.decisions.set(String(w.id), action);
    }
  }
}

// ------------------------------------------------------------------------------------------------ house games

async function diceBet(ctx: WorkloadContext, p: Player, r: Rng) {
  const amount = r.int(10, 300) / 100;
  const a = await ctx.http.once('dice bet', '/house-api/bet', {
    headers: game(p.tokens.dice),
    body: { game: 'dice', amount, params: { direction: r.pick(['over', 'under']), target: r.int(2000, 8000) } },
  });
  if (a.status === 200)
    ctx.acks.houseBets.push({
      playerId: p.id,
      roundId: String(a.json.round_id),
      stake: minor(a.json.amount),
      payout: minor(a.json.payout),
    });
}

/** Cash out the open mines round until answered (a cash-out is safe to repeat: it pays the open round once). */
async function minesCashout(ctx: WorkloadContext, p: Player, roundId: string, stake: bigint) {
  const a = await ctx.http.untilAnswered('mines cashout', '/house-api/mines/cashout', {
    method: 'POST',
    headers: game(p.tokens.mines),
  });
  if (a.status === 200 && a.json.status === 'cashed_out')
    ctx.acks.minesCashouts.push({ playerId: p.id, roundId, stake, payout: minor(a.json.payout) });
  return a;
}

/** The round the player's app would show after a call that got no answer. */
async function openMines(ctx: WorkloadContext, p: Player) {
  const s = await ctx.http.untilAnswered('mines session', '/house-api/session', { headers: game(p.tokens.mines) });
  return s.status === 200
    ? (s.json.open_round as { round_id: number; amount: number; revealed: number[] } | null)
    : null;
}

async function minesGame(ctx: WorkloadContext, p: Player, r: Rng) {
  let open = await openMines(ctx, p);
  let roundId: string;
  let stake: bigint;
  let revealed: number[];
  if (open) {
    roundId = String(open.round_id);
    stake = minor(open.amount);
    revealed = open.revealed;
  } else {
    const amount = r.int(10, 300) / 100;
    const start = await ctx.http.once('mines start', '/house-api/mines/start', {
      headers: game(p.tokens.mines),
      body: { amount, mines: r.pick([1, 3, 5]) },
    });
    if (start.status === 200) {
      ctx.acks.minesStarts.push({ playerId: p.id, roundId: String(start.json.round_id), stake: minor(amount) });
      roundId = String(start.json.round_id);
      stake = minor(amount);
      revealed = [];
    } else if (start.status === 0) {
      open = await openMines(ctx, p);
      if (!open) return;
      roundId = String(open.round_id);
      stake = minor(open.amount);
      revealed = open.revealed;
    } else return;
  }
  const picks = r.int(1, 3);
  const tiles = Array.from({ length: 25 }, (_, i) => i).filter((t) => !revealed.includes(t));
  for (let i = 0; i < picks; i++) {
    const tile = tiles.splice(r.int(0, tiles.length - 1), 1)[0]!;
    const a = await ctx.http.once('mines reveal', '/house-api/mines/reveal', {
      headers: game(p.tokens.mines),
      body: { tile },
    });
    if (a.status === 0) break; // unanswered: cash out whatever is open now
    if (a.status !== 200) return;
    if (a.json.status === 'busted') return;
    if (a.json.status === 'cashed_out') {
      ctx.acks.minesCashouts.push({ playerId: p.id, roundId, stake, payout: minor(a.json.payout) });
      return;
    }
  }
  const now = await openMines(ctx, p);
  if (now && String(now.round_id) === roundId && now.revealed.length > 0) await minesCashout(ctx, p, roundId, stake);
}

export async function houseLane(ctx: WorkloadContext, p: Player, r: Rng) {
  while (!ctx.stopping()) {
    if (r.chance(0.6)) await diceBet(ctx, p, r);
    else await minesGame(ctx, p, r);
  }
}

// ------------------------------------------------------------------------------------------------ crash

interface CrashStateJson {
  round_id: number;
  phase: 'betting' | 'running' | 'crashed';
  starts_at: string;
  now: string;
}

export async function crashLane(ctx: WorkloadContext, p: Player, r: Rng) {
  const headers = game(p.tokens.crash);
  while (!ctx.stopping()) {
    const s = await ctx.http.once('crash state', '/house-api/crash/state', { headers });
    if (s.status !== 200) {
      await sleep(200);
      continue;
    }
    const state = s.json as CrashStateJson;
    const left = Date.parse(state.starts_at) - Date.parse(state.now);
    if (state.phase !== 'betting' || left < 500) {
      await sleep(200);
      continue;
    }
    const amount = r.int(10, 300) / 100;
    const auto = r.chance(0.5) ? r.int(105, 250) : null;
    const bet = await ctx.http.once('crash bet', '/house-api/crash/bet', {
      headers,
      body: { amount, auto_cashout: auto },
    });
    if (bet.status === 0) {
      await sleep(500);
      continue;
    }
    if (bet.status !== 200) continue;
    const crashRoundId = String(bet.json.round_id);
    ctx.acks.crashBets.push({ playerId: p.id, crashRoundId, stake: minor(amount) });
    if (auto !== null && r.chance(0.6)) {
      await sleep(Math.max(0, left));
      continue; // let the auto cash-out (or the crash) settle it
    }
    await sleep(Math.max(0, left) + r.int(0, 1500));
    const out = await ctx.http.untilAnswered('crash cashout', '/house-api/crash/cashout', { headers, body: {} });
    if (out.status === 200 && Number(out.json.round_id) === Number(crashRoundId) && out.json.status === 'cashed_out')
      ctx.acks.crashCashouts.push({
        playerId: p.id,
        crashRoundId,
        stake: minor(amount),
        payout: minor(out.json.payout),
      });
  }
}

// ------------------------------------------------------------------------------------------------ provider gateway

/** A signed provider call, sent until answered (or once). */
function provider(ctx: WorkloadContext, label: string, call: string, body: unknown, { retry = true } = {}) {
  const raw = JSON.stringify(body);
  const req = {
    headers: {
      'content-type': 'application/json',
      'x-request-sign': createHmac('sha256', PROVIDER.secret).update(raw).digest('hex'),
    },
    body: raw,
  };
  const path = `/gateway-api/${PROVIDER.stringId}/${call}`;
  return retry ? ctx.http.untilAnswered(label, path, req) : ctx.http.once(label, path, req);
}

/**
 * One provider round: a bet, then a win, a rollback, or a second bet and a win in one call. A bet that got no answer
 * is either sent again or rolled back (what aggregators do); every call is sent until answered, with its ids.
 */
export async function providerLane(ctx: WorkloadContext, p: Player, r: Rng) {
  let n = 0;
  const session = p.tokens.acme;
  const play = (label: string, round: string, actions: unknown[], finished: boolean, retry = true) =>
    provider(
      ctx,
      label,
      'play',
      { session_id: session, currency: 'USD', game_id: round, finished, actions },
      { retry },
    );
  const rollback = async (round: string, original: string) => {
    const id = `${original}:rb`;
    const a = await provider(ctx, 'provider rollback', 'rollback', {
      game_id: round,
      actions: [{ action: 'rollback', action_id: id, original_action_id: original }],
    });
    if (a.status === 200) ctx.acks.providerRollbacks.set(id, { playerId: p.id, original });
  };
  while (!ctx.stopping()) {
    const round = `p${p.n}-r${++n}`;
    const betId = `${round}:b1`;
    const amount = r.int(100, 500);
    const betAction = [{ action: 'bet', action_id: betId, amount }];
    let bet = await play('provider bet', round, betAction, false, false);
    if (bet.status === 0 || bet.status >= 500) {
      if (r.chance(0.5)) {
        await rollback(round, betId); // no answer: the aggregator cancels the bet
        continue;
      }
      bet = await play('provider bet', round, betAction, false); // or sends it again, the same
    }
    if (bet.status !== 200) continue;
    ctx.acks.providerBets.set(betId, { playerId: p.id, amount: BigInt(amount) });
    const roll = r.next();
    if (roll < 0.4) {
      const win = r.chance(0.4) ? 0 : r.int(0, 1200);
      const a = await play('provider win', round, [{ action: 'win', action_id: `${round}:w1`, amount: win }], true);
      if (a.status === 200) ctx.acks.providerWins.set(`${round}:w1`, { playerId: p.id, amount: BigInt(win) });
    } else if (roll < 0.75) {
      await rollback(round, betId);
    } else {
      const more = r.int(100, 300);
      const win = r.int(0, 1500);
      const a = await play(
        'provider bet+win',
        round,
        [
          { action: 'bet', action_id: `${round}:b2`, amount: more },
          { action: 'win', action_id: `${round}:w2`, amount: win },
        ],
        true,
      );
      if (a.status === 200) {
        ctx.acks.providerBets.set(`${round}:b2`, { playerId: p.id, amount: BigInt(more) });
        ctx.acks.providerWins.set(`${round}:w2`, { playerId: p.id, amount: BigInt(win) });
      }
    }
  }
}

export async function paymentsLane(ctx: WorkloadContext, p: Player, r: Rng) {
  while (!ctx.stopping()) {
    if (r.chance(0.5)) await deposit(ctx, p, r, r.int(20, 200));
    else await withdraw(ctx, p, r);
    await sleep(r.int(20, 150));
  }
}
