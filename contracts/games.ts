import { z } from 'zod';
import { paged } from './common';

// Games: the lobby (spec §3 Game, §7 Games), bets history (int-api), and the house-games API that the game page
// inside the iframe calls with its launch token. Money on the wire is major units (numbers); the server keeps
// minor units.

// ---------------------------------------------------------------- lobby (main-api)

export const gameItem = z.object({
  id: z.number(),
  string_id: z.string(),
  name: z.string(),
  /** The provider's string id. */
  provider: z.string(),
  provider_name: z.string(),
  /** Cover image URL, or null (the app draws a tile from the name). */
  image: z.string().nullable(),
  has_demo: z.boolean(),
  /** House (provably fair) game. */
  is_house: z.boolean(),
  /** Declared RTP in percent ("98.99"), where known. */
  rtp: z.string().nullable(),
  /** Only in the /my variants. */
  is_favourite: z.boolean().optional(),
});
export type GameItem = z.infer<typeof gameItem>;
export const gamesPage = paged(gameItem);
export type GamesPage = z.infer<typeof gamesPage>;

const booleanQuery = z.preprocess(
  (v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v),
  z.boolean(),
);

/** GET /main-api/games/filter and /main-api/games/my/filter (is_favourite only means something in /my). */
export const gamesFilterQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(24),
  name: z.string().trim().max(64).optional(),
  provider: z.string().max(64).optional(),
  block_string_id: z.string().max(64).optional(),
  is_favourite: booleanQuery.optional(),
});
export type GamesFilterQuery = z.infer<typeof gamesFilterQuery>;

/** GET /main-api/games/providers and /my/providers. */
export const gameProvider = z.object({
  id: z.number(),
  string_id: z.string(),
  name: z.string(),
  games_count: z.number(),
});
export const gameProviders = z.array(gameProvider);
export type GameProvider = z.infer<typeof gameProvider>;

/** GET /main-api/games/blocks?language_code=: the lobby's rows, in order, with the block's title in that language. */
export const gameBlocksQuery = z.object({ language_code: z.string().min(2).max(8).default('en') });
export const gameBlock = z.object({
  id: z.number(),
  string_id: z.string(),
  title: z.string(),
  order: z.number(),
  games_count: z.number(),
});
export const gameBlocks = z.array(gameBlock);
export type GameBlock = z.infer<typeof gameBlock>;

/** GET /main-api/games/random?currency= (guests): a random game that has a demo. */
export const randomGameQuery = z.object({
  currency: z
    .string()
    .regex(/^[A-Z]{3,5}$/)
    .default('USD'),
});

/** GET /main-api/games/session_url/{game_string_id}/ (players). */
export const sessionUrlQuery = z.object({
  language: z.string().min(2).max(8).default('en'),
  demo_flag: booleanQuery.default(false),
  client_type: z.enum(['web', 'telegram']).default('web'),
});
export type SessionUrlQuery = z.infer<typeof sessionUrlQuery>;
/** "A game object plus a URL": the URL opens in the game page's iframe. */
export const sessionUrlResponse = gameItem.extend({ url: z.string(), demo: z.boolean() });
export type SessionUrlResponse = z.infer<typeof sessionUrlResponse>;

// ---------------------------------------------------------------- bets history (int-api, the caller only)

export const betsHistoryQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(50),
});
/** One round of one game (a spin, a dice roll, a crash round), as /profile/history/bets lists it. */
export const betHistoryItem = z.object({
  id: z.number(),
  game_string_id: z.string(),
  game_name: z.string(),
  provider: z.string(),
  currency: z.string(),
  bet_amount: z.number(),
  win_amount: z.number(),
  /** Win / bet as a decimal string ("2.0000"), or null while the round is open or had no stake. */
  multiplier: z.string().nullable(),
  status: z.enum(['open', 'closed', 'rolled_back']),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type BetHistoryItem = z.infer<typeof betHistoryItem>;
export const betsHistory = paged(betHistoryItem);

/** GET /int-api/spins/{id}/user: the money events of one round (page size 10), with the house game's proof. */
export const spinItem = z.object({
  id: z.number(),
  type: z.enum(['bet', 'win', 'rollback']),
  amount: z.number(),
  currency: z.string(),
  created_at: z.string(),
});
/** A house game settled from a seed pair: revealed seed, client seed and nonce recompute the outcome. */
export const fairnessProof = z.object({
  game: z.enum(['dice', 'limbo', 'mines', 'plinko', 'slots', 'roulette']),
  server_seed_hash: z.string(),
  /** Revealed once the seed pair is rotated; null until then. */
  server_seed: z.string().nullable(),
  client_seed: z.string(),
  nonce: z.number(),
  params: z.record(z.string(), z.unknown()),
  outcome: z.record(z.string(), z.unknown()),
});
export type FairnessProof = z.infer<typeof fairnessProof>;
/** Crash: a shared round from a hash chain; the round's game hash and the chain's salt give the crash point. */
export const crashProof = z.object({
  game: z.literal('crash'),
  round_id: z.number(),
  game_number: z.number(),
  terminating_hash: z.string(),
  salt: z.string(),
  /** Revealed when the round crashes; null while it runs. */
  game_hash: z.string().nullable(),
  /** Hundredths (250 = 2.50×); null while the round runs. */
  crash_point: z.number().nullable(),
  params: z.object({ auto_cashout: z.number().nullable() }),
  outcome: z.object({
    crash_point: z.number().nullable(),
    /** Hundredths at which the bet was cashed out, or null. */
    cashout_at: z.number().nullable(),
    status: z.enum(['active', 'cashed_out', 'lost']),
  }),
});
export type CrashProof = z.infer<typeof crashProof>;
export const betProof = z.discriminatedUnion('game', [fairnessProof, crashProof]);
export type BetProof = z.infer<typeof betProof>;
export const spinsPage = paged(spinItem).extend({ round: betHistoryItem, proof: betProof.nullable() });
export type SpinsPage = z.infer<typeof spinsPage>;

// ---------------------------------------------------------------- house games (house-api, header X-Game-Token)

export const houseGameIds = ['dice', 'limbo', 'mines', 'plinko', 'slots', 'roulette', 'crash'] as const;
export type HouseGame = (typeof houseGameIds)[number];

export const houseFairness = z.object({
  server_seed_hash: z.string(),
  client_seed: z.string(),
  /** The nonce the next bet will use. */
  nonce: z.number(),
});
export type HouseFairness = z.infer<typeof houseFairness>;

/** GET /house-api/session: what the game page needs to draw itself. */
/** Free rounds left on this game: "free round 3 of 10" (the next one's number is total - left + 1). */
export const freeRoundsState = z.object({ left: z.number().int(), total: z.number().int(), bet: z.number() });
export type FreeRoundsState = z.infer<typeof freeRoundsState>;
export const houseSession = z.object({
  game: z.enum(houseGameIds),
  name: z.string(),
  demo: z.boolean(),
  currency: z.string(),
  /** Digits after the point for this currency (USD 2, TON 9). */
  digits: z.number(),
  /** Playable balance (real + bonus), or demo credits in a demo session. */
  balance: z.number(),
  min_bet: z.number(),
  max_bet: z.number(),
  rtp: z.string(),
  rtp_note: z.string(),
  language: z.string(),
  client_type: z.enum(['web', 'telegram']),
  fairness: houseFairness,
  /** An unfinished mines round (after a reload), else null. */
  open_round: z
    .object({
      round_id: z.number(),
      amount: z.number(),
      mines: z.number(),
      revealed: z.array(z.number()),
      multiplier_bp: z.number(),
    })
    .nullable(),
  /** The player's free rounds on this game (a real-money session), or null. */
  free_rounds: freeRoundsState.nullable().optional(),
  /**
   * While a bonus is wagering, the most a bet may stake (its max bet, in `currency`), below `max_bet`; null without
   * one. The game shows it beside the range and its Max button stops there (issue 28).
   */
  bonus_max_bet: z.number().nullable().optional(),
});
export type HouseSession = z.infer<typeof houseSession>;

const betAmount = z.number().positive('must be more than 0').finite();
const diceParams = z.object({ direction: z.enum(['over', 'under']), target: z.number().int() });
const limboParams = z.object({ target: z.number().int() });
const plinkoParams = z.object({ rows: z.number().int(), risk: z.enum(['low', 'medium', 'high']) });
const rouletteBet = z.discriminatedUnion('kind', [
  z.object({
    kind: z.enum(['straight', 'split', 'street', 'corner', 'sixLine']),
    numbers: z.array(z.number().int()).min(1).max(6),
    amount: betAmount,
  }),
  z.object({ kind: z.enum(['red', 'black', 'odd', 'even', 'low', 'high']), amount: betAmount }),
  z.object({
    kind: z.enum(['dozen', 'column']),
    index: z.union([z.literal(1), z.literal(2), z.literal(3)]),
    amount: betAmount,
  }),
]);
export type RouletteBetInput = z.infer<typeof rouletteBet>;

/** POST /house-api/bet: one-shot games. Roulette's stake is the sum of its bets' amounts (amount is ignored). */
/**
 * A free round of the player's free-rounds bonus (issue 16): the bonus's own stake (the amount sent is not used), no
 * money taken, the win to the bonus balance.
 */
const freeRound = z.boolean().optional();
export const houseBetBody = z.discriminatedUnion('game', [
  z.object({ game: z.literal('dice'), amount: betAmount, params: diceParams, free_round: freeRound }),
  z.object({ game: z.literal('limbo'), amount: betAmount, params: limboParams, free_round: freeRound }),
  z.object({ game: z.literal('plinko'), amount: betAmount, params: plinkoParams, free_round: freeRound }),
  z.object({ game: z.literal('slots'), amount: betAmount, params: z.object({}).optional(), free_round: freeRound }),
  z.object({
    game: z.literal('roulette'),
    amount: betAmount.optional(),
    params: z.object({ bets: z.array(rouletteBet).min(1).max(40) }),
  }),
]);
export type HouseBetBody = z.infer<typeof houseBetBody>;
export const houseBetResult = z.object({
  round_id: z.number(),
  game: z.enum(houseGameIds),
  amount: z.number(),
  payout: z.number(),
  /** Payout / stake in basis points (20000 = 2.00×). */
  multiplier_bp: z.number(),
  nonce: z.number(),
  /** The game's outcome object from contracts/fairness (roll, result, path, window + line wins, pocket …). */
  outcome: z.record(z.string(), z.unknown()),
  balance: z.number(),
  fairness: houseFairness,
  /** Present for a free round: the rounds left after it. */
  free_rounds: freeRoundsState.optional(),
});
export type HouseBetResult = z.infer<typeof houseBetResult>;

/** Mines: POST /house-api/mines/start {amount, mines}, /mines/reveal {tile}, /mines/cashout {}. */
export const minesStartBody = z.object({ amount: betAmount, mines: z.number().int() });
export const minesRevealBody = z.object({ tile: z.number().int().min(0).max(24) });
export const minesState = z.object({
  round_id: z.number(),
  amount: z.number(),
  mines: z.number(),
  revealed: z.array(z.number()),
  status: z.enum(['open', 'busted', 'cashed_out']),
  /** Cash-out multiplier now (basis points); 0 before the first safe tile or after a bust. */
  multiplier_bp: z.number(),
  /** Multiplier the next safe tile would give, basis points (null when none is left). */
  next_multiplier_bp: z.number().nullable(),
  payout: z.number(),
  /** Mine tiles, shown once the round is over. */
  mine_tiles: z.array(z.number()).nullable(),
  nonce: z.number(),
  balance: z.number(),
  fairness: houseFairness,
});
export type MinesState = z.infer<typeof minesState>;

/** POST /house-api/seeds/client {client_seed} → houseFairness; POST /house-api/seeds/rotate → rotation. */
export const clientSeedBody = z.object({
  client_seed: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[\x21-\x7e]+$/, 'printable characters without spaces'),
});
export const seedRotation = z.object({
  /** The pair that just ended, with its server seed revealed. */
  revealed: z.object({
    server_seed: z.string(),
    server_seed_hash: z.string(),
    client_seed: z.string(),
    nonce: z.number(),
  }),
  fairness: houseFairness,
});
export type SeedRotation = z.infer<typeof seedRotation>;

// ---------------------------------------------------------------- crash (shared rounds)

export const crashPhase = z.enum(['betting', 'running', 'crashed']);
/** GET /house-api/crash/state, and the data of every `crash` live message (broadcast on /users/ws). */
export const crashState = z.object({
  round_id: z.number(),
  /** Game number g in the chain: hashing the revealed game hash g times gives the terminating hash. */
  game_number: z.number(),
  terminating_hash: z.string(),
  salt: z.string(),
  phase: crashPhase,
  /** ISO time: betting ends and the multiplier starts rising. */
  starts_at: z.string(),
  /** Server time of this message (ISO), to correct the client's clock. */
  now: z.string(),
  /** Multiplier in hundredths at `now` while running (100 = 1.00×). */
  multiplier: z.number(),
  /** Set once crashed: the crash point (hundredths) and the round's game hash. */
  crash_point: z.number().nullable(),
  game_hash: z.string().nullable(),
  /** Last crash points, newest first. */
  history: z.array(z.object({ round_id: z.number(), crash_point: z.number() })),
  players: z.number(),
});
export type CrashState = z.infer<typeof crashState>;

/** POST /house-api/crash/bet {amount, auto_cashout?} (betting phase only); POST /house-api/crash/cashout {}. */
export const crashBetBody = z.object({
  amount: betAmount,
  auto_cashout: z.number().int().min(101).max(100_000_000).nullable().optional(),
});
export const crashMyBet = z.object({
  round_id: z.number(),
  amount: z.number(),
  auto_cashout: z.number().nullable(),
  status: z.enum(['active', 'cashed_out', 'lost']),
  /** Hundredths at which the bet was cashed out. */
  cashout_at: z.number().nullable(),
  payout: z.number(),
  balance: z.number(),
});
export type CrashMyBet = z.infer<typeof crashMyBet>;

export {
  GAME_TOKEN_HEADER,
  CRASH_GROWTH_PER_MS,
  crashMultiplierAt,
  isHouseFrameMessage,
  type HouseFrameMessage,
  type HouseActionState,
  type HouseAppCommand,
  isHouseAppCommand,
  HOUSE_STATE_MIN_INTERVAL_MS,
  HOUSE_PALETTE_TOKENS,
  isPaletteValue,
  type HousePalette,
} from './house-protocol';
