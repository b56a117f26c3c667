#!/usr/bin/env tsx
// Operator commands against a running server: `npm run ops -- <command> [args]`.
// Talks to the server's /ops-api with the operator token (OPS_TOKEN, or DATA_DIR/secrets/ops-token.txt that the
// server generated on first start), so it works the same with the embedded PGlite and with PostgreSQL. It finds the
// server as the server finds its settings (the environment, then .env): OPS_URL, else the address the running server
// recorded in DATA_DIR, else 127.0.0.1:PORT. Statuses are names (processed, rejected…) in and out; ids are numbers.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { paymentStatus } from '../contracts/codes';
import { pathOf, type BodyOf, type OpsEndpoint, type PathParams, type QueryOf } from '../contracts/endpoint';
import * as accounts from '../contracts/ops/accounts';
import * as bonuses from '../contracts/ops/bonuses';
import * as cashback from '../contracts/ops/cashback';
import * as cashbox from '../contracts/ops/cashbox';
import * as ledgerFeed from '../contracts/ops/ledger-feed';
import * as levels from '../contracts/ops/levels';
import * as limits from '../contracts/ops/limits';
import * as notifications from '../contracts/ops/notifications';
import * as operator from '../contracts/ops/operator';
import * as referrals from '../contracts/ops/referrals';
import * as tournaments from '../contracts/ops/tournaments';
import * as wheel from '../contracts/ops/wheel';
import { findRunningServer, loadDotEnv, localUrl } from '../server/src/lib/local-settings';

/** Payment statuses by the names an operator types and reads (contracts/codes.ts, snake_case). */
const statusByName: Record<string, number> = Object.fromEntries(
  Object.entries(paymentStatus).map(([name, code]) => [name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), code]),
);

interface Request {
  method: string;
  path: string;
  body?: unknown;
}
interface Command {
  usage: string;
  run(args: string[]): Promise<Request>;
}

/** A request to an operator endpoint (contracts/ops/<module>.ts): its method and path, the body its type allows. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any endpoint; its own body and query types are checked
function call<E extends OpsEndpoint<any, any, any>>(
  endpoint: E,
  input: { params?: PathParams; body?: BodyOf<E>; query?: QueryOf<E> } = {},
): Request {
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries((input.query ?? {}) as Record<string, unknown>))
    if (v !== undefined) query.set(k, String(v));
  const path = `${pathOf(endpoint, input.params)}${query.size ? `?${query}` : ''}`;
  return { method: endpoint.method, path, ...(input.body === undefined ? {} : { body: input.body }) };
}

const commands: Record<string, Command> = {
  maintenance: {
    usage: 'maintenance on|off',
    async run([state]) {
      if (state !== 'on' && state !== 'off') throw new UsageError('maintenance takes on or off');
      return call(operator.setMaintenance, { body: { is_active: state === 'on' } });
    },
  },
  block: {
    usage: 'block <player id> temporary <until ISO time> [reason…] | block <player id> permanent [reason…]',
    async run([id, type, ...rest]) {
      if (!id || !/^\d+$/.test(id)) throw new UsageError('block needs a player id');
      if (type === 'permanent')
        return call(accounts.blockPlayer, { params: { id }, body: { type, reason: rest.join(' ') || undefined } });
      if (type === 'temporary') {
        const [until, ...reason] = rest;
        if (!until || Number.isNaN(Date.parse(until)))
          throw new UsageError('a temporary block needs an end time, e.g. 2026-12-01T00:00:00Z');
        return call(accounts.blockPlayer, {
          params: { id },
          body: { type, until: new Date(until).toISOString(), reason: reason.join(' ') || undefined },
        });
      }
      throw new UsageError('block type is temporary or permanent');
    },
  },
  unblock: {
    usage: 'unblock <player id>',
    async run([id]) {
      if (!id || !/^\d+$/.test(id)) throw new UsageError('unblock needs a player id');
      return call(accounts.unblockPlayer, { params: { id } });
    },
  },
  withdrawals: {
    usage: `withdrawals [status]  (${Object.keys(statusByName).join(', ')}; default: processing and manual)`,
    async run([status]) {
      if (status === undefined) return call(cashbox.withdrawals);
      const code =
        statusByName[status] ??
        (Object.values(paymentStatus).includes(Number(status) as never) ? Number(status) : undefined);
      if (code === undefined)
        throw new UsageError(`unknown status ${status}: one of ${Object.keys(statusByName).join(', ')}`);
      return call(cashbox.withdrawals, { query: { status: code } });
    },
  },
  player: {
    usage: 'player <email>  (the player with this email: id, state, block; the lookup is recorded)',
    async run([email]) {
      if (!email || !email.includes('@')) throw new UsageError('player needs an email');
      return call(accounts.findPlayers, { query: { email } });
    },
  },
  approve: {
    usage: 'approve <withdrawal id> [fee]',
    async run([id, fee]) {
      if (!id || !/^\d+$/.test(id)) throw new UsageError('approve needs a withdrawal id');
      return call(cashbox.approveWithdrawal, { params: { id }, body: fee === undefined ? {} : { fee: Number(fee) } });
    },
  },
  reject: {
    usage: 'reject <withdrawal id> <reason…>',
    async run([id, ...reason]) {
      if (!id || !/^\d+$/.test(id) || reason.length === 0)
        throw new UsageError('reject needs a withdrawal id and a reason');
      return call(cashbox.rejectWithdrawal, { params: { id }, body: { reason: reason.join(' ') } });
    },
  },
  manual: {
    usage: 'manual <withdrawal id>',
    async run([id]) {
      if (!id || !/^\d+$/.test(id)) throw new UsageError('manual needs a withdrawal id');
      return call(cashbox.manualWithdrawal, { params: { id } });
    },
  },
  'ton-held': {
    usage: 'ton-held  (TON deposits held for review, e.g. underpaid, and chain transfers that named no open deposit)',
    async run() {
      return call(cashbox.heldTonDeposits);
    },
  },
  'credit-deposit': {
    usage: 'credit-deposit <deposit id> [amount]  (default: what arrived on chain, at the rate locked at request)',
    async run([id, amount]) {
      if (!id || !/^\d+$/.test(id)) throw new UsageError('credit-deposit needs a deposit id');
      if (amount !== undefined && !(Number(amount) > 0)) throw new UsageError('the amount must be a number above 0');
      return call(cashbox.creditDeposit, {
        params: { id },
        body: amount === undefined ? {} : { amount: Number(amount) },
      });
    },
  },
  'reject-deposit': {
    usage: 'reject-deposit <deposit id> <reason…>  (nothing is credited; return the coins on chain yourself)',
    async run([id, ...reason]) {
      if (!id || !/^\d+$/.test(id) || reason.length === 0)
        throw new UsageError('reject-deposit needs a deposit id and a reason');
      return call(cashbox.rejectDeposit, { params: { id }, body: { reason: reason.join(' ') } });
    },
  },
  'limit-changes': {
    usage: "limit-changes <player id>  (every change of the player's limits and self-exclusion: who, when, old, new)",
    async run([id]) {
      if (!id || !/^\d+$/.test(id)) throw new UsageError('limit-changes needs a player id');
      return call(limits.playerLimitChanges, { params: { id } });
    },
  },
  actions: {
    usage: 'actions <player id>  (every operator action on the player: who, when, what)',
    async run([id]) {
      if (!id || !/^\d+$/.test(id)) throw new UsageError('actions needs a player id');
      return call(operator.playerActions, { params: { id } });
    },
  },
  adjust: {
    usage: 'adjust <player id> <amount, e.g. 5 or -2.50> <reference> <reason…>  (the real balance; never below zero)',
    async run([id, amount, reference, ...reason]) {
      if (!id || !/^\d+$/.test(id)) throw new UsageError('adjust needs a player id');
      if (!amount || !Number.isFinite(Number(amount)) || Number(amount) === 0)
        throw new UsageError('the amount is a number other than 0');
      if (!reference || reason.length === 0) throw new UsageError('adjust needs a reference and a reason');
      return call(operator.adjustBalance, {
        params: { id },
        body: { amount: Number(amount), reference, reason: reason.join(' ') },
      });
    },
  },
  audit: {
    usage: 'audit [limit]',
    async run([limit]) {
      return call(operator.audit, { query: { limit: Number(limit ?? 20) } });
    },
  },
  wheel: {
    usage: 'wheel  (the wheel of fortune: segments, weights, prizes, free-spin cooldown, version)',
    async run() {
      return call(wheel.wheelConfig);
    },
  },
  'wheel-set': {
    usage:
      'wheel-set <file.json>  (replaces the wheel: {"free_spin_every_hours": 24 | null, "segments": [{"id", "weight", "prize", "label_key"}]})',
    async run([file]) {
      if (!file || !existsSync(file)) throw new UsageError('wheel-set needs a JSON file with the whole wheel');
      let body: unknown;
      try {
        body = JSON.parse(readFileSync(file, 'utf8'));
      } catch {
        throw new UsageError(`${file} is not JSON`);
      }
      return call(wheel.setWheelConfig, { body: body as BodyOf<typeof wheel.setWheelConfig> });
    },
  },
  'wheel-spins': {
    usage: 'wheel-spins <player id> <count> <reason…>  (grants wheel spins)',
    async run([id, count, ...reason]) {
      if (!id || !/^\d+$/.test(id)) throw new UsageError('wheel-spins needs a player id');
      if (!count || !/^\d+$/.test(count) || Number(count) < 1)
        throw new UsageError('the count is a whole number, 1 or more');
      if (reason.length === 0) throw new UsageError('wheel-spins needs a reason');
      return call(wheel.grantWheelSpins, { params: { id }, body: { count: Number(count), reason: reason.join(' ') } });
    },
  },
  cashback: {
    usage: 'cashback  (the cashback settings: enabled, levels, schedule, minimum loss and cap per currency, version)',
    async run() {
      return call(cashback.cashbackSettings);
    },
  },
  'cashback-set': {
    usage:
      'cashback-set <file.json>  (a new version: {"is_enabled", "levels": [{"percentage"}], "schedule": {"frequency", "payout_day", "payout_hour", "time_zone"}, "currencies": {"USD": {"min_bet_sum_minor": [...], "min_loss_minor", "max_cashback_minor"}}})',
    async run([file]) {
      if (!file || !existsSync(file)) throw new UsageError('cashback-set needs a JSON file with the whole settings');
      let body: unknown;
      try {
        body = JSON.parse(readFileSync(file, 'utf8'));
      } catch {
        throw new UsageError(`${file} is not JSON`);
      }
      return call(cashback.setCashbackSettings, { body: body as BodyOf<typeof cashback.setCashbackSettings> });
    },
  },
  levels: {
    usage: 'levels  (the levels ladder: order, names, thresholds per currency, rewards)',
    async run() {
      return call(levels.listLevels);
    },
  },
  'level-add': {
    usage:
      'level-add <file.json>  (a new level: {"order", "name": {"en"}, "description", "logo", "thresholds": {"USD": 50, …}, "bonus_template_id", "wheel_spins"})',
    async run([file]) {
      return call(levels.createLevel, { body: jsonFile(file, 'level-add') as BodyOf<typeof levels.createLevel> });
    },
  },
  'level-set': {
    usage: 'level-set <level id> <file.json>  (replaces a level; players keep every level they reached)',
    async run([id, file]) {
      if (!id || !/^\d+$/.test(id)) throw new UsageError('level-set needs a level id');
      return call(levels.updateLevel, {
        params: { id },
        body: jsonFile(file, 'level-set') as BodyOf<typeof levels.updateLevel>,
      });
    },
  },
  'level-contributions': {
    usage:
      'level-contributions [file.json]  (what share of a game counts to levels; with a file, replaces it: {"items": [{"target", "percent"}]})',
    async run([file]) {
      if (!file) return call(levels.levelContributionsView);
      return call(levels.setLevelContributions, {
        body: jsonFile(file, 'level-contributions') as BodyOf<typeof levels.setLevelContributions>,
      });
    },
  },
  tournaments: {
    usage:
      'tournaments [created|ongoing|completed|cancelled]  (the tournaments, newest first, with their participants)',
    async run([status]) {
      if (status && !['created', 'ongoing', 'completed', 'cancelled'].includes(status))
        throw new UsageError('tournaments takes created, ongoing, completed or cancelled');
      return call(tournaments.listTournaments, {
        query: status ? { status: status as 'created' | 'ongoing' | 'completed' | 'cancelled' } : {},
      });
    },
  },
  'tournament-add': {
    usage:
      'tournament-add <file.json>  (a tournament: {"name": {"en"}, "starts_at", "ends_at", "scoring": "stakes|bets|multiplier", "currencies": {"USD": {"min_bet", "points_per_unit"}}, "prizes": [{"kind": "money", "place": 1, "amounts": {"USD": 100}}], "games", "pool_percent", "auto_subscribe"})',
    async run([file]) {
      return call(tournaments.createTournament, {
        body: jsonFile(file, 'tournament-add') as BodyOf<typeof tournaments.createTournament>,
      });
    },
  },
  'tournament-standings': {
    usage: 'tournament-standings <tournament id> [limit]  (places, points, prizes and whether paid)',
    async run([id, limit]) {
      if (!id || !/^\d+$/.test(id)) throw new UsageError('tournament-standings needs a tournament id');
      return call(tournaments.tournamentStandings, { params: { id }, query: limit ? { limit: Number(limit) } : {} });
    },
  },
  'tournament-cancel': {
    usage: 'tournament-cancel <tournament id> <reason…>  (no prizes; the participants are told)',
    async run([id, ...reason]) {
      if (!id || !/^\d+$/.test(id)) throw new UsageError('tournament-cancel needs a tournament id');
      if (!reason.length) throw new UsageError('tournament-cancel needs a reason');
      return call(tournaments.cancelTournament, { params: { id }, body: { reason: reason.join(' ') } });
    },
  },
  referrals: {
    usage:
      'referrals [by <player id> | of <player id>] [limit]  (who referred whom, newest first: the players <id> invited, or who invited <id>)',
    async run(args) {
      const [side, id, limit] = args[0] === 'by' || args[0] === 'of' ? args : [undefined, undefined, args[0]];
      if (side && (!id || !/^\d+$/.test(id))) throw new UsageError(`referrals ${side} needs a player id`);
      if (limit !== undefined && !/^\d+$/.test(limit)) throw new UsageError('referrals takes a number as its limit');
      return call(referrals.referrals, {
        query: {
          ...(side === 'by' ? { referrer_id: Number(id) } : side === 'of' ? { referred_id: Number(id) } : {}),
          ...(limit === undefined ? {} : { limit: Number(limit) }),
        },
      });
    },
  },
  feed: {
    usage: 'feed  (each ledger-feed consumer: lag in ms, entries waiting, quarantined entries)',
    async run() {
      return call(ledgerFeed.ledgerFeedStatus);
    },
  },
  'feed-quarantine': {
    usage: 'feed-quarantine <consumer>  (the entries set aside, with their error and attempts)',
    async run([consumer]) {
      if (!consumer) throw new UsageError('feed-quarantine needs a consumer name (see: feed)');
      return call(ledgerFeed.quarantine, { params: { consumer } });
    },
  },
  'feed-retry': {
    usage: 'feed-retry <consumer> <entry id>  (handle a quarantined entry again, once its cause is fixed)',
    async run([consumer, entry]) {
      if (!consumer || !entry || !/^\d+$/.test(entry))
        throw new UsageError('feed-retry needs a consumer and an entry id');
      return call(ledgerFeed.retryQuarantined, { params: { consumer, entry } });
    },
  },
  'bonus-templates': {
    usage: 'bonus-templates  (bonus templates with their current terms and version)',
    async run() {
      return call(bonuses.listTemplates);
    },
  },
  'bonus-template-add': {
    usage:
      'bonus-template-add <file.json>  (a new template: {"name", "type", "trigger", "terms": {title, description, translations: {ru: {title, description}}, percent, currencies, wagering_multiplier, wagering_base, contributions, claim_days, wagering_days, eligible_games, max_grants}})',
    async run([file]) {
      return call(bonuses.createTemplate, {
        body: jsonFile(file, 'bonus-template-add') as BodyOf<typeof bonuses.createTemplate>,
      });
    },
  },
  'bonus-template-set': {
    usage:
      'bonus-template-set <template id> <file.json>  (new terms as a new version: {"terms": {…}, "is_active": true}; grants keep theirs)',
    async run([id, file]) {
      if (!id || !/^\d+$/.test(id)) throw new UsageError('bonus-template-set needs a template id');
      const body = jsonFile(file, 'bonus-template-set') as BodyOf<typeof bonuses.versionTemplate>;
      return call(bonuses.versionTemplate, { params: { id }, body });
    },
  },
  'promo-codes': {
    usage: 'promo-codes  (promo codes with their template, cap, window and redemptions)',
    async run() {
      return call(bonuses.listPromoCodes);
    },
  },
  'promo-code-add': {
    usage:
      'promo-code-add <CODE> <template id> [--max N] [--from ISO] [--to ISO] [--currencies USD,EUR]  (a promo code for a template)',
    async run([code, templateId, ...rest]) {
      if (!code || !/^[A-Za-z0-9_-]{2,40}$/.test(code)) throw new UsageError('a code is 2-40 letters, digits, - or _');
      if (!templateId || !/^\d+$/.test(templateId)) throw new UsageError('promo-code-add needs a template id');
      const opt = (name: string) => {
        const i = rest.indexOf(`--${name}`);
        return i >= 0 ? rest[i + 1] : undefined;
      };
      const max = opt('max');
      if (max !== undefined && !/^\d+$/.test(max)) throw new UsageError('--max is a whole number');
      for (const name of ['from', 'to'])
        if (opt(name) !== undefined && Number.isNaN(Date.parse(opt(name)!)))
          throw new UsageError(`--${name} is an ISO time, e.g. 2026-12-01T00:00:00Z`);
      return call(bonuses.createPromoCode, {
        body: {
          code,
          template_id: Number(templateId),
          max_redemptions: max === undefined ? null : Number(max),
          valid_from: opt('from') ?? null,
          valid_to: opt('to') ?? null,
          currencies: opt('currencies')?.split(',') ?? null,
        },
      });
    },
  },
  'player-bonuses': {
    usage: 'player-bonuses <player id>  (every bonus of a player, with its state and amounts)',
    async run([id]) {
      if (!id || !/^\d+$/.test(id)) throw new UsageError('player-bonuses needs a player id');
      return call(bonuses.playerGrants, { params: { id } });
    },
  },
  'bonus-grant': {
    usage: 'bonus-grant <player id> <template id> [--activate] <reason…>  (grants a bonus to one player)',
    async run([id, templateId, ...rest]) {
      if (!id || !/^\d+$/.test(id)) throw new UsageError('bonus-grant needs a player id');
      if (!templateId || !/^\d+$/.test(templateId)) throw new UsageError('bonus-grant needs a template id');
      const activate = rest.includes('--activate');
      const reason = rest.filter((r) => r !== '--activate').join(' ');
      if (!reason) throw new UsageError('bonus-grant needs a reason');
      return call(bonuses.grantBonus, { params: { id }, body: { template_id: Number(templateId), reason, activate } });
    },
  },
  'bonus-cancel': {
    usage: 'bonus-cancel <bonus id> <reason…>  (cancels a grant; bonus money in play is forfeited)',
    async run([id, ...reason]) {
      if (!id || !/^\d+$/.test(id)) throw new UsageError('bonus-cancel needs a bonus id');
      if (reason.length === 0) throw new UsageError('bonus-cancel needs a reason');
      return call(bonuses.cancelGrant, { params: { id }, body: { reason: reason.join(' ') } });
    },
  },
  notify: {
    usage:
      'notify <message.json> [--send]  (a message to a player or a segment: {player_id | segment: {currency, ' +
      'language, seen_within_days, brand, level}, category: marketing|account, texts: {en: {title, body}}}; without --send only ' +
      'counts who would get it)',
    async run([file, flag]) {
      const body = jsonFile(file, 'notify') as BodyOf<typeof notifications.sendMessage>;
      if (flag !== undefined && flag !== '--send') throw new UsageError(`unknown option ${flag}: only --send`);
      return call(notifications.sendMessage, { body: { ...body, preview: flag !== '--send' } });
    },
  },
  notifications: {
    usage: "notifications <player id>  (a player's newest notifications and the state of each delivery)",
    async run([id]) {
      if (!id || !/^\d+$/.test(id)) throw new UsageError('notifications needs a player id');
      return call(notifications.playerNotificationsOf, { params: { id } });
    },
  },
  'notify-queue': {
    usage: 'notify-queue  (the delivery queue: waiting, due, failed, the oldest waiting)',
    async run() {
      return call(notifications.queue);
    },
  },
  'notify-retention': {
    usage: 'notify-retention [days]  (how long notifications are kept; with days: sets it)',
    async run([days]) {
      if (days === undefined) return call(notifications.getRetention);
      if (!/^\d+$/.test(days)) throw new UsageError('notify-retention takes a number of days');
      return call(notifications.setRetention, { body: { retention_days: Number(days) } });
    },
  },
};

/** A JSON file's content, or a usage error that says which command wanted it. */
function jsonFile(file: string | undefined, command: string): unknown {
  if (!file || !existsSync(file)) throw new UsageError(`${command} needs a JSON file`);
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    throw new UsageError(`${file} is not JSON`);
  }
}

class UsageError extends Error {}

const statusName = (code: number) => Object.entries(statusByName).find(([, c]) => c === code)?.[0] ?? String(code);
/** Commands whose answers carry payment statuses (withdrawals and deposits). */
const PAYMENT_COMMANDS = new Set([
  'withdrawals',
  'approve',
  'reject',
  'manual',
  'ton-held',
  'credit-deposit',
  'reject-deposit',
]);

/** What the server answered, for a person: ids (int8, sent as text) as numbers, payment statuses as names. */
export function forPeople(value: unknown, command: string): unknown {
  if (Array.isArray(value)) return value.map((v) => forPeople(v, command));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, v]) => {
      if ((key === 'id' || key.endsWith('_id')) && typeof v === 'string' && /^\d{1,15}$/.test(v))
        return [key, Number(v)];
      if (key === 'status' && typeof v === 'number' && PAYMENT_COMMANDS.has(command)) return [key, statusName(v)];
      return [key, forPeople(v, command)];
    }),
  );
}

/** Where the server is: OPS_URL, else the address the running server recorded in DATA_DIR, else 127.0.0.1:PORT. */
export function opsBaseUrl(env: Record<string, string | undefined> = process.env): string {
  if (env.OPS_URL) return env.OPS_URL.replace(/\/+$/, '');
  const running = findRunningServer(env.DATA_DIR ?? '.data');
  if (running) return running.url;
  return localUrl(env.HOST ?? '0.0.0.0', Number(env.PORT ?? 3000));
}

function usage(): string {
  return [
    'Usage: npm run ops -- <command>',
    ...Object.values(commands).map((c) => `  ${c.usage}`),
    'Environment (and .env): OPS_URL (default: the running server recorded in DATA_DIR, else http://127.0.0.1:$PORT),',
    '  OPS_TOKEN (default: DATA_DIR/secrets/ops-token.txt), OPERATOR_NAME (default: USER)',
  ].join('\n');
}

export function operatorToken(env: Record<string, string | undefined> = process.env): string {
  if (env.OPS_TOKEN) return env.OPS_TOKEN;
  const file = join(env.DATA_DIR ?? '.data', 'secrets', 'ops-token.txt');
  if (!existsSync(file))
    throw new Error(`No operator token: set OPS_TOKEN or start the server once so it creates ${file}`);
  return readFileSync(file, 'utf8').trim();
}

export function registerOpsCommand(name: string, command: Command): void {
  commands[name] = command;
}

export async function main(
  argv: string[],
  io: { env?: Record<string, string | undefined>; out?: (s: string) => void; err?: (s: string) => void } = {},
): Promise<number> {
  const env = io.env ?? process.env;
  const out = io.out ?? console.log;
  const err = io.err ?? console.error;
  const [name, ...args] = argv;
  const command = name ? commands[name] : undefined;
  if (!command) {
    err(usage());
    return 2;
  }
  const request = await command.run(args);
  const url = `${opsBaseUrl(env)}/ops-api${request.path}`;
  let res: Response;
  try {
    res = await fetch(url, {
      method: request.method,
      headers: {
        authorization: `Bearer ${operatorToken(env)}`,
        'x-operator': env.OPERATOR_NAME ?? env.USER ?? 'ops-cli',
        ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
    });
  } catch (e) {
    const cause = (e as { cause?: { code?: string; message?: string } }).cause;
    err(
      `ops: ${request.method} ${url} failed: ${cause?.code ?? cause?.message ?? (e as Error).message}. ` +
        'Is the server running there? Set OPS_URL, or PORT as the server has it (.env is read).',
    );
    return 1;
  }
  const text = await res.text();
  if (!res.ok) {
    err(`ops: ${request.method} ${url} failed: HTTP ${res.status} ${text}`);
    return 1;
  }
  out(text ? JSON.stringify(forPeople(JSON.parse(text), name!), null, 2) : `${res.status} OK`);
  return 0;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  loadDotEnv(); // as the server does: .env fills in what the environment does not set
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err) => {
      console.error(err instanceof UsageError ? `${err.message}\n${usage()}` : `ops: ${(err as Error).message}`);
      process.exit(err instanceof UsageError ? 2 : 1);
    },
  );
}
