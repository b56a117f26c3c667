import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { AppOptions } from './app-options';
import { assertSettingsLoaded, publicUrlFor } from './config';
import type { Transaction } from 'kysely';
import type { Database } from './db/database';
import type { DB } from './db/schema';
import type { Clock } from './lib/clock';
import { latePorts } from './lib/port';
import type { TokenService } from './lib/tokens';
import type { AuthGuard } from './plugins/auth-guard';
import type { AppModule } from './modules/module';
import {
  createAccountsModule,
  createNotificationContacts,
  createPlayerDirectory,
  SELF_EXCLUSION,
} from './modules/accounts';
import { createCashboxModule } from './modules/cashbox';
import { createGamesModule, type StakeGame } from './modules/games';
import { createHouseGamesModule } from './modules/house-games';
import { createInformationalModule } from './modules/informational';
import { createLimitsModule } from './modules/limits';
import { createLiveModule, type LiveBus } from './modules/live';
import { createMailer } from './modules/mail';
import { createNotificationsModule, type Notify } from './modules/notifications';
import type { NotificationEvent } from '@contracts/notifications.kinds';
import { createOperatorModule } from './modules/operator';
import { createSiteStatusModule } from './modules/site-status';
import { createTelegramBotModule } from './modules/telegram-bot';
import { createBonusesModule } from './modules/bonuses';
import { assertLedgerKindsAllowed, createWallet, ledgerFeedOperatorRoutes } from './modules/wallet';
import { createWheelModule } from './modules/wheel';
import { createTournamentsModule } from './modules/tournaments';
import { createSocialModule } from './modules/social';
import { createLevelsModule, type LevelsService } from './modules/levels';
import { createReferralsModule } from './modules/referrals';
import { createCashbackModule } from './modules/cashback';
import { buildVersion, versionedWebAppUrl } from './lib/build-version';

/** What every module may be given: the infrastructure app.ts builds before them. */
export interface ModuleContext {
  options: AppOptions;
  db: Database;
  clock: Clock;
  bus: LiveBus;
  log: FastifyBaseLogger;
  tokens: TokenService;
  auth: AuthGuard;
  assetsDir: string;
}

/**
 * The modules in dependency order (docs/architecture.md, "Modules and how one is added"): each is built from the
 * services of those before it; two that need each other meet through a late port bound here. Answers the ordered
 * list app.ts mounts, and the services tests and main.ts reach.
 */
export async function createModules(ctx: ModuleContext) {
  const { options, db, clock, bus, log, tokens, auth, assetsDir } = ctx;
  const { config } = options;
  // read with every module's declared settings (<x>.settings.ts), not a configuration loaded before their doors were
  assertSettingsLoaded(config);
  const ports = latePorts(); // checked bound once every module is built (end of this function)
  // what other modules read of a player: a narrow port of the accounts module, never its repository
  const players = createPlayerDirectory(db, clock);
  // the cashbox and the catalogue want a currency even for an unknown id; every other module takes currencyOf as is
  const currencyOrDefault = async (id: string) => (await players.currencyOf(id)) ?? config.DEFAULT_CURRENCY;

  const operator = createOperatorModule({ db });
  const { audit } = operator;
  const informational = createInformationalModule({ db, audit });
  const { minorUnitDigits } = informational;
  // money transactions read precision from memory, never from the database (currency-digits.ts)
  await minorUnitDigits.warm().catch((err: unknown) => log.warn({ err }, 'currency precision not loaded at start'));
  const siteStatus = createSiteStatusModule({ db, live: bus, config, audit });
  const live = await createLiveModule({
    bus,
    log,
    authenticate: (token) => auth.identityForToken(token),
    processes: config.LIVE_PROCESSES,
    authTimeoutMs: config.LIVE_AUTH_TIMEOUT_MS,
    maxSocketsPerIp: config.LIVE_MAX_SOCKETS_PER_IP,
    pingIntervalMs: options.livePingIntervalMs,
    execArgv: options.liveExecArgv,
    onMaintenance: (isActive) => siteStatus.service.noteMaintenance(isActive),
  });
  const { service: wallet, feed: ledgerFeed } = createWallet({ db, live: bus, minorUnitDigits });

  // bonuses reads a stake's game from the games module, which is built after it (the gateway takes its bet policy)
  const gamesOf = ports.port<[refs: Array<{ type: string; id: string }>, trx: Transaction<DB>], Promise<StakeGame[]>>(
    'bonuses → games.gamesOfReferences',
  );
  // bonuses and limits tell players through notifications, which is built after them (it needs the mailer and the bot)
  const notify = ports.port<Parameters<Notify>, ReturnType<Notify>>('bonuses → notifications.notify');
  const tell = ports.port<[string, NotificationEvent, string?], Promise<unknown>>('limits → notifications.notifyAlone');
  const openBonusRound = ports.port<[playerId: string, trx: Transaction<DB>], Promise<boolean>>(
    'bonuses → games.openBonusRound',
  );
  // the ledger feed (decision 013): consumers start from now unless they ask otherwise, and are registered (their
  // cursors made) here, before any request, so "now" is this start
  const feed = ledgerFeed({
    graceMs: config.FEED_WINDOW_GRACE_MS,
    log,
  });
  const bonuses = createBonusesModule({
    db,
    auth,
    feed,
    wallet,
    live: bus,
    clock,
    audit,
    minorUnitDigits,
    playerCurrency: players.currencyOf,
    player: players.standing,
    gamesOf: gamesOf.call,
    openBonusRound: openBonusRound.call,
    maxWageringMultiplier: config.BONUS_MAX_WAGERING_MULTIPLIER ?? null,
    notifyPlayer: notify.call,
    log,
  });

  await feed.register(bonuses.service.feedConsumer);

  // limits excludes a player through accounts, which is built after it (accounts starts play sessions in limits)
  const selfExclusion = ports.port<[playerId: string, until: Date | null], Promise<void>>('limits → accounts.exclude');
  const limits = createLimitsModule({
    db,
    auth,
    wallet,
    live: bus,
    clock,
    minorUnitDigits,
    log,
    player: (id) => players.standing(id),
    exclude: selfExclusion.call,
    tell: tell.call,
    notify: (playerId, event, trx) => notify.call(playerId, event, trx),
  });
  // a block takes the player off the public boards in its transaction (tournaments, Home's top wins: built later)
  const playerBlocked = ports.port<[playerId: string, trx: Database], Promise<void>>(
    'accounts → tournaments, social .playerBlocked',
  );
  // a block ends the player's game sessions in the gateway, which is built after accounts
  const endGameSessions = ports.port<[playerId: string], Promise<void>>('accounts → games.endPlayerSessions');
  const mailer =
    options.mailer ??
    createMailer({
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      outboxDir: `${config.DATA_DIR}/outbox`,
      production: config.NODE_ENV === 'production',
      log,
    });
  const telegramBotToken = options.telegramBotToken ?? config.TELEGRAM_BOT_TOKEN ?? null;
  const site = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
  // an operator's segment by level reads the levels module, which is built after notifications
  const levelsOf = ports.port<[playerIds: string[]], Promise<Map<string, number>>>('notifications → levels.levelsOf');
  // notifications and invites write through the bot, which is built after accounts (its /start notes write access)
  type TelegramBot = ReturnType<typeof createTelegramBotModule>;
  const botApi = ports.port<[], NonNullable<TelegramBot['bot']>['api'] | null>('notifications, referrals → bot api');
  const inviteLink = ports.port<Parameters<TelegramBot['inviteLink']>, ReturnType<TelegramBot['inviteLink']>>(
    'referrals → telegram-bot.inviteLink',
  );
  const notifications = createNotificationsModule({
    db,
    auth,
    live: bus,
    clock,
    audit,
    contacts: createNotificationContacts(db, clock),
    telegram: botApi.call,
    mailer,
    appUrl: (path) => versionedWebAppUrl(`${site}${path}`, buildVersion(config.BUILD_VERSION)),
    telegramPerSecond: config.NOTIFY_TELEGRAM_PER_SECOND,
    segmentCap: config.NOTIFY_SEGMENT_CAP,
    levelsOf: levelsOf.call,
    kickOnCommit: options.notificationsKickOnCommit ?? true,
    log,
  });
  notify.bind(notifications.service.notify);
  tell.bind(notifications.notifyAlone);
  // invites (issue 26): the referral is written in the transaction that makes a Telegram account
  const referrals = createReferralsModule({
    db,
    auth,
    log,
    sharing: config.REFERRAL_SHARING,
    cardImageUrl: config.REFERRAL_CARD_IMAGE_URL ?? `${site}/invite-card.jpg`,
    cardTexts: config.REFERRAL_CARD_TEXTS,
    telegram: botApi.call,
    appLink: inviteLink.call,
    player: players.telegramOf,
  });
  // the player view's level (spec §3) comes from levels, which is built after accounts
  const levelOf = ports.port<[playerId: string], ReturnType<LevelsService['levelOf']>>('accounts → levels.levelOf');
  const accounts = createAccountsModule({
    db,
    audit,
    tokens,
    clock,
    config,
    live: bus,
    mailer,
    auth,
    telegramBotToken,
    telegramWriteAccess: (id, allowed) => notifications.service.noteTelegramWriteAccess(id, allowed),
    referrals: { joined: (trx, id, startParam) => referrals.service.joined(trx, id, startParam) },
    balances:
      options.balances ??
      (async (playerId, currency) => ({
        ...(await wallet.summary(playerId, currency)),
        ...(await bonuses.service.wagering(playerId, currency)),
        level: await levelOf.call(playerId), // the current level's order (levels, built later)
      })),
    signUpBonuses: {
      check: (input, currency) => bonuses.service.checkSignUp(input, currency),
      granted: (playerId, input) => bonuses.service.afterSignUp(playerId, input),
    },
    isActiveCurrency: async (code) => !!(await informational.service.findActiveCurrency(code)),
    isActiveLanguage: async (code) => !!(await informational.service.findActiveLanguage(code)),
    // revocation reaches tokens, open sockets (every instance, through the bus) and game sessions at once
    revocation: {
      signInsEnded: (playerId, which) =>
        bus.control({
          kind: 'sessions_revoked',
          userId: playerId,
          ...('sessionIds' in which ? { sessionIds: which.sessionIds } : { exceptSessionId: which.allBut }),
        }),
      endGameSessions: endGameSessions.call,
    },
    blocked: playerBlocked.call,
    playSession: {
      started: (id, seconds) => limits.service.startSession(id, seconds),
      timeLimitChanged: (id, current, requested) => limits.service.changeSessionTime(id, current, requested),
    },
  });
  selfExclusion.bind(async (playerId, until) => {
    const block = until
      ? ({ type: 'temporary', until: until.toISOString() } as const)
      : ({ type: 'permanent' } as const);
    await accounts.service.block(playerId, { ...block, reason: SELF_EXCLUSION }, 'player');
  });
  const telegramBot = createTelegramBotModule({
    config,
    webhookSecret: options.secrets.telegramWebhook,
    onStart: async (telegramId) => {
      const playerId = await players.idOfTelegramUser(telegramId);
      if (playerId) await notifications.service.noteTelegramWriteAccess(playerId, true);
    },
    log,
  });
  const { bot } = telegramBot;
  botApi.bind(() => telegramBot.bot?.api ?? null);
  inviteLink.bind((startParam) => telegramBot.inviteLink(startParam));
  const cashbox = createCashboxModule({
    db,
    config,
    jwtSecret: options.secrets.jwt,
    auth,
    publicUrl: (host) => publicUrlFor(config, host), // the configured URL of the brand asked, never a request header
    wallet,
    live: bus,
    notify: notifications.service.notify,
    depositPolicies: options.depositPolicies ?? [limits.service.depositPolicy],
    depositBonusCode: (playerId, code) => bonuses.service.redeemPromo(playerId, code, true),
    audit,
    cashoutPolicies: options.cashoutPolicies ?? [bonuses.service.cashoutPolicy],
    minorUnitDigits,
    currencyOrDefault,
    clock,
    log,
    brand: async (host) => {
      // no active style for this host (404) is a normal case: the manifest then falls back to a plain name and icon
      const style = await informational.service.activeStyle(host).catch(() => null);
      return style ? { name: style.title, icon: style.favicon_img } : null;
    },
    hasMediaFile: (path) => {
      const file = resolve(assetsDir, `.${path.slice('/media'.length)}`);
      return file.startsWith(`${resolve(assetsDir)}/`) && existsSync(file);
    },
  });

  const revealProof = ports.port<[proof: Record<string, unknown> | null], Promise<Record<string, unknown> | null>>(
    'games → house-games.revealProof',
  );
  const games = createGamesModule({
    db,
    wallet,
    betPolicies: options.betPolicies ?? [limits.service.betPolicy, bonuses.service.betPolicy],
    clock,
    auth,
    minorUnitDigits,
    currencyOrDefault,
    demoCredits: config.GAMES_DEMO_CREDITS,
    defaultCurrency: config.DEFAULT_CURRENCY,
    revealProof: revealProof.call,
  });
  const { gateway } = games;
  gamesOf.bind(games.gamesOfReferences);
  openBonusRound.bind(games.openBonusRound);
  endGameSessions.bind(async (playerId) => {
    await gateway.endPlayerSessions(playerId);
    await bus.control({ kind: 'game_sessions_ended', userId: playerId });
  });
  bus.onControl((event) => {
    if (event.kind === 'game_sessions_ended') gateway.forgetPlayer(event.userId);
  });
  const houseGames = createHouseGamesModule({
    db,
    config,
    games: games.records,
    gateway,
    live: bus,
    clock,
    minorUnitDigits,
    log,
    seeds: options.houseSeeds,
    freeRounds: bonuses.service.freeRounds,
    bonusMaxBet: (playerId) => bonuses.service.maxBetWhileWagering(playerId),
  });
  revealProof.bind((proof) => houseGames.house.revealProof(proof));
  const operatorModule = operator.routes({
    siteStatus: siteStatus.service,
    wallet,
    minorUnitDigits,
    playerCurrency: players.currencyOf,
  });

  // bonus prizes go through the bonus engine (WheelBonusPort)
  const wheel = createWheelModule({
    bonuses: {
      grantFromTemplate: (input, opts) => bonuses.service.grantFromTemplate(input, opts),
      templateOffer: (id, currency, trx) => bonuses.service.templateOffer(id, currency, trx),
    },
    db,
    auth,
    wallet,
    audit,
    clock,
    minorUnitDigits,
    playerCurrency: players.currencyOf,
    log,
  });

  // cashback (issue 25): a ledger-feed consumer of real stakes, refunds and wins; pays at each period's end
  const cashback = createCashbackModule({
    db,
    auth,
    feed,
    wallet,
    audit,
    live: bus,
    clock,
    minorUnitDigits,
    player: players.standing,
    players: players.standings,
    defaultCurrency: config.DEFAULT_CURRENCY,
    notify: notifications.service.notify,
    notifyMany: notifications.service.notifyMany,
    devRoutes: config.NODE_ENV !== 'production',
    log,
  });

  // levels (issue 25): a ledger-feed consumer of real-money stakes; rewards through the bonus engine and the wheel
  const levels = createLevelsModule({
    db,
    auth,
    feed,
    wallet,
    audit,
    live: bus,
    minorUnitDigits,
    player: players.standing,
    players: players.standings,
    playerCurrency: players.currencyOf,
    defaultCurrency: config.DEFAULT_CURRENCY,
    activeCurrencies: async () => (await informational.service.allCurrencies()).currencies,
    gamesOf: games.stakeGamesOf, // the game alone: a house bet's from its reference, without a read
    notify: notifications.service.notify,
    notifyMany: notifications.service.notifyMany,
    bonuses: {
      grantFromTemplate: (input, opts) => bonuses.service.grantFromTemplate(input, opts),
      templateOffer: (id, currency, trx) => bonuses.service.templateOffer(id, currency, trx),
    },
    grantSpins: (playerId, count, reason, trx) => wheel.service.grantSpins(playerId, count, reason, { trx }),
    grantSpinsMany: (items, trx) => wheel.service.grantSpinsMany(items, trx),
    log,
  });
  levelsOf.bind((ids) => levels.service.levelsOf(ids));
  levelOf.bind((playerId) => levels.service.levelOf(playerId));

  // tournaments (issue 27): a ledger-feed consumer scores stakes; a schedule job starts, completes and pays them
  const tournaments = createTournamentsModule({
    db,
    auth,
    feed,
    wallet,
    bonuses: {
      grantFromTemplate: (input, opts) => bonuses.service.grantFromTemplate(input, opts),
      templateOffer: (id, currency, trx) => bonuses.service.templateOffer(id, currency, trx),
    },
    notify: notifications.service.notify,
    notifyMany: notifications.service.notifyMany,
    live: bus,
    audit,
    clock,
    minorUnitDigits,
    defaultCurrency: config.DEFAULT_CURRENCY,
    players,
    gamesOf: games.stakeRoundsOf, // a house bet's game and round key from its reference, without a read
    devRoutes: config.NODE_ENV !== 'production',
    log,
  });
  // Home's social feed (issue 27): sign-ups and the biggest recent wins, broadcast at most every 5 s
  const social = createSocialModule({
    db,
    feed,
    live: bus,
    clock,
    players,
    gamesOf: games.stakeGamesOf, // the game alone: a house bet's from its reference, without a read
    minorUnitDigits,
  });
  // levels, cashback, the social feed and the bonuses' wagering read the same stakes, wins and refunds (bonuses the
  // deposits too, the social feed only the wins cashback reads anyway): one read and one transaction a batch for the
  // four, each with its own cursor and rules (ADR 031; docs/benchmarks.md, "Session 18", "Session 20" and "Session
  // 22"). Bonuses go last: the grants it updates are rows a bet reads, locked for the batch's last few statements only.
  // The tournaments' scoring stays alone: in the group its batches doubled the points lag (ADR 031, session 22).
  feed.share('promotions', [
    levels.feedConsumer,
    cashback.service.feedConsumer,
    social.feedConsumer,
    bonuses.service.feedConsumer,
  ]);
  await feed.register(cashback.service.feedConsumer);
  await feed.register(levels.feedConsumer);
  await feed.register(social.feedConsumer);
  await feed.register(tournaments.feedConsumer);
  playerBlocked.bind(async (playerId, trx) => {
    await tournaments.service.playerBlocked(playerId, trx);
    await social.service.playerBlocked(playerId, trx);
  });

  const list: AppModule[] = [
    informational,
    cashbox,
    telegramBot,
    siteStatus,
    accounts,
    games,
    limits,
    houseGames,
    operatorModule,
    bonuses,
    wheel,
    tournaments,
    social,
    levels,
    cashback,
    notifications,
    referrals,
    live,
    // the ledger feed's lag and quarantine for operators (its consumers run as their modules' jobs)
    { name: 'ledger-feed', routes: { operator: [{ plugin: ledgerFeedOperatorRoutes, options: { feed } }] } },
  ];
  const services = {
    informational: informational.service,
    siteStatus: siteStatus.service,
    tokens,
    auth,
    accounts: accounts.service,
    mailer,
    notifications: notifications.service,
    notificationDelivery: notifications.delivery,
    wallet,
    cashbox: cashbox.service,
    tonWatcher: cashbox.tonWatcher,
    gateway,
    catalogue: games.catalogue,
    house: houseGames.house,
    crash: houseGames.crash,
    /** Tests only (fixtures); app.ts and the modules get narrow functions. */
    gamesRepo: games.repo,
    gameIsActive: games.gameIsActive,
    limits: limits.service,
    operatorActions: operator.actions,
    wheel: wheel.service,
    levels: levels.service,
    /** Drains the levels consumer of the ledger feed now and sends its messages (tests; the job runs it too). */
    levelsFeed: levels.runFeed,
    referrals: referrals.service,
    cashback: cashback.service,
    /** Drains the cashback consumer of the ledger feed now (tests; the job runs it too). */
    cashbackFeed: cashback.runFeed,
    tournaments: tournaments.service,
    /** The tournaments' consumer drained now and their schedule run now (tests; their jobs run them too). */
    tournamentsFeed: tournaments.runFeed,
    tournamentsSchedule: tournaments.runSchedule,
    tournamentCompletion: tournaments.completion,
    social: social.service,
    /** Drains the social feed's consumer now (tests; its job runs it too). */
    socialFeed: social.runFeed,
    bonuses: bonuses.service,
    /** Drains the bonuses consumer of the ledger feed now and sends its messages (tests; the job runs it too). */
    bonusesFeed: bonuses.runFeed,
  };
  // every late port bound above: a missing bind stops start-up here, not at the first call that reaches it
  ports.assertBound();
  // every ledger kind a module declared is allowed by the database: a missing migration stops start-up here
  await assertLedgerKindsAllowed(db);
  return { list, services, bot, hub: live.hub, gate: siteStatus.gate };
}
