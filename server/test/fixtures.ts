import type { InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Database } from '../src/db/database';
import { toMinor } from '../src/lib/money';
import { createRedisBus } from '../src/modules/live/live.bus';
import { createTestApp, type TestApp, type TestAppOptions } from './test-app';

// What server tests start from: the app on a test database for the file (useTestApp), a signed-up player
// (signUpPlayer), money on the player's wallet (deposit), a launched game (launchGame), and requests as either
// (as(player).get/post/put/patch/delete). Each helper checks the answer it depends on, so a broken sign-up or launch
// fails where it happens rather than later as a puzzling 401.

export const PASSWORD = 'correct horse';

/**
 * Builds the app before the file's (or the describe block's) tests and closes it after them. The returned value
 * stands for the app once beforeAll has run: `t.app.inject(...)`, `t.services`, `t.db` as with createTestApp.
 */
export function useTestApp(
  options: TestAppOptions | (() => TestAppOptions | Promise<TestAppOptions>) = {},
  hookTimeoutMs?: number,
): TestApp {
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await createTestApp(typeof options === 'function' ? await options() : options);
  }, hookTimeoutMs);
  afterAll(async () => {
    await current?.close();
    current = undefined;
  }, hookTimeoutMs);
  return new Proxy({} as TestApp, {
    get(_target, key) {
      if (!current) throw new Error(`the test app is used outside its tests (reading ${String(key)})`);
      return current[key as keyof TestApp];
    },
  });
}

/** A second app for one test (other settings, often on the same database: `database: t.database, seed: false`). */
export async function withTestApp<T>(options: TestAppOptions, use: (app: TestApp) => Promise<T>): Promise<T> {
  const app = await createTestApp(options);
  try {
    return await use(app);
  } finally {
    await app.close();
  }
}

/** Options that put another app on `t`'s database, already migrated and seeded. */
export const onDatabaseOf = (t: TestApp) => ({ database: t.database, seed: false });

export interface Player {
  id: string;
  email: string;
  token: string;
  currency: string;
  headers: { authorization: string };
  /** The app the player signed up on: the other fixtures act there. */
  t: TestApp;
}

export interface SignUpOptions {
  /** Unique per call unless given. */
  email?: string;
  /** Not sent unless given: the site's default currency. */
  currency?: string;
  password?: string;
  /** Money credited at once, in major units (dollars), as a settled deposit. */
  deposit?: number;
}

let players = 0;

/** Signs up through the API (201 expected) and reads the player's id and currency back from /users/me. */
export async function signUpPlayer(t: TestApp, options: SignUpOptions = {}): Promise<Player> {
  const email = options.email ?? `player-${++players}-${process.pid}@fixtures.test`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/main-api/auth/signup',
    payload: {
      email,
      password: options.password ?? PASSWORD,
      accept_terms: true,
      ...(options.currency ? { currency: options.currency } : {}),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const token = res.json().access_token as string;
  const headers = { authorization: `Bearer ${token}` };
  const me = await t.app.inject({ url: '/main-api/users/me', headers });
  expect(me.statusCode, me.body).toBe(200);
  const { id, currency } = me.json() as { id: number; currency: string };
  const player: Player = { id: String(id), email, token, currency, headers, t };
  if (options.deposit) await deposit(player, options.deposit);
  return player;
}

let deposits = 0;

/** Credits a settled deposit straight to the wallet (amount in major units; two-decimal currencies). */
export async function deposit(player: Player, amount: number) {
  await player.t.services.wallet.creditDeposit(
    { playerId: player.id, currency: player.currency, key: `fixture-deposit:${player.id}:${++deposits}` },
    toMinor(amount, 2),
  );
}

export interface GameSession {
  /** The game token the game page gets in its URL. */
  token: string;
  headers: { 'x-game-token': string };
  /** The launch answer (url, string_id, is_house, demo, ...). */
  body: { url: string } & Record<string, unknown>;
  t: TestApp;
}

/** Launches a game by its string id (`house-dice`, a provider's `acme-fruits`) as the player: 200 expected. */
export async function launchGame(
  player: Player,
  game: string,
  options: { demo?: boolean; clientType?: 'web' | 'telegram' } = {},
): Promise<GameSession> {
  const query = new URLSearchParams({ language: 'en', client_type: options.clientType ?? 'web' });
  if (options.demo !== undefined) query.set('demo_flag', String(options.demo));
  const res = await player.t.app.inject({
    url: `/main-api/games/session_url/${game}/?${query}`,
    headers: player.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as GameSession['body'];
  const token = new URL(body.url, 'http://x').searchParams.get('token')!;
  expect(token).toBeTruthy();
  return { token, headers: { 'x-game-token': token }, body, t: player.t };
}

type Extra = Omit<InjectOptions, 'method' | 'url' | 'payload' | 'body'>;

/** Requests as a player (bearer token) or a game session (X-Game-Token); extra headers merge over those. */
export function as(who: { headers: Record<string, string>; t: TestApp }) {
  const send = (method: InjectOptions['method'], url: string, payload?: InjectOptions['payload'], extra: Extra = {}) =>
    who.t.app.inject({
      ...extra,
      method,
      url,
      headers: { ...who.headers, ...(extra.headers as Record<string, string> | undefined) },
      ...(payload === undefined ? {} : { payload }),
    });
  return {
    get: (url: string, extra?: Extra) => send('GET', url, undefined, extra),
    post: (url: string, payload?: InjectOptions['payload'], extra?: Extra) => send('POST', url, payload, extra),
    put: (url: string, payload?: InjectOptions['payload'], extra?: Extra) => send('PUT', url, payload, extra),
    patch: (url: string, payload?: InjectOptions['payload'], extra?: Extra) => send('PATCH', url, payload, extra),
    delete: (url: string, extra?: Extra) => send('DELETE', url, undefined, extra),
  };
}

/** The books balance: the player's balances equal the sums of their ledger entries (real, bonus, pending). */
export async function expectBooksBalance(p: Player) {
  const b = (await p.t.services.wallet.balances(p.id))!;
  expect({ real: b.real, bonus: b.bonus, pending: b.pending }).toEqual(await p.t.services.wallet.sumEntries(p.id));
}

/**
 * Drains the bonuses' ledger-feed consumer until the player (/users/me) reads as expected: the feed takes only what
 * every earlier transaction has committed, so on a shared PostgreSQL another database's open transaction may hold it
 * back a moment.
 */
export function afterBonusFeed(p: Player, expected: object) {
  return expect
    .poll(
      async () => {
        await p.t.services.bonusesFeed();
        return (await as(p).get('/main-api/users/me')).json();
      },
      { timeout: 10_000, interval: 50 },
    )
    .toMatchObject(expected);
}

/**
 * Time passes for a player's bonus windows: their ends move `ms` into the past. Bonus windows are decided by the
 * database clock (the ledger's), which a test cannot move, so the windows move instead.
 */
export async function bonusTimePasses(p: Player, ms: number) {
  await sql`update bonus_grants set expires_at = expires_at - ${ms}::float8 * interval '1 millisecond'
    where player_id = ${p.id} and expires_at is not null`.execute(p.t.db);
}

/** The player's balance as /users/me shows it (major units). */
export async function balanceOf(player: Player): Promise<number> {
  const res = await as(player).get('/main-api/users/me');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().balance as number;
}

/**
 * An outside provider (aggregator) with its signing secret and one game launched at `launchUrl`, as an operator adds
 * them: the provider gateway's tests and the crash workload drive it with signed calls.
 */
export async function addProviderGame(
  db: Database,
  game: { provider: string; secret: string; game: string; launchUrl?: string },
): Promise<{ providerId: number; gameId: number }> {
  const provider = await db
    .insertInto('games_providers')
    .values({ string_id: game.provider, name: 'Acme Slots', secret: game.secret })
    .returning('id')
    .executeTakeFirstOrThrow();
  const row = await db
    .insertInto('games_games')
    .values({
      string_id: game.game,
      name: 'Acme Fruits',
      provider_id: provider.id,
      image: null,
      house_game: null,
      rtp: '96.00',
      launch_url: game.launchUrl ?? 'https://games.acme.test/launch',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { providerId: provider.id, gameId: row.id };
}

/**
 * Two instances of the app on one database, joined by a Redis bus on a fresh channel (TEST_REDIS_URL must be set):
 * what one instance publishes or revokes, the other hears. Both are closed after `use`.
 */
export async function withTwoInstances<T>(use: (a: TestApp, b: TestApp) => Promise<T>): Promise<T> {
  const redisUrl = process.env.TEST_REDIS_URL;
  if (!redisUrl) throw new Error('withTwoInstances needs TEST_REDIS_URL');
  const channel = `casino:live:test:${Date.now()}:${++channels}`;
  type ReadyBus = ReturnType<typeof createRedisBus> & { ready(): Promise<unknown> };
  const busA = createRedisBus(redisUrl, channel) as ReadyBus;
  const busB = createRedisBus(redisUrl, channel) as ReadyBus;
  const a = await createTestApp({ bus: busA });
  const b = await createTestApp({ bus: busB, database: a.database, seed: false });
  try {
    await Promise.all([busA.ready(), busB.ready()]);
    return await use(a, b);
  } finally {
    await b.close();
    await a.close();
  }
}
let channels = 0;

/** The player's games transactions still pending and game rounds still open: both empty once every flow finished. */
export async function unfinishedGameWork(player: Player) {
  const { db } = player.t;
  const [pending, open] = await Promise.all([
    db
      .selectFrom('games_transactions')
      .select('id')
      .where('player_id', '=', player.id)
      .where('result', '=', 'pending')
      .execute(),
    db
      .selectFrom('games_rounds')
      .select('id')
      .where('player_id', '=', player.id)
      .where('status', '=', 'open')
      .execute(),
  ]);
  return { pending, open };
}
