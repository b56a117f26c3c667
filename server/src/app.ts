import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import websocket from '@fastify/websocket';
import { sql } from 'kysely';
import type { Redis } from 'ioredis';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { DatabaseHandle } from './db/database';
import { systemClock, type Clock } from './lib/clock';
import { createTokenService } from './lib/tokens';
import { createAuthGuard } from './plugins/auth-guard';
import { registerErrorHandler } from './plugins/error-handler';
import { registerEtag } from './plugins/etag';
import { registerOpenApi } from './plugins/openapi';
import { registerSecurity } from './plugins/security';
import { registerStaticApp } from './plugins/static-app';
import { createInformationalRepository } from './modules/informational/informational.repository';
import { createInformationalService } from './modules/informational/informational.service';
import { informationalRoutes } from './modules/informational/informational.routes';
import { createInProcessBus, createLiveHub, liveRoutes, type LiveBus } from './modules/live';
import { createSiteStatusRepository, createSiteStatusService, registerSiteStatusGate, siteStatusRoutes } from './modules/site-status';
import { operatorRoutes } from './modules/operator/operator.routes';
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
import { createCashboxService, type DepositPolicy } from './modules/cashbox/cashbox.service';
import {
  betsHistoryRoutes, createCatalogueRepository, createCatalogueService, createGamesRepository, createGatewayService, gamesRoutes,
  providerGatewayRoutes, type BetPolicy,
} from './modules/games';
import { createCrashRepository, createCrashService, createHouseRepository, createHouseService, houseRoutes } from './modules/house-games';
import { createLimitsRepository, createLimitsService, limitsOperatorRoutes, limitsRoutes } from './modules/limits';
import { SELF_EXCLUSION } from './modules/accounts/accounts.service';
import { cashboxOperatorRoutes, cashboxRoutes, cashboxWebhookRoutes, sandboxCheckoutRoutes, tonManifestRoutes } from './modules/cashbox/cashbox.routes';
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
  /** Signs Mini App initData: TELEGRAM_BOT_TOKEN, or a development token kept in DATA_DIR (main.ts decides). */
  telegramBotToken?: string | null;
  mailer?: Mailer;
  /** The wallet's balance summary for the Player fields; zero balances until a wallet is wired. */
  balances?: BalanceProvider;
  /** Deposit limits (responsible gambling fills this in); allow-all until then. */
  depositPolicy?: DepositPolicy;
  /** Loss/wagering limits and session time on every real-money bet; the limits module's policy unless overridden. */
  betPolicy?: BetPolicy;
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
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  registerErrorHandler(app);
  await registerSecurity(app, config, options.redis);
  await app.register(formbody);
  registerEtag(app);
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  await registerOpenApi(app);


  // --- shared services
  const tokens = createTokenService(options.secrets.jwt, config.JWT_TTL_SECONDS, clock);
  const auth = createAuthGuard({ db, tokens, clock });

  // --- modules, in dependency order
  const informational = createInformationalService(createInformationalRepository(db));
  const siteStatus = createSiteStatusService({ repo: createSiteStatusRepository(db), live: bus, config });

  const hub = createLiveHub({
    bus,
    log: app.log,
    pingIntervalMs: options.livePingIntervalMs,
    authenticate: (token) => auth.playerIdForToken(token),
  });
  bus.subscribe((envelope) => {
    if (envelope.message.type === 'maintenance') siteStatus.noteMaintenance(envelope.message.data.is_active);
    // the hub has just delivered the message to the player's sockets; then they close (4403: the app stays away)
    if (envelope.message.type === 'user_blocked' && 'userId' in envelope.target) hub.disconnectUser(envelope.target.userId);
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
    repo: createLimitsRepository(db), wallet, live: bus, clock, digits, log: app.log,
    player: async (playerId) => {
      const p = await accountsRepo.findById(playerId);
      return p ? { currency: p.currency, time_zone: p.time_zone, time_limit: p.time_limit } : undefined;
    },
    exclude: (playerId, until) => excludePlayer(playerId, until),
  });

  const mailer =
    options.mailer ??
    createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, outboxDir: `${config.DATA_DIR}/outbox`, production: config.NODE_ENV === 'production', log: app.log });
  const telegramBotToken = options.telegramBotToken ?? config.TELEGRAM_BOT_TOKEN ?? null;
  const attempts = createAttemptLimiter({ repo: accountsRepo, clock, max: config.AUTH_ATTEMPTS_PER_WINDOW, windowSeconds: config.AUTH_ATTEMPT_WINDOW_SECONDS });
  const twoFactor = createTwoFactorService({ repo: accountsRepo, clock, attempts, issuer: 'Casino' });
  const accounts = createAccountsService({
    repo: accountsRepo, tokens, clock, config, live: bus, attempts, twoFactor, telegramBotToken,
    balances: options.balances ?? ((playerId, currency) => wallet.summary(playerId, currency)),
    captcha: createCaptchaVerifier({ provider: config.CAPTCHA_PROVIDER, secret: config.CAPTCHA_SECRET, verifyUrl: config.CAPTCHA_VERIFY_URL }),
    isActiveCurrency: async (code) => !!(await informational.findActiveCurrency(code)),
    isActiveLanguage: async (code) => !!(await informational.findActiveLanguage(code)),
    playSession: { started: (id, seconds) => limits.startSession(id, seconds), timeLimitChanged: (id, seconds) => limits.setSessionTime(id, seconds) },
  });
  excludePlayer = async (playerId, until) => {
    await accounts.block(playerId, until ? { type: 'temporary', until: until.toISOString(), reason: SELF_EXCLUSION } : { type: 'permanent', reason: SELF_EXCLUSION }, 'player');
  };
  const accountLinks = createAccountLinksService({ repo: accountsRepo, mailer, clock, config, attempts });

  // The bot runs inside the server when a real TELEGRAM_BOT_TOKEN is set (webhook route, or long polling once listening).
  const botOptions = config.TELEGRAM_BOT_TOKEN ? botOptionsFromConfig(config, config.TELEGRAM_BOT_TOKEN) : null;
  const bot: Bot | null = botOptions ? createBot(botOptions) : null;
  const notifier = createPlayerNotifier({ db, telegram: bot?.api ?? null, texts: notificationTexts, log: app.log });

  const sandboxEnabled = config.PAYMENTS_SANDBOX_ENABLED ?? config.NODE_ENV !== 'production';
  const sandbox = createSandboxProcessor({
    secret: config.PAYMENTS_SANDBOX_SECRET ?? createHmac('sha256', options.secrets.jwt).update('sandbox-processor').digest('hex'),
    platforms: config.PAYMENTS_SANDBOX_PLATFORMS,
  });
  const tonAddress = config.TON_DEPOSIT_ADDRESS ? parseTonAddress(config.TON_DEPOSIT_ADDRESS, config.TON_NETWORK) : null;
  if (tonAddress && 'problem' in tonAddress) throw new Error(`Invalid configuration: TON_DEPOSIT_ADDRESS ${tonAddress.problem}`);
  const cashboxRepo = createCashboxRepository(db);
  const cashbox = createCashboxService({
    repo: cashboxRepo,
    wallet,
    live: bus,
    notifier,
    depositPolicy: options.depositPolicy ?? limits.depositPolicy,
    digits,
    playerCurrency: async (playerId) => (await accountsRepo.findById(playerId))?.currency ?? config.DEFAULT_CURRENCY,
    limits: { minDeposit: config.PAYMENTS_MIN_DEPOSIT, maxDeposit: config.PAYMENTS_MAX_DEPOSIT, minWithdrawal: config.PAYMENTS_MIN_WITHDRAWAL, maxWithdrawal: config.PAYMENTS_MAX_WITHDRAWAL },
    processors: sandboxEnabled ? [sandbox] : [],
    ton: config.TON_DEPOSIT_ADDRESS
      ? {
          address: config.TON_DEPOSIT_ADDRESS, network: config.TON_NETWORK, rates: parseTonRates(config.TON_RATES),
          transferTtlSeconds: config.TON_TRANSFER_TTL_SECONDS, expiryGraceSeconds: config.TON_DEPOSIT_EXPIRY_GRACE_SECONDS,
        }
      : null,
    clock,
    log: app.log,
  });
  const tonWatcher = config.TON_DEPOSIT_ADDRESS
    ? createTonWatcher({
        repo: cashboxRepo, wallet, cashbox, digits, log: app.log,
        settings: {
          address: config.TON_DEPOSIT_ADDRESS,
          apiUrl: config.TON_API_URL ?? (config.TON_NETWORK === 'mainnet' ? 'https://toncenter.com' : 'https://testnet.toncenter.com'),
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
  const gateway = createGatewayService({ repo: gamesRepo, wallet, betPolicy: options.betPolicy ?? limits.betPolicy, clock });
  const house = createHouseService({ house: createHouseRepository(db), games: gamesRepo, gateway, clock, digits });
  const catalogue = createCatalogueService({
    catalogue: createCatalogueRepository(db), games: gamesRepo, gateway, digits, demoCredits: config.GAMES_DEMO_CREDITS,
    playerCurrency: async (playerId) => (await accountsRepo.findById(playerId))?.currency ?? config.DEFAULT_CURRENCY,
    revealProof: (proof) => house.revealProof(proof),
  });
  const crash = createCrashService({
    crash: createCrashRepository(db), games: gamesRepo, gateway, live: bus, clock, digits, log: app.log,
    settings: { bettingMs: config.CRASH_BETTING_MS, crashedPauseMs: config.CRASH_PAUSE_MS, chainLength: config.CRASH_CHAIN_LENGTH, salt: config.CRASH_SALT },
  });
  // each minute: limit periods roll over on time, dead attempt counters go, and TON deposits that can no longer
  // arrive are closed (every instance may run all three: each row moves once, by a guarded update, and deleting what
  // another instance deleted is a no-op)
  if (config.NODE_ENV !== 'test') {
    let timer: NodeJS.Timeout | null = null;
    app.addHook('onListen', async () => {
      timer = setInterval(() => {
        void limits.rollOverAll().catch((err: unknown) => app.log.error({ err }, 'limit rollover failed'));
        void attempts.prune().catch((err: unknown) => app.log.error({ err }, 'attempt counter pruning failed'));
        void cashbox.expireTonDeposits().catch((err: unknown) => app.log.error({ err }, 'TON deposit expiry failed'));
      }, 60_000);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      if (timer) clearInterval(timer);
    });
  }
  if (config.CRASH_DRIVER_ENABLED ?? config.NODE_ENV !== 'test') {
    app.addHook('onListen', async () => crash.start());
    app.addHook('onClose', async () => crash.stop());
  }

  registerSiteStatusGate(app, siteStatus, config);

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
  await app.register(siteStatusRoutes, { prefix: '/main-api', service: siteStatus, config });
  await app.register(accountsRoutes, { prefix: '/main-api', accounts, links: accountLinks, twoFactor, auth, authRateLimit: config.AUTH_RATE_LIMIT_PER_MINUTE });
  await app.register(cashboxRoutes, { prefix: '/main-api', cashbox, auth });
  await app.register(cashboxWebhookRoutes, { cashbox });
  await app.register(gamesRoutes, { prefix: '/main-api', catalogue, auth });
  await app.register(limitsRoutes, { prefix: '/main-api', limits, auth });
  await app.register(limitsOperatorRoutes, { prefix: '/ops-api', limits, opsToken: options.secrets.ops });
  await app.register(betsHistoryRoutes, { prefix: '/int-api', catalogue, auth });
  await app.register(houseRoutes, { prefix: '/house-api', house, crash });
  await app.register(providerGatewayRoutes, { gateway, repo: gamesRepo });
  if (sandboxEnabled) await app.register(sandboxCheckoutRoutes, { sandbox });
  await app.register(tonManifestRoutes, {
    publicUrl: config.PUBLIC_URL,
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
  await app.register(operatorRoutes, { prefix: '/ops-api', opsToken: options.secrets.ops, siteStatus });
  await app.register(cashboxOperatorRoutes, { prefix: '/ops-api', opsToken: options.secrets.ops, cashbox });
  await app.register(accountsOperatorRoutes, { prefix: '/ops-api', opsToken: options.secrets.ops, accounts });
  const webhookSecret = config.TELEGRAM_WEBHOOK_SECRET ?? options.secrets.telegramWebhook;
  if (bot && !config.TELEGRAM_USE_POLLING && webhookSecret) await app.register(telegramWebhookRoutes, { bot, secretToken: webhookSecret });
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
        bot.start({ onStart: (me) => app.log.info(`bot @${me.username} is polling`) }).catch((err: unknown) => app.log.error({ err }, 'Telegram polling stopped'));
      });
      app.addHook('onClose', async () => {
        if (bot.isRunning()) await bot.stop();
      });
    }
  }
  if (config.NODE_ENV !== 'production') await app.register(devRoutes, { prefix: '/dev-api', mailer, telegramBotToken, clock });
  await app.register(liveRoutes, { hub });

  await app.register(fastifyStatic, {
    root: assetsDir,
    prefix: '/media/',
    decorateReply: false,
    maxAge: '1d',
  });
  await registerStaticApp(app, config.APP_DIST_DIR);

  app.addHook('onClose', async () => {
    hub.close();
  });

  return { app: app as unknown as FastifyInstance, services: { informational, siteStatus, tokens, auth, accounts, mailer, notifier, wallet, cashbox, tonWatcher, gateway, catalogue, house, crash, gamesRepo, limits }, bot, hub, bus };
}
export type BuiltApp = Awaited<ReturnType<typeof buildApp>>;

export function loggerOptions(config: Config) {
  return {
    level: config.LOG_LEVEL,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'body.password', 'body.init_data'],
    serializers: {
      // Tokens travel in some query strings (email verification, password reset): never log their values.
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        url: req.url.replace(/((?:token|init_data|password|hash)[^=&]*=)[^&]*/gi, '$1[redacted]'),
        ip: req.ip,
      }),
    },
  };
}
