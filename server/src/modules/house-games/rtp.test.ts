import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  BP_ONE,
  bytesFor,
  crashRtp,
  diceOutcome,
  diceRtp,
  floatsFromBytes,
  games,
  limboOutcome,
  limboRtp,
  minePositions,
  minesMultiplierBp,
  minesRtp,
  plinkoOutcome,
  plinkoRtp,
  roulettePocket,
  ROULETTE_RTP,
  settleRouletteBets,
  slotsOutcome,
  SLOTS_RTP,
  type Ratio,
} from '@contracts/fairness';
import { crashPointOf } from './crash.service';
import { serverFloats } from './house.service';

// The measured return of each house game over ≥ 1,000,000 rounds of the real scheme (HMAC-SHA256 of a fixed server seed
// and client seed, nonces 0 … N−1; crash: a real hash chain) against the declared RTP. Tolerance: 5 standard errors of
// the mean payout, from the payout variance measured in the same run (a correct game fails this about once in 3.5 M runs;
// a game off by a few tenths of a percent fails it).
const ROUNDS = 1_000_000;
const SERVER_SEED = 'b5a1f1c3d2e4f60718293a4b5c6d7e8f9011223344556677889900aabbccddeef';
const CLIENT_SEED = 'rtp-check';
const ratioValue = (r: Ratio) => Number(r.num) / Number(r.den);

/** Running mean and standard error of payout multipliers (per unit stake). */
class Tally {
  private n = 0;
  private sum = 0;
  private sumSq = 0;
  add(x: number) {
    this.n++;
    this.sum += x;
    this.sumSq += x * x;
  }
  get result() {
    const mean = this.sum / this.n;
    return { mean, se: Math.sqrt((this.sumSq / this.n - mean * mean) / this.n), rounds: this.n };
  }
}
function expectRtp(name: string, measured: { mean: number; se: number; rounds: number }, declared: number) {
  expect(measured.rounds).toBeGreaterThanOrEqual(ROUNDS);
  const tolerance = 5 * measured.se;
  console.info(
    `${name}: measured ${(measured.mean * 100).toFixed(3)} % · declared ${(declared * 100).toFixed(3)} % · ±${(tolerance * 100).toFixed(3)} %`,
  );
  expect(Math.abs(measured.mean - declared)).toBeLessThanOrEqual(tolerance);
}

// Every game reads the stream of bet n (nonce n) from its start, exactly as the server does; one stream per nonce
// feeds every game's tally (each game's measurement still uses a million independent bets).
const dice = [
  { direction: 'over' as const, target: 5050 },
  { direction: 'under' as const, target: 1000 },
];
const limbo = [200, 1000];
const mines = [
  [3, 2],
  [10, 1],
] as const;
const plinko = [
  { rows: 16, risk: 'low' as const },
  { rows: 8, risk: 'high' as const },
];
const roulette = [
  { kind: 'straight' as const, numbers: [17], amount: 100n },
  { kind: 'red' as const, amount: 100n },
  { kind: 'dozen' as const, index: 2 as const, amount: 100n },
];
const crashTargets = [150, 1000];
let tallies: Map<string, Tally> | null = null;

function runAll(): Map<string, Tally> {
  if (tallies) return tallies;
  const t = new Map<string, Tally>();
  const tally = (key: string) => t.get(key) ?? (t.set(key, new Tally()), t.get(key)!);
  const minesPay = mines.map(([m, k]) => ({
    key: `mines ${m}/${k}`,
    m,
    picks: Array.from({ length: k }, (_, i) => i * 5),
    pay: minesMultiplierBp({ mines: m }, k) / BP_ONE,
  }));
  for (let nonce = 0; nonce < ROUNDS; nonce++) {
    const f = serverFloats(SERVER_SEED, CLIENT_SEED, nonce, 16);
    for (const p of dice) tally(`dice ${p.direction} ${p.target}`).add(diceOutcome(f, p).payoutBp / BP_ONE);
    for (const target of limbo) tally(`limbo ${target}`).add(limboOutcome(f, { target }).payoutBp / BP_ONE);
    for (const m of minesPay) {
      const tiles = minePositions(f, { mines: m.m });
      tally(m.key).add(m.picks.some((p) => tiles.includes(p)) ? 0 : m.pay);
    }
    for (const p of plinko) tally(`plinko ${p.rows} ${p.risk}`).add(plinkoOutcome(f, p).payoutBp / BP_ONE);
    tally('slots').add(slotsOutcome(f).payoutBp / BP_ONE);
    const pocket = roulettePocket(f);
    for (const bet of roulette)
      tally(`roulette ${bet.kind}`).add(Number(settleRouletteBets([bet], pocket).returned) / 100);
  }
  const salt = '0000000000000000000301e2801a9a9598bfb114e574a91a887f2132f33047e6';
  let hash = createHash('sha256').update('rtp-chain-seed').digest('hex');
  for (let i = 0; i < ROUNDS; i++) {
    hash = createHash('sha256').update(hash).digest('hex');
    const point = crashPointOf(hash, salt);
    for (const target of crashTargets) tally(`crash ${target}`).add(point >= target ? target / 100 : 0);
  }
  tallies = t;
  return t;
}
const measured = (key: string) => runAll().get(key)!.result;

describe('declared RTP against a million rounds of each game', { timeout: 180_000 }, () => {
  it('the synchronous server stream equals the browser verifier’s WebCrypto stream', async () => {
    for (const nonce of [0, 1, 99]) {
      expect(serverFloats(SERVER_SEED, CLIENT_SEED, nonce, 24)).toEqual(
        floatsFromBytes(await bytesFor(SERVER_SEED, CLIENT_SEED, nonce, 96), 24),
      );
    }
  });
  it('dice', () => {
    for (const p of dice)
      expectRtp(`dice ${p.direction} ${p.target}`, measured(`dice ${p.direction} ${p.target}`), ratioValue(diceRtp(p)));
  });
  it('limbo', () => {
    for (const target of limbo)
      expectRtp(`limbo ${target / 100}×`, measured(`limbo ${target}`), ratioValue(limboRtp({ target })));
  });
  it('mines: reveal k tiles, then cash out', () => {
    for (const [m, k] of mines) {
      // the paid multiplier is rounded down to basis points: the exact RTP is P(k safe picks) × that multiplier (≤ 99 %)
      let safe = 1;
      for (let i = 0; i < k; i++) safe *= (25 - m - i) / (25 - i);
      const declared = safe * (minesMultiplierBp({ mines: m }, k) / BP_ONE);
      expect(declared).toBeLessThanOrEqual(ratioValue(minesRtp({ mines: m }, k)) + 1e-12);
      expectRtp(`mines ${m} mines, ${k} picks`, measured(`mines ${m}/${k}`), declared);
    }
    expect(ratioValue(games.mines.rtp)).toBeCloseTo(0.99, 12);
  });
  it('plinko', () => {
    for (const p of plinko)
      expectRtp(`plinko ${p.rows} ${p.risk}`, measured(`plinko ${p.rows} ${p.risk}`), ratioValue(plinkoRtp(p)));
  });
  it('slots', () => {
    expectRtp('slots', measured('slots'), ratioValue(SLOTS_RTP));
  });
  it('roulette: straight, red and dozen bets', () => {
    for (const bet of roulette)
      expectRtp(`roulette ${bet.kind}`, measured(`roulette ${bet.kind}`), ratioValue(ROULETTE_RTP));
  });
  it('crash: auto cash-out over a real hash chain', () => {
    for (const target of crashTargets)
      expectRtp(`crash auto ${target / 100}×`, measured(`crash ${target}`), ratioValue(crashRtp(target)));
  });
});
