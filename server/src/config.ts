import { z } from 'zod';

// Every setting the server reads from the environment, with the embedded defaults: the platform's here, a module's in
// its own folder (`<x>.settings.ts`, `declareSettings`, collected below). README.md lists them; keep the two in step.
export const booleanFromEnv = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

const urlList = z
  .string()
  .default('')
  .transform((s) =>
    s
      .split(',')
      .map((u) => u.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.string().url()));

const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('.data'),
  DATABASE_URL: z.string().optional(),
  /** Connections per instance to PostgreSQL (PGlite always uses one). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(16),
  REDIS_URL: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * The site's public URL: every link the server builds (mails, the deposit checkout, the TON Connect manifest, the
   * blocked-page redirect) starts with it, never with a request header. Required in production; in development and
   * tests `http://localhost:$PORT`.
   */
  PUBLIC_URL: z.string().url().optional(),
  /** Other brands' public URLs, comma-separated: a request to one of these hosts gets links to it (else PUBLIC_URL). */
  PUBLIC_URLS: urlList,
  /** Origins, besides the public URLs, whose pages may call the API from a browser (CORS), comma-separated. */
  CORS_ORIGINS: urlList,
  JWT_SECRET: z.string().min(32).optional(),
  JWT_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(7 * 24 * 3600),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
  /** The live channel (/users/ws): a socket that sends no `{token}` message within this time is closed (4408). */
  LIVE_AUTH_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  /** The live channel: open sockets per client address (TRUST_PROXY decides the address); more are closed (4429). */
  LIVE_MAX_SOCKETS_PER_IP: z.coerce.number().int().min(1).default(20),
  /**
   * The live channel's sockets in this many child processes of the instance (0: in this process). On a machine with
   * several cores, a broadcast to many sockets is written by all of them at once (docs/benchmarks.md).
   */
  LIVE_PROCESSES: z.coerce.number().int().min(0).max(64).default(0),
  /**
   * Whose X-Forwarded-* headers to believe (the client IP behind per-IP limits, the public scheme and host):
   * `true`/`false`, a hop count, or addresses/CIDRs/`loopback`/`linklocal`/`uniquelocal`, comma-separated.
   * The default trusts proxies on this machine and in private networks only, so a server reachable directly from
   * the internet cannot be fooled by a forged X-Forwarded-For.
   */
  TRUST_PROXY: z
    .string()
    .default('loopback,linklocal,uniquelocal')
    .transform((v): boolean | number | string[] => {
      const value = v.trim();
      if (value === 'true' || value === 'false') return value === 'true';
      if (/^\d+$/.test(value)) return Number(value);
      return value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
    }),
  SEED_DEMO_DATA: booleanFromEnv.default(true),
  BLOCKED_COUNTRIES: z
    .string()
    .default('')
    .transform((s) =>
      s
        .split(',')
        .map((c) => c.trim().toUpperCase())
        .filter(Boolean),
    ),
  COUNTRY_HEADER: z.string().default('cf-ipcountry'),
  BLOCKED_REDIRECT_URL: z.string().optional(),
  APP_DIST_DIR: z.string().default('dist/app'),
  TELEGRAM_BOT_TOKEN: z.string().optional(),
  TELEGRAM_BOT_USERNAME: z.string().optional(),
  TELEGRAM_API_ROOT: z.string().url().default('https://api.telegram.org'),
  TELEGRAM_WEBHOOK_SECRET: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,256}$/, 'must be 1-256 of A-Z a-z 0-9 _ -')
    .optional(),
  TELEGRAM_USE_POLLING: booleanFromEnv.default(false),
  TELEGRAM_WEBAPP_SHORT_NAME: z.string().optional(),
  // the Web App URL's `?v=`; default: the git commit, else the package version (server/src/lib/build-version.ts)
  BUILD_VERSION: z.string().min(1).max(64).optional(),
  PAYMENTS_SANDBOX_ENABLED: booleanFromEnv.optional(),
  PAYMENTS_SANDBOX_SECRET: z.string().min(16).optional(),
  PAYMENTS_MIN_DEPOSIT: z.coerce.number().positive().default(1),
  PAYMENTS_MAX_DEPOSIT: z.coerce.number().positive().default(10000),
  PAYMENTS_MIN_WITHDRAWAL: z.coerce.number().positive().default(5),
  PAYMENTS_MAX_WITHDRAWAL: z.coerce.number().positive().default(5000),
  PAYMENTS_SANDBOX_PLATFORMS: z
    .string()
    .default('web,telegram')
    .transform((s) =>
      s
        .split(',')
        .map((p) => p.trim())
        .filter((p): p is 'web' | 'telegram' => p === 'web' || p === 'telegram'),
    ),
  // TON deposits (TON Connect). The default is a testnet demo address whose key nobody holds (derived from a fixed
  // hash), so the method shows in development; set your own house wallet (and TON_NETWORK=mainnet) for real money.
  TON_DEPOSIT_ADDRESS: z.string().default('0QB2prN8MMZD7w27LSOphr5K29WzURtPq4xYNPB0JkXh0V69'),
  TON_NETWORK: z.enum(['mainnet', 'testnet']).default('testnet'),
  TON_API_URL: z.string().url().optional(),
  TON_API_KEY: z.string().optional(),
  TON_POLL_INTERVAL_MS: z.coerce.number().int().min(200).default(10_000),
  TON_WATCHER_ENABLED: booleanFromEnv.optional(),
  /** The jurisdiction's ceiling on a bonus's wagering multiplier (the UK: 10 from 19 January 2026); unset: none. */
  BONUS_MAX_WAGERING_MULTIPLIER: z.coerce.number().positive().optional(),
  /**
   * The longest a money transaction may run: the ledger feed's window-closing rule closes a window (a bonus's expiry,
   * later a cashback period or a tournament) 2 × this after its end (server/src/modules/wallet/ledger-feed.ts).
   */
  FEED_WINDOW_GRACE_MS: z.coerce.number().int().min(0).default(30_000),
  /** Notifications: bot messages a second, all chats together (Telegram allows about 30 a bot; per instance). */
  NOTIFY_TELEGRAM_PER_SECOND: z.coerce.number().positive().max(30).default(25),
  /** Notifications: the most players one operator message may reach. */
  NOTIFY_SEGMENT_CAP: z.coerce.number().int().min(1).default(200_000),
  // house games
  GAMES_DEMO_CREDITS: z.coerce.number().positive().default(1000),
  /** Lets this instance drive the crash rounds; with several instances one holds the lease, the others stand by. Off in tests unless set. */
  CRASH_DRIVER_ENABLED: booleanFromEnv.optional(),
  /** Run scheduled jobs (server/src/jobs.ts) in this instance; default on, off when NODE_ENV=test (tests call runNow). */
  JOBS_ENABLED: booleanFromEnv.optional(),
  CRASH_BETTING_MS: z.coerce.number().int().min(1000).default(7000),
  CRASH_PAUSE_MS: z.coerce.number().int().min(500).default(3000),
  CRASH_CHAIN_LENGTH: z.coerce.number().int().min(10).max(10_000_000).default(100_000),
  /** The published salt of the crash chain (e.g. a future Bitcoin block hash announced with the terminating hash). */
  CRASH_SALT: z
    .string()
    .regex(/^[0-9a-f]{16,128}$/)
    .optional(),
  TON_RATE_SOURCE: z.enum(['static']).default('static'),
  TON_RATES: z.string().default('USD:5.2,EUR:4.8,GBP:4.1,RUB:420,KGS:450'),
  TON_TRANSFER_TTL_SECONDS: z.coerce.number().int().min(60).default(300),
  /**
   * How long after its validUntil a TON deposit with no transfer seen is closed as expired: long enough for a transfer
   * signed just before validUntil to become final and be read by the watcher (polls, API lag, retries).
   */
  TON_DEPOSIT_EXPIRY_GRACE_SECONDS: z.coerce.number().int().min(60).default(600),
  SUPPORT_URL: z.string().default('https://t.me/'),
  PRIVACY_URL: z.string().optional(),
  TELEGRAM_INIT_DATA_MAX_AGE_SECONDS: z.coerce.number().int().positive().default(3600),
  MAIN_BRAND: booleanFromEnv.default(true),
  DEFAULT_CURRENCY: z
    .string()
    .regex(/^[A-Z]{3,5}$/)
    .default('USD'),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Casino <no-reply@casino.local>'),
  EMAIL_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(24 * 3600),
  RESET_TOKEN_TTL_SECONDS: z.coerce.number().int().positive().default(3600),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(30),
  AUTH_ATTEMPTS_PER_WINDOW: z.coerce.number().int().positive().default(10),
  AUTH_ATTEMPT_WINDOW_SECONDS: z.coerce.number().int().positive().default(900),
  CAPTCHA_PROVIDER: z.enum(['turnstile', 'hcaptcha', '']).default(''),
  CAPTCHA_SECRET: z.string().optional(),
  CAPTCHA_SITE_KEY: z.string().optional(),
  CAPTCHA_VERIFY_URL: z.string().url().optional(),
});

const withDefaults = configSchema
  .superRefine((c, ctx) => {
    if (c.NODE_ENV === 'production' && !c.PUBLIC_URL)
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_URL'],
        message: 'required in production (links in mails and payments are built from it, never from request headers)',
      });
  })
  .transform((c) => {
    const local = [`http://localhost:${c.PORT}`, `http://127.0.0.1:${c.PORT}`];
    return {
      ...c,
      PUBLIC_URL: (c.PUBLIC_URL ?? local[0]!).replace(/\/+$/, ''),
      // a development server also answers on its loopback address (its own, not a header's choice)
      PUBLIC_URLS: [...c.PUBLIC_URLS, ...(c.NODE_ENV === 'production' || c.PUBLIC_URL ? [] : local.slice(1))].map((u) =>
        u.replace(/\/+$/, ''),
      ),
    };
  });

declare global {
  /**
   * The settings modules declare in their own folders (`<x>.settings.ts`): `declareSettings({ X_KEY: z... })` and
   * `interface CasinoModuleSettings extends SettingsOf<typeof xSettings> {}` (`declare global`).
   */
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
  interface CasinoModuleSettings {}
}
export type Config = z.infer<typeof withDefaults> & CasinoModuleSettings;
/** The values a module's declared settings parse to. */
export type SettingsOf<S extends z.ZodRawShape> = z.infer<z.ZodObject<S>>;

const moduleSettings: Record<string, z.ZodType> = {};
/**
 * Declares a module's settings (once, when its file is loaded; its door imports it): read by loadConfig with the
 * platform's, so a bad value stops start-up with the rest. A key the platform or another module has is refused.
 */
export function declareSettings<S extends z.ZodRawShape>(shape: S): S {
  for (const [key, schema] of Object.entries(shape)) {
    if (key in configSchema.shape || (key in moduleSettings && moduleSettings[key] !== schema))
      throw new Error(`setting ${key} is declared twice`);
    moduleSettings[key] = schema as z.ZodType;
  }
  return shape;
}
/** The keys modules declared (README.md lists them with the platform's). */
export const declaredSettingKeys = (): string[] => Object.keys(moduleSettings);

/**
 * Whether `config` was read with every declared module setting: a module's value read from a configuration loaded
 * before its door was (a script that called loadConfig first) would be silently missing. Checked at start-up.
 */
export function assertSettingsLoaded(config: object): void {
  const missing = declaredSettingKeys().filter((key) => !(key in config));
  if (missing.length)
    throw new Error(`configuration loaded before these settings were declared: ${missing.join(', ')}`);
}

/**
 * The public URL (no trailing slash) for links answered to a request to `host`: the configured brand URL of that host
 * when there is one, else PUBLIC_URL. The host only chooses among configured URLs; it never becomes part of a link.
 */
export function publicUrlFor(config: Pick<Config, 'PUBLIC_URL' | 'PUBLIC_URLS'>, host?: string | null): string {
  if (host) {
    const wanted = host.toLowerCase();
    for (const url of [config.PUBLIC_URL, ...config.PUBLIC_URLS]) {
      if (new URL(url).host.toLowerCase() === wanted) return url;
    }
  }
  return config.PUBLIC_URL;
}

/** Every configured public origin (PUBLIC_URL and PUBLIC_URLS). */
export function publicOrigins(config: Pick<Config, 'PUBLIC_URL' | 'PUBLIC_URLS'>): string[] {
  return [config.PUBLIC_URL, ...config.PUBLIC_URLS].map((u) => new URL(u).origin);
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = withDefaults.safeParse(env);
  const modules = z.object(moduleSettings).safeParse(env);
  const issues = [...(parsed.error?.issues ?? []), ...(modules.error?.issues ?? [])];
  if (!parsed.success || !modules.success) {
    const problems = issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  // every declared key present (undefined when unset and optional), so assertSettingsLoaded can tell
  const declared = Object.fromEntries(declaredSettingKeys().map((key) => [key, modules.data[key]]));
  return { ...parsed.data, ...declared } as Config;
}
