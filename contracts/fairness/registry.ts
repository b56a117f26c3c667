// The house games we run, their declared RTP and their parameters: what the lobby, the game info panel and the
// server's validation read. RTP figures are exact (see each game's *Rtp function); the tests recompute them.
import { CRASH_DEFAULT_CASHOUT, CRASH_MAX_CASHOUT, CRASH_MIN_CASHOUT, crashRtp } from './crash';
import { DICE_DEFAULT_PARAMS, diceRtp } from './dice';
import { LIMBO_DEFAULT_PARAMS, LIMBO_MAX_TARGET, LIMBO_MIN_TARGET, limboRtp } from './limbo';
import { MINES_DEFAULT_PARAMS, MINES_MAX, MINES_MIN, MINES_RTP, minesFloatCount, type MinesParams } from './mines';
import { ratioToPercent, type Ratio } from './money';
import {
  PLINKO_DEFAULT_PARAMS,
  PLINKO_MAX_ROWS,
  PLINKO_MIN_ROWS,
  PLINKO_RISKS,
  plinkoFloatCount,
  plinkoRtp,
  type PlinkoParams,
} from './plinko';
import { ROULETTE_RTP } from './roulette';
import { SLOTS_FLOATS, SLOTS_RTP } from './slots';

export type HouseGameId = 'dice' | 'limbo' | 'mines' | 'plinko' | 'slots' | 'roulette' | 'crash';
export const houseGameIds: readonly HouseGameId[] = ['dice', 'limbo', 'mines', 'plinko', 'slots', 'roulette', 'crash'];

export type ParameterSpec =
  | { kind: 'integer'; default: number; min: number; max: number; unit: string }
  | { kind: 'choice'; default: string; options: readonly string[] };

export interface HouseGameInfo {
  id: HouseGameId;
  name: string;
  /** Exact RTP at the default parameters. */
  rtp: Ratio;
  /** rtp in percent, rounded half-up to 0.01 (what the game's info shows). */
  rtpPercent: string;
  /** Lowest and highest RTP over every allowed parameter choice, in percent rounded half-up to 0.01. */
  rtpRangePercent: { min: string; max: string };
  /** How the RTP arises, one sentence for the info panel. */
  rtpNote: string;
  /** Crash rounds are shared by everyone online (hash chain); the others are per-bet seed pair + nonce. */
  isMultiplayer: boolean;
  parameters: Readonly<Record<string, ParameterSpec>>;
}

const HUNDREDTHS = 'hundredths (150 = 1.50)';

export const games: Readonly<Record<HouseGameId, HouseGameInfo>> = {
  dice: info(
    'dice',
    'Dice',
    diceRtp(DICE_DEFAULT_PARAMS),
    { min: '98.98', max: '98.99' },
    false,
    'Pays 99 / win chance; the roll has 10 001 values (0.00–100.00).',
    {
      direction: { kind: 'choice', default: DICE_DEFAULT_PARAMS.direction, options: ['over', 'under'] },
      target: {
        kind: 'integer',
        default: DICE_DEFAULT_PARAMS.target,
        min: 1,
        max: 9999,
        unit: `${HUNDREDTHS}; win chance 0.01 %–98 %`,
      },
    },
  ),
  limbo: info(
    'limbo',
    'Limbo',
    limboRtp(LIMBO_DEFAULT_PARAMS),
    { min: '98.94', max: '99.00' },
    false,
    'Result = 0.99 × 2²⁴ / (n + 1); a result at or above the target pays the target.',
    {
      target: {
        kind: 'integer',
        default: LIMBO_DEFAULT_PARAMS.target,
        min: LIMBO_MIN_TARGET,
        max: LIMBO_MAX_TARGET,
        unit: HUNDREDTHS,
      },
    },
  ),
  mines: info(
    'mines',
    'Mines',
    MINES_RTP,
    { min: '99.00', max: '99.00' },
    false,
    'Each cash-out pays 0.99 × the fair odds of having revealed that many safe tiles.',
    {
      mines: {
        kind: 'integer',
        default: MINES_DEFAULT_PARAMS.mines,
        min: MINES_MIN,
        max: MINES_MAX,
        unit: 'mines on 25 tiles',
      },
    },
  ),
  plinko: info(
    'plinko',
    'Plinko',
    plinkoRtp(PLINKO_DEFAULT_PARAMS),
    { min: '98.91', max: '99.06' },
    false,
    'Each table is fixed; its RTP is the binomial average of its multipliers (98.91 %–99.06 %).',
    {
      rows: {
        kind: 'integer',
        default: PLINKO_DEFAULT_PARAMS.rows,
        min: PLINKO_MIN_ROWS,
        max: PLINKO_MAX_ROWS,
        unit: 'rows of pins',
      },
      risk: { kind: 'choice', default: PLINKO_DEFAULT_PARAMS.risk, options: PLINKO_RISKS },
    },
  ),
  slots: info(
    'slots',
    'Lucky Sevens',
    SLOTS_RTP,
    { min: '95.99', max: '95.99' },
    false,
    'Computed exactly over all 24⁵ reel stop combinations of the published strips, 20 fixed lines.',
    {},
  ),
  roulette: info(
    'roulette',
    'European Roulette',
    ROULETTE_RTP,
    { min: '97.30', max: '97.30' },
    false,
    'Single zero: every bet returns 36/37 of its stake on average.',
    {},
  ),
  crash: info(
    'crash',
    'Crash',
    crashRtp(CRASH_DEFAULT_CASHOUT),
    { min: '98.98', max: '99.00' },
    true,
    'Crash point = 0.99 × 2³² / (n + 1) from a pre-committed hash chain; cash out before it.',
    {
      cashout: {
        kind: 'integer',
        default: CRASH_DEFAULT_CASHOUT,
        min: CRASH_MIN_CASHOUT,
        max: CRASH_MAX_CASHOUT,
        unit: HUNDREDTHS,
      },
    },
  ),
};

/** How many floats one bet draws (crash draws none: its round comes from the hash chain). */
export function houseGameFloatCount(game: HouseGameId, params?: Partial<MinesParams & PlinkoParams>): number {
  switch (game) {
    case 'mines':
      return minesFloatCount({ mines: params?.mines ?? MINES_DEFAULT_PARAMS.mines });
    case 'plinko':
      return plinkoFloatCount({
        rows: params?.rows ?? PLINKO_DEFAULT_PARAMS.rows,
        risk: params?.risk ?? PLINKO_DEFAULT_PARAMS.risk,
      });
    case 'slots':
      return SLOTS_FLOATS;
    case 'crash':
      return 0;
    default:
      return 1;
  }
}

function info(
  id: HouseGameId,
  name: string,
  rtp: Ratio,
  rtpRangePercent: { min: string; max: string },
  isMultiplayer: boolean,
  rtpNote: string,
  parameters: Record<string, ParameterSpec>,
): HouseGameInfo {
  return { id, name, rtp, rtpPercent: ratioToPercent(rtp), rtpRangePercent, rtpNote, isMultiplayer, parameters };
}
