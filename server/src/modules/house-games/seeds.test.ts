import { describe, expect, it } from 'vitest';
import { diceOutcome, floatsFor, sha256Hex } from '@contracts/fairness';
import { as, launchGame, signUpPlayer, useTestApp } from '../../../test/fixtures';
import { scriptedSeeds, seedPairWhere } from '../../../test/house-seeds';
import { systemSeeds } from './seeds';

// The seed source is injected so tests can choose outcomes; real play keeps the CSPRNG and the published derivation.
const OVER_5050 = { direction: 'over', target: 5050 } as const;

/** Plays one dice bet, rotates the pair, and recomputes the roll from the revealed seeds the way the browser does. */
async function playAndVerify(t: ReturnType<typeof useTestApp>, email: string) {
  const p = await signUpPlayer(t, { email, currency: 'USD', deposit: 10 });
  const g = await launchGame(p, 'house-dice');
  const shown = (await as(g).get('/house-api/session')).json().fairness;
  const bet = await as(g).post('/house-api/bet', { game: 'dice', amount: 1, params: OVER_5050 });
  expect(bet.statusCode, bet.body).toBe(200);
  const revealed = (await as(g).post('/house-api/seeds/rotate')).json().revealed;
  expect(await sha256Hex(revealed.server_seed)).toBe(shown.server_seed_hash);
  const published = diceOutcome(await floatsFor(revealed.server_seed, revealed.client_seed, 0, 1), OVER_5050);
  expect(bet.json().outcome.roll).toBe(published.roll);
  expect(bet.json().payout > 0).toBe(published.isWin);
  return revealed as { server_seed: string; client_seed: string };
}

describe('the default seed source (real play)', () => {
  const t = useTestApp();

  it('makes fresh CSPRNG seeds, and a bet verifies with the published derivation', async () => {
    const a = await playAndVerify(t, 'seeds-default-a@example.com');
    const b = await playAndVerify(t, 'seeds-default-b@example.com');
    expect(a.server_seed).toMatch(/^[0-9a-f]{64}$/);
    expect(a.client_seed).toMatch(/^[0-9a-f]{16}$/);
    expect(b.server_seed).not.toBe(a.server_seed);
    expect(b.client_seed).not.toBe(a.client_seed);
  });

  it('systemSeeds gives 32-byte secrets (8 bytes for the client seed), never the same twice', () => {
    const servers = new Set(Array.from({ length: 100 }, () => systemSeeds.serverSeed()));
    expect(servers.size).toBe(100);
    for (const seed of servers) expect(seed).toMatch(/^[0-9a-f]{64}$/);
    expect(systemSeeds.clientSeed()).toMatch(/^[0-9a-f]{16}$/);
    expect(systemSeeds.crashChainSeed()).toMatch(/^[0-9a-f]{64}$/);
    expect(systemSeeds.crashSalt()).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('a chosen seed source (tests)', () => {
  const seeds = scriptedSeeds();
  const t = useTestApp({ houseSeeds: seeds });

  it('changes only where the seeds come from: the chosen pair is used, and the published derivation still holds', async () => {
    const pair = seedPairWhere((floatsAt) => diceOutcome(floatsAt(0, 1), OVER_5050).isWin);
    seeds.nextPair(pair);
    const revealed = await playAndVerify(t, 'seeds-chosen@example.com');
    expect(revealed).toMatchObject({ server_seed: pair.serverSeed, client_seed: pair.clientSeed });
    expect(seeds.pending()).toBe(0);
    // once the chosen seeds are used up the CSPRNG takes over (the rotation above made a fresh pair)
    const next = await playAndVerify(t, 'seeds-after@example.com');
    expect(next.server_seed).not.toBe(pair.serverSeed);
  });
});
