import type { Redis } from 'ioredis';
import type { Config } from './config';
import type { DatabaseHandle } from './db/database';
import type { Clock } from './lib/clock';
import type { LiveBus } from './modules/live';
import type { Mailer } from './modules/mail';
import type { BalanceProvider } from './modules/accounts';
import type { CashoutPolicy, DepositPolicy } from './modules/cashbox';
import type { BetPolicy } from './modules/games';
import type { SeedSource } from './modules/house-games';

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  secrets: { jwt: string; ops: string; telegramWebhook?: string };
  clock?: Clock;
  bus?: LiveBus;
  redis?: Redis;
  /** Pino options, or false to stay quiet (tests). */
  logger?: boolean | Record<string, unknown>;
  livePingIntervalMs?: number;
  /** false: a commit that queued a bot or email notification does not start a send (tests run the job by hand). */
  notificationsKickOnCommit?: boolean;
  /** Node flags for the live processes (LIVE_PROCESSES; default: this process's own). */
  liveExecArgv?: string[];
  /** Signs Mini App initData: TELEGRAM_BOT_TOKEN, or a development token kept in DATA_DIR (main.ts decides). */
  telegramBotToken?: string | null;
  mailer?: Mailer;
  /** The wallet's balance summary for the Player fields; zero balances until a wallet is wired. */
  balances?: BalanceProvider;
  /** Asked before a deposit starts; the limits module's deposit limits unless overridden. */
  depositPolicies?: DepositPolicy[];
  /** Loss/wagering limits and session time on every real-money bet; the limits module's policy unless overridden. */
  betPolicies?: BetPolicy[];
  /** Asked before a withdrawal reserves money (KYC will fill it in); allow-all until then. */
  cashoutPolicies?: CashoutPolicy[];
  /** Where the house games' seeds come from (a test fixes them to choose an outcome); the CSPRNG by default. */
  houseSeeds?: SeedSource;
}

/** A hop count means "the nearest N proxies" (Fastify's types take it only as a function). */
export function trustedProxies(setting: boolean | number | string[]) {
  return typeof setting === 'number' ? (_address: string, hop: number) => hop < setting : setting;
}
