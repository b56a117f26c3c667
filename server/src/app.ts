import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import websocket from '@fastify/websocket';
import { sql } from 'kysely';
import type { Redis } from 'ioredis';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { publicUrlFor, type Config } from './config';
import type { DatabaseHandle } from './db/database';
import { systemClock, type Clock } from './lib/clock';
import { createTokenService } from './lib/tokens';
import { createJobRunner } from './jobs';
import { createAuthGuard } from './plugins/auth-guard';
import { frameworkErrors, registerErrorHandler } from './plugins/error-handler';
import { registerEtag } from './plugins/etag';
import { registerOpenApi } from './plugins/openapi';
import { registerSecurity } from './plugins/security';
import { createImageInliner, registerStaticApp } from './plugins/static-app';
import { createInformationalRepository } from './modules/informational/informational.repository';
import { createInformationalService } from './modules/informational/informational.service';
import { informationalRoutes } from './modules/informational/informational.routes';
import { contentPagesOperatorRoutes, contentPagesRoutes } from './modules/informational/content-pages.routes';
import {
  createInProcessBus,
  createLiveHub,
  createLiveProcesses,
  liveRoutes,
  type LiveBus,
  type LiveSockets,
} from './modules/live';
import {
  createSiteStatusRepository,
  createSiteStatusService,
  registerSiteStatusGate,
  siteStatusRoutes,
} from './modules/site-status';
import {
  createBalanceAdjustments,
  createOperatorActionsRepository,
  createOperatorActionsService,
  operatorRoutes,
} from './modules/operator';
import { createMailer, type Mailer } from './modules/mail';
import { createAccountsRepository } from './modules/accounts/accounts.repository';
import { createAccountsService } from './modules/accounts/accounts.service';
import { createAccountLinksService } from './modules/accounts/account-links.service';
import { createAttemptLimiter } from './modules/accounts/attempts';
import { createCaptchaVerifier } from './modules/accounts/captcha';
import { createTwoFactorService } from './modules/accounts/two-factor.service';
import type { BalanceProvider } from './modules/accounts/player-view';
import { accountsRoutes } from './modules/accounts/accounts.routes';
import { accountsOperatorRoutes } from './modules/accounts/accounts.operator-routes';
import { devRoutes } from './modules/accounts/dev.routes';
import type { Bot } from 'grammy';
import { botOptionsFromConfig, createBot } from '../../telegram/bot';
import { notificationTexts } from '../../telegram/notification-texts';
import { refreshMenuButtonVersion, telegramWebhookRoutes } from './modules/telegram-bot';
import { createPlayerNotifier } from './modules/notifications';
import { createWalletRepository, createWalletService } from './modules/wallet';
import { createHmac } from 'node:crypto';
import { createCashboxRepository } from './modules/cashbox/cashbox.repository';
import { createCashboxService, type CashoutPolicy, type DepositPolicy } from './modules/cashbox/cashbox.service';
import {
  betsHistoryRoutes,
  createCatalogueRepository,
  createCatalogueService,
  createGamesRepository,
  createGatewayService,
  gamesRoutes,
  providerGatewayRoutes,
  type BetPolicy,
} from './modules/games';
import {
  createCrashRepository,
  createCrashService,
  createHouseRepository,
  createHouseService,
  houseRoutes,
  HOUSE_RECOVERY_EVERY_MS,
  type SeedSource,
} from './modules/house-games';
import { createLimitsRepository, createLimitsService, limitsOperatorRoutes, limitsRoutes } from './modules/limits';
import { SELF_EXCLUSION } from './modules/accounts/accounts.service';
import {
  cashboxOperatorRoutes,
  cashboxRoutes,
  cashboxWebhookRoutes,
  sandboxCheckoutRoutes,
  tonManifestRoutes,
} from './modules/cashbox/cashbox.routes';
import { createSandboxProcessor } from './modules/cashbox/processors';
import { parseTonAddress, parseTonRates } from './modules/cashbox/ton';
import { createTonWatcher } from './modules/cashbox/ton-watcher';

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
function trustedProxies(setting: boolean | number | string[]) {
  return typeof setting === 'number' ? (_address: string, hop: number) => hop < setting : setting;
}

const assetsDir = fileURLToPath(new URL('../assets', import.meta.url));

// Builds the whole server: plugins, then modules in dependency order. No listening here (main.ts does that),
// so tests drive it with app.inject() or listen on port 0.
export async function buildApp(options: AppOptions) {
  const { config, database } = options;
  const { db } = database;
  const clock = options.clock ?? systemClock;
  const bus = options.bus ?? createInProcessBus();

  const app = Fastify({
    logger: options.logger === undefined ? loggerOptions(config) : options.logger,
    trustProxy: trustedProxies(config.TRUST_PROXY),
    bodyLimit: 1_048_576,
    frameworkErrors,
    // registerRequestLog writes one line per request instead of Fastify's two
    logController: new LogController({ disableRequestLogging: true }),
  }).withTypeProvider<ZodTypeProvider>();
  registerRequestLog(app as unknown as FastifyInstance);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  registerErrorHandler(app);
  await registerSecurity(app, config, options.redis);
  await app.register(formbody);
  registerEtag(app);
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  await registerOpenApi(app, options.secrets.ops);

  // --- shared services
  const tokens = createTokenService(options.secrets.jwt, config.JWT_TTL_SECONDS, clock);
  const auth = createAuthGuard({ db, tokens, clock });

  // --- modules, in dependency order
  // every operator action is recorded by the one operator-actions service, in the action's own transaction
  const operatorActions = createOperatorActionsService({ repo: createOperatorActionsRepository(db) });
  const audit = { record: operatorActions.record };
  const informational = createInformationalService(createInformationalRepository(db), { audit });
  const siteStatus = createSiteStatusService({ repo: createSiteStatusRepository(db), live: bus, config, audit });

  const liveOptions = {
    bus,
    log: app.log,
    pingIntervalMs: options.livePingIntervalMs,
    authenticate: (token: string) => auth.identityForToken(token),
    authTimeoutMs: config.LIVE_AUTH_TIMEOUT_MS,
    maxSocketsPerIp: config.LIVE_MAX_SOCKETS_PER_IP,
  };
  const hub: LiveSockets =
    config.LIVE_PROCESSES > 0
      ? await createLiveProcesses({ ...liveOptions, count: config.LIVE_PROCESSES, execArgv: options.liveExecArgv })
      : createLiveHub(liveOptions);
  bus.subscribe((envelope) => {
    if (envelope.message.type === 'maintenance') siteStatus.noteMaintenance(envelope.message.data.is_active);
    // the hub has just delivered the message to the player's sockets; then they close (4403: the app stays away)
    if (envelope.message.type === 'user_blocked' && 'userId' in envelope.target)
      hub.disconnectUser(envelope.target.userId);
  });

  // Currency precision is read on every balance message: keep it in memory for a minute (currencies rarely change).
  const digitsCache = new Map<string, { value: number; at: number }>();
  const digits = async (currency: string) => {
    const hit = digitsCache.get(currency);
    if (hit && Date.now() - hit.at < 60_000) return hit.value;
    const value = (await informational.findActiveCurrency(currency))?.minor_unit_digits ?? 2;
    digitsCache.set(currency, { value, at: Date.now() });
    return value;
  };
  const wallet = createWalletService({ repo: createWalletRepository(db), live: bus, digits });

  // responsible gambling: its policies guard deposits (cashbox) and stakes (game gateway)
  const accountsRepo = createAccountsRepository(db);
  let excludePlayer: (playerId: string, until: Date | null) => Promise<void> = async () => undefined;
  const limits = createLimitsService({
    repo: createLimitsRepository(db),
    wallet,
    live: bus,
    clock,
    digits,
    log: app.log,
    player: async (playerId) => {
      const p = await accountsRepo.findById(playerId);
      return p ? { currency: p.currency, time_zone: p.time_zone, time_limit: p.time_limit } : undefined;
    },
    exclude: (playerId, until) => excludePlayer(playerId, until),
  });

  const mailer =
    options.mailer ??
    createMailer({
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      outboxDir: `${config.DATA_DIR}/outbox`,
      production: config.NODE_ENV === 'production',
      log: app.log,
    });
  const telegramBotToken = options.telegramBotToken ?? config.TELEGRAM_BOT_TOKEN ?? null;
  const attempts = createAttemptLimiter({
    repo: accountsRepo,
    clock,
    max: config.AUTH_ATTEMPTS_PER_WINDOW,
    windowSeconds: config.AUTH_ATTEMPT_WINDOW_SECONDS,
  });
  const twoFactor = createTwoFactorService({ repo: accountsRepo, clock, attempts, issuer: 'Casino' });
  // revocation reaches tokens, open sockets (every instance, through the bus) and game sessions at once
  const revocation = {
    signInsEnded: (playerId: string, which: { sessionIds: string[] } | { allBut: string | null }) =>
      bus.control({
        kind: 'sessions_revoked',
        userId: playerId,
        ...('sessionIds' in which ? { sessionIds: which.sessionIds } : { exceptSessionId: which.allBut }),
      }),
    endGameSessions: async (playerId: string) => {
      await gateway.endPlayerSessions(playerId);
      await bus.control({ kind: 'game_sessions_ended', userId: playerId });
    },
  };
  const accounts = createAccountsService({
    repo: accountsRepo,
    audit,
    tokens,
    clock,
    config,
    live: bus,
    attempts,
    twoFactor,
    telegramBotToken,
    balances: options.balances ?? ((playerId, currency) => wallet.summary(playerId, currency)),
    captcha: createCaptchaVerifier({
      provider: config.CAPTCHA_PROVIDER,
      secret: config.CAPTCHA_SECRET,
      verifyUrl: config.CAPTCHA_VERIFY_URL,
    }),
    isActiveCurrency: async (code) => !!(await informational.findActiveCurrency(code)),
    isActiveLanguage: async (code) => !!(await informational.findActiveLanguage(code)),
    revocation,
    playSession: {
      started: (id, seconds) => limits.startSession(id, seconds),
      timeLimitChanged: (id, seconds) => limits.setSessionTime(id, seconds),
    },
  });
  excludePlayer = async (playerId, until) => {
    await accounts.block(
      playerId,
      until
        ? { type: 'temporary', until: until.toISOString(), reason: SELF_EXCLUSION }
        : { type: 'permanent', reason: SELF_EXCLUSION },
      'player',
    );
  };
  const accountLinks = createAccountLinksService({ repo: accountsRepo, mailer, clock, config, attempts, revocation });

  // The bot runs inside the server when a real TELEGRAM_BOT_TOKEN is set (webhook route, or long polling once listening).
  const botOptions = config.TELEGRAM_BOT_TOKEN ? botOptionsFromConfig(config, config.TELEGRAM_BOT_TOKEN) : null;
  const bot: Bot | null = botOptions ? createBot(botOptions) : null;
  const notifier = createPlayerNotifier({ db, telegram: bot?.api ?? null, texts: notificationTexts, log: app.log });

  const sandboxEnabled = config.PAYMENTS_SANDBOX_ENABLED ?? config.NODE_ENV !== 'production';
  const sandbox = createSandboxProcessor({
    secret:
      config.PAYMENTS_SANDBOX_SECRET ??
      createHmac('sha256', options.secrets.jwt).update('sandbox-processor').digest('hex'),
    platforms: config.PAYMENTS_SANDBOX_PLATFORMS,
  });
  const tonAddress = config.TON_DEPOSIT_ADDRESS
    ? parseTonAddress(config.TON_DEPOSIT_ADDRESS, config.TON_NETWORK)
    : null;
  if (tonAddress && 'problem' in tonAddress)
    throw new Error(`Invalid configuration: TON_DEPOSIT_ADDRESS ${tonAddress.problem}`);
  const cashboxRepo = createCashboxRepository(db);
  const cashbox = createCashboxService({
    repo: cashboxRepo,
    wallet,
    live: bus,
    notifier,
    depositPolicies: options.depositPolicies ?? [limits.depositPolicy],
    audit,
    cashoutPolicies: options.cashoutPolicies ?? [],
    digits,
    playerCurrency: async (playerId) => (await accountsRepo.findById(playerId))?.currency ?? config.DEFAULT_CURRENCY,
    limits: {
      minDeposit: config.PAYMENTS_MIN_DEPOSIT,
      maxDeposit: config.PAYMENTS_MAX_DEPOSIT,
      minWithdrawal: config.PAYMENTS_MIN_WITHDRAWAL,
      maxWithdrawal: config.PAYMENTS_MAX_WITHDRAWAL,
    },
    processors: sandboxEnabled ? [sandbox] : [],
    ton: config.TON_DEPOSIT_ADDRESS
      ? {
          address: config.TON_DEPOSIT_ADDRESS,
          network: config.TON_NETWORK,
          rates: parseTonRates(config.TON_RATES),
          transferTtlSeconds: config.TON_TRANSFER_TTL_SECONDS,
          expiryGraceSeconds: config.TON_DEPOSIT_EXPIRY_GRACE_SECONDS,
        }
      : null,
    clock,
    log: app.log,
  });
  const tonWatcher = config.TON_DEPOSIT_ADDRESS
    ? createTonWatcher({
        repo: cashboxRepo,
        wallet,
        cashbox,
        digits,
        log: app.log,
        settings: {
          address: config.TON_DEPOSIT_ADDRESS,
          apiUrl:
            config.TON_API_URL ??
            (config.TON_NETWORK === 'mainnet' ? 'https://toncenter.com' : 'https://testnet.toncenter.com'),
          apiKey: config.TON_API_KEY,
          pollIntervalMs: config.TON_POLL_INTERVAL_MS,
        },
      })
    : null;
  if (tonWatcher && (config.TON_WATCHER_ENABLED ?? config.NODE_ENV !== 'test')) {
    app.addHook('onReady', async () => tonWatcher.start());
    app.addHook('onClose', async () => tonWatcher.stop());
  }

  // --- games: the gateway (seamless wallet), the catalogue, the house games
  const gamesRepo = createGamesRepository(db);
  const gateway = createGatewayService({
    repo: gamesRepo,
    wallet,
    betPolicies: options.betPolicies ?? [limits.betPolicy],
    clock,
  });
  bus.onControl((event) => {
    if (event.kind === 'game_sessions_ended') gateway.forgetPlayer(event.userId);
  });
  const house = createHouseService({
    house: createHouseRepository(db),
    games: gamesRepo,
    gateway,
    clock,
    digits,
    seeds: options.houseSeeds,
  });
  const catalogue = createCatalogueService({
    catalogue: createCatalogueRepository(db),
    games: gamesRepo,
    gateway,
    digits,
    demoCredits: config.GAMES_DEMO_CREDITS,
    defaultCurrency: config.DEFAULT_CURRENCY,
    playerCurrency: async (playerId) => (await accountsRepo.findById(playerId))?.currency ?? config.DEFAULT_CURRENCY,
    revealProof: (proof) => house.revealProof(proof),
  });
  const crash = createCrashService({
    crash: createCrashRepository(db),
    games: gamesRepo,
    gateway,
    live: bus,
    clock,
    digits,
    log: app.log,
    seeds: options.houseSeeds,
    settings: {
      bettingMs: config.CRASH_BETTING_MS,
      crashedPauseMs: config.CRASH_PAUSE_MS,
      chainLength: config.CRASH_CHAIN_LENGTH,
      salt: config.CRASH_SALT,
    },
  });
  // scheduled work (server/src/jobs.ts): each job runs on one instance at a time, and each is idempotent anyway
  // (guarded updates, unique keys), so a lapsed lease never does harm
  const jobs = createJobRunner({ db, clock, log: app.log });
  jobs.add({ name: 'limits.roll-over', everyMs: 60_000, run: () => limits.rollOverAll() });
  jobs.add({ name: 'accounts.prune-attempts', everyMs: 60_000, run: () => attempts.prune() });
  jobs.add({
    name: 'accounts.prune-sessions',
    everyMs: 3_600_000,
    run: () => accountsRepo.deleteSessionsExpiredBefore(new Date(clock.now().getTime() - 86_400_000)),
  });
  jobs.add({ name: 'cashbox.expire-ton-deposits', everyMs: 60_000, run: () => cashbox.expireTonDeposits() });
  // recovery sweeps (docs/decisions/012-crash-atomic-money.md): finish or reverse money flows a crash left half-done
  jobs.add({ name: 'cashbox.recover', everyMs: 30_000, run: () => cashbox.recoverHalfDone() });
  jobs.add({ name: 'games.recover', everyMs: 30_000, run: () => gateway.recoverHalfDone() });
  jobs.add({ name: 'house.recover-mines', everyMs: HOUSE_RECOVERY_EVERY_MS, run: () => house.recover() });
  jobs.add({ name: 'house.recover-crash-bets', everyMs: HOUSE_RECOVERY_EVERY_MS, run: () => crash.recover() });
  if (config.JOBS_ENABLED ?? config.NODE_ENV !== 'test') {
    app.addHook('onListen', async () => jobs.start());
    app.addHook('onClose', async () => jobs.stop());
  }
  if (config.CRASH_DRIVER_ENABLED ?? config.NODE_ENV !== 'test') {
    app.addHook('onListen', async () => crash.start());
    app.addHook('onClose', async () => crash.stop());
  }

  registerSiteStatusGate(app, siteStatus, config);
  // links in answers and mails: the configured URL of the brand asked, never a request header (config.ts)
  const publicUrl = (host: string) => publicUrlFor(config, host);

  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await sql`select 1`.execute(db);
      return { status: 'ready', database: database.kind };
    } catch (err) {
      app.log.error({ err }, 'readiness check failed');
      return reply.code(503).send({ status: 'unavailable', detail: 'database unreachable' });
    }
  });

  await app.register(informationalRoutes, { prefix: '/main-api', service: informational });
  await app.register(contentPagesRoutes, { prefix: '/main-api', service: informational });
  await app.register(contentPagesOperatorRoutes, {
    prefix: '/ops-api',
    service: informational,
    opsToken: options.secrets.ops,
  });
  await app.register(siteStatusRoutes, { prefix: '/main-api', service: siteStatus, config });
  await app.register(accountsRoutes, {
    prefix: '/main-api',
    accounts,
    links: accountLinks,
    twoFactor,
    auth,
    authRateLimit: config.AUTH_RATE_LIMIT_PER_MINUTE,
  });
  await app.register(cashboxRoutes, { prefix: '/main-api', cashbox, auth, publicUrl });
  await app.register(cashboxWebhookRoutes, { cashbox });
  await app.register(gamesRoutes, { prefix: '/main-api', catalogue, auth });
  await app.register(limitsRoutes, { prefix: '/main-api', limits, auth });
  await app.register(limitsOperatorRoutes, { prefix: '/ops-api', limits, opsToken: options.secrets.ops });
  await app.register(betsHistoryRoutes, { prefix: '/int-api', catalogue, auth });
  await app.register(houseRoutes, { prefix: '/house-api', house, crash });
  await app.register(providerGatewayRoutes, { gateway, repo: gamesRepo });
  if (sandboxEnabled) await app.register(sandboxCheckoutRoutes, { sandbox });
  await app.register(tonManifestRoutes, {
    publicUrl,
    privacyUrl: config.PRIVACY_URL,
    brand: async (host) => {
      // no active style for this host (404) is a normal case: the manifest then falls back to a plain name and icon
      const style = await informational.activeStyle(host).catch(() => null);
      return style ? { name: style.title, icon: style.favicon_img } : null;
    },
    hasMediaFile: (path) => {
      const file = resolve(assetsDir, `.${path.slice('/media'.length)}`);
      return file.startsWith(`${resolve(assetsDir)}/`) && existsSync(file);
    },
  });
  const adjustments = createBalanceAdjustments({
    wallet,
    audit,
    digits,
    playerCurrency: async (playerId) => (await accountsRepo.findById(playerId))?.currency,
  });
  await app.register(operatorRoutes, {
    prefix: '/ops-api',
    opsToken: options.secrets.ops,
    siteStatus,
    operatorActions,
    adjustments,
  });
  await app.register(cashboxOperatorRoutes, { prefix: '/ops-api', opsToken: options.secrets.ops, cashbox });
  await app.register(accountsOperatorRoutes, { prefix: '/ops-api', opsToken: options.secrets.ops, accounts });
  const webhookSecret = config.TELEGRAM_WEBHOOK_SECRET ?? options.secrets.telegramWebhook;
  if (bot && !config.TELEGRAM_USE_POLLING && webhookSecret)
    await app.register(telegramWebhookRoutes, { bot, secretToken: webhookSecret });
  if (bot && botOptions) {
    // once listening: move the menu button to this build's version (a deploy must not leave clients on the old build)
    app.addHook('onListen', async () => {
      refreshMenuButtonVersion(bot.api, botOptions.webAppUrl)
        .then((result) => app.log.info({ result, url: botOptions.webAppUrl }, 'Telegram menu button'))
        .catch((err: unknown) => app.log.warn({ err }, 'Telegram menu button not refreshed'));
    });
    if (config.TELEGRAM_USE_POLLING) {
      // long polling instead of the webhook (bot.start() removes a registered webhook first)
      app.addHook('onListen', async () => {
        bot
          .start({ onStart: (me) => app.log.info(`bot @${me.username} is polling`) })
          .catch((err: unknown) => app.log.error({ err }, 'Telegram polling stopped'));
      });
      app.addHook('onClose', async () => {
        if (bot.isRunning()) await bot.stop();
      });
    }
  }
  if (config.NODE_ENV !== 'production')
    await app.register(devRoutes, { prefix: '/dev-api', mailer, telegramBotToken, clock });
  await app.register(liveRoutes, { hub });

  await app.register(fastifyStatic, {
    root: assetsDir,
    prefix: '/media/',
    decorateReply: false,
    maxAge: '1d',
  });
  await registerStaticApp(app, config.APP_DIST_DIR, {
    inlineImage: createImageInliner(assetsDir), // the first screen's small images ride in the HTML
    seo: {
      style: (host) => informational.activeStyle(host).catch(() => null),
      seo: () => informational.seoSettings(),
      banners: (filter) => informational.banners(filter),
    },
  });

  app.addHook('onClose', async () => {
    await hub.close();
  });

  return {
    app: app as unknown as FastifyInstance,
    services: {
      informational,
      siteStatus,
      tokens,
      auth,
      accounts,
      mailer,
      notifier,
      wallet,
      cashbox,
      tonWatcher,
      gateway,
      catalogue,
      house,
      crash,
      gamesRepo,
      limits,
      operatorActions,
    },
    bot,
    hub,
    bus,
  };
}
export type BuiltApp = Awaited<ReturnType<typeof buildApp>>;

/** Tokens travel in some query strings (email verification, password reset): never log their values. */
export function redactUrl(url: string): string {
  return url.replace(/((?:token|init_data|password|hash)[^=&]*=)[^&]*/gi, '$1[redacted]');
}

/**
 * Pino options. Production logs JSON; development (with pino-pretty installed, a dev dependency) one readable line
 * each. Fastify's own request logging is off (two JSON lines per request): registerRequestLog writes one line.
 */
export function loggerOptions(config: Config) {
  const base = {
    level: config.LOG_LEVEL,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'body.password', 'body.init_data'],
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        url: redactUrl(req.url),
        ip: req.ip,
      }),
    },
  };
  if (config.NODE_ENV !== 'development' || !canLoad('pino-pretty')) return base;
  return {
    ...base,
    transport: {
      target: 'pino-pretty',
      options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname,reqId,req,res,responseTime', singleLine: true },
    },
  };
}

function canLoad(name: string): boolean {
  try {
    createRequire(import.meta.url).resolve(name);
    return true;
  } catch {
    return false;
  }
}

/** One line per request, when it is answered: `GET /main-api/banners/ 200 4 ms` (health checks only at debug). */
function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    const status = reply.statusCode;
    const url = redactUrl(request.url);
    const ms = Math.round(reply.elapsedTime);
    const level = url === '/healthz' || url === '/readyz' ? 'debug' : status >= 500 ? 'error' : 'info';
    request.log[level](
      { req: { method: request.method, url }, res: { statusCode: status }, responseTime: ms },
      `${request.method} ${url} ${status} ${ms} ms`,
    );
    done();
  });
}
