// zod-free (the game page in the iframe stays light): types only from the zod contract.
import type { z } from 'zod';
import { endpoint } from './endpoint';
import type {
  clientSeedBody,
  crashBetBody,
  CrashMyBet,
  CrashState,
  houseBetBody,
  HouseBetResult,
  HouseFairness,
  HouseSession,
  minesRevealBody,
  minesStartBody,
  MinesState,
  SeedRotation,
} from './games';

/** The house games' API, called by the game page (src/house) with its launch token, spec: issue 9. */
export const session = endpoint<HouseSession>('GET', 'house-api', '/session');
export const bet = endpoint<HouseBetResult, z.input<typeof houseBetBody>>('POST', 'house-api', '/bet');
export const minesStart = endpoint<MinesState, z.input<typeof minesStartBody>>('POST', 'house-api', '/mines/start');
export const minesReveal = endpoint<MinesState, z.input<typeof minesRevealBody>>('POST', 'house-api', '/mines/reveal');
export const minesCashout = endpoint<MinesState>('POST', 'house-api', '/mines/cashout');
export const clientSeed = endpoint<HouseFairness, z.input<typeof clientSeedBody>>('POST', 'house-api', '/seeds/client');
export const rotateSeed = endpoint<SeedRotation>('POST', 'house-api', '/seeds/rotate');
export const crashState = endpoint<CrashState>('GET', 'house-api', '/crash/state');
export const crashBet = endpoint<CrashMyBet, z.input<typeof crashBetBody>>('POST', 'house-api', '/crash/bet');
export const crashCashout = endpoint<CrashMyBet>('POST', 'house-api', '/crash/cashout');
