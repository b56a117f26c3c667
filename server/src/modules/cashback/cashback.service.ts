import './cashback.ledger-kinds';
import type { Transaction } from 'kysely';
import type {
  CashbackHistory,
  CashbackInfo,
  CashbackSettings,
  CashbackSettingsBody,
  CashbackSettingsVersion,
  ReceivedCashback,
} from '@contracts/cashback';
import { cashbackLevelOf, cashbackPayoutMinor, nextPayoutAfter } from '@contracts/cashback.rules';
import type { NotificationEvent } from '@contracts/notifications.kinds';
import type { Database } from '../../db/database';
import type { DB } from '../../db/schema';
import { afterCommit } from '../../lib/after-commit';
import type { Clock } from '../../lib/clock';
import { toDecimalString, toMajor } from '../../lib/money';
import type { LivePublisher } from '../live';
import type { OperatorAudit } from '../operator';
import type { FeedConsumer, FeedEntry, WalletService } from '../wallet';
import type { CashbackRepository, PeriodRow } from './cashback.repository';

export interface CashbackDeps {
  repo: CashbackRepository;
  wallet: Pick<WalletService, 'creditMany'>;
  /** The window-closing rule: every entry before the answer has been handled by the cashback consumer. */
  feedCovered: () => Promise<Date | null>;
  /** The feed's grace: a period is paid 2 × this after its end. */
  graceMs: number;
  live: LivePublisher;
  clock: Clock;
  audit: OperatorAudit;
  minorUnitDigits(currency: string): Promise<number>;
  /** Currency and whether blocked or self-excluded now (the accounts module's player directory). */
  player(
    playerId: string,
    trx?: Transaction<DB>,
  ): Promise<{ currency: string; blockedOrSelfExcluded: boolean } | undefined>;
  /** `player` of many at once (the payout's eligible players, one read); without it, the payout asks one by one. */
  players?(
    playerIds: string[],
    trx?: Transaction<DB>,
  ): Promise<Map<string, { currency: string; blockedOrSelfExcluded: boolean }>>;
  defaultCurrency: string;
  notify(playerId: string, event: NotificationEvent, trx: Transaction<DB>): Promise<unknown>;
  /** `notify` for many players in one go (the notifications module's notifyMany); without it, one by one. */
  notifyMany?(
    items: ReadonlyArray<{ playerId: string; event: NotificationEvent }>,
    trx: Transaction<DB>,
  ): Promise<unknown>;
  log?: { warn(o: object, m: string): void; info?(o: object, m: string): void };
}

const CONSUMER = 'cashback';
const MAX_NEW_PERIODS = 400;
/** How soon the payout job asks again when a period has ended but cannot be closed yet. */
const RETRY_MS = 5_000;
/** Payouts marked paid (and told) per transaction. */
const PAID_CHUNK = 5_000;

// Cashback (issue 25): a percentage of a player's real net loss in a period, paid automatically as real money.
// Net loss = real stakes − real refunds − real wins, from the ledger feed (bonus money never counts: only each entry's
// real part is read). A period ends at a payout time (contracts/cashback.rules.ts) and is closed only once the feed has
// passed its end (the window-closing rule, ADR 018); an entry that reaches a closed period late counts in the oldest
// open one. The payout job pays each (period, player) once: the payout rows are written when the period closes (one
// guarded transaction), credited through the wallet's set-based credit under one key per row (a repeat credits
// nothing), then marked paid by a guarded update that also writes the notification, so a rerun, a second instance or
// a crash between any two steps pays and tells each player once.
export function createCashbackService(deps: CashbackDeps) {
  const { repo } = deps;
  /** When the payout job is due next (an open period's end plus 2 × grace); kept by each run and settings change. */
  let nextDue: Date | undefined;
  let lastChecked = 0;

  async function current(ex?: Database) {
    return repo.currentSettings(ex);
  }

  const major = async (minor: bigint | string | null, currency: string) =>
    minor === null ? null : toMajor(BigInt(minor), await deps.minorUnitDigits(currency));

  async function settingsIn(currency: string): Promise<CashbackSettings> {
    const row = await current();
    const s = row?.settings;
    const cur = s?.currencies[currency];
    if (!row || !s || !cur) {
      return {
        is_enabled: false,
        levels: [],
        schedule: s ? s.schedule : null,
        currency,
        all_currencies: s ? Object.keys(s.currencies) : [],
        min_loss_amount: null,
        max_cashback_amount: null,
        next_payout_at: null,
        version: row?.version ?? 0,
      };
    }
    const digits = await deps.minorUnitDigits(currency);
    return {
      is_enabled: s.is_enabled,
      levels: s.levels.map((l, i) => ({
        percentage: l.percentage,
        min_bet_sum_amount: toMajor(BigInt(cur.min_bet_sum_minor[i] ?? '0'), digits),
      })),
      schedule: s.schedule,
      currency,
      all_currencies: Object.keys(s.currencies),
      min_loss_amount: toMajor(BigInt(cur.min_loss_minor), digits),
      max_cashback_amount: cur.max_cashback_minor === null ? null : toMajor(BigInt(cur.max_cashback_minor), digits),
      next_payout_at: s.is_enabled ? (await nextPayout(s)).toISOString() : null,
      version: row.version,
    };
  }

  /** The end of the period running now: the open period's, else the schedule's next payout. */
  async function nextPayout(s: CashbackSettingsBody): Promise<Date> {
    const now = deps.clock.now();
    const open = (await repo.openPeriods()).find((p) => p.ends_at > now);
    return open?.ends_at ?? nextPayoutAfter(now, s.schedule);
  }

  /** Opens the first period (from now) when cashback is on and no period is open. */
  async function ensureOpenPeriod(s: CashbackSettingsBody, trx: Database) {
    if (!s.is_enabled) return;
    const open = await repo.openPeriods(trx);
    if (open.length) return;
    const now = await repo.dbNow(trx);
    await repo.ensurePeriod(
      { starts_at: now, ends_at: nextPayoutAfter(now, s.schedule), frequency: s.schedule.frequency },
      trx,
    );
  }

  /** The periods after the latest one up to one that holds `t` (the schedule of the settings now). */
  async function periodsUpTo(t: Date, s: CashbackSettingsBody, trx: Database) {
    let latest = await repo.latestPeriod(trx);
    for (let i = 0; latest && latest.ends_at <= t && i < MAX_NEW_PERIODS; i++) {
      const next = {
        starts_at: latest.ends_at,
        ends_at: nextPayoutAfter(latest.ends_at, s.schedule),
        frequency: s.schedule.frequency,
      };
      await repo.ensurePeriod(next, trx);
      latest = await repo.latestPeriod(trx);
    }
  }

  /** The ledger feed consumer: each entry's real money into its period's sums for the player. */
  const feedConsumer: FeedConsumer = {
    name: CONSUMER,
    kinds: ['bet', 'win', 'refund'],
    everyMs: 250,
    async handle(entries: FeedEntry[], trx) {
      const row = await current(trx);
      if (!row?.settings.is_enabled) return; // cashback off: nothing accrues
      const first = await repo.firstStart(trx);
      if (!first) return;
      let open = await repo.openPeriods(trx, true);
      const newest = entries.reduce((m, e) => (e.created_at > m ? e.created_at : m), first);
      if (!open.length || newest >= open[open.length - 1]!.ends_at) {
        await periodsUpTo(newest, row.settings, trx);
        open = await repo.openPeriods(trx, true);
      }
      const sums = new Map<
        string,
        { period_id: string; player_id: string; staked: bigint; refunded: bigint; won: bigint }
      >();
      for (const e of entries) {
        const real = BigInt(e.real_delta_minor);
        if (real === 0n || e.created_at < first) continue;
        let period: PeriodRow | undefined = open.find((p) => p.starts_at <= e.created_at && e.created_at < p.ends_at);
        if (!period) {
          // its period is closed already (a transaction that ran longer than the grace): the oldest open one
          period = open[0];
          if (!period) continue;
          deps.log?.warn({ entryId: e.id, periodId: period.id }, 'cashback: a late entry counts in the open period');
        }
        const key = `${period.id}:${e.player_id}`;
        let s = sums.get(key);
        if (!s)
          sums.set(key, (s = { period_id: period.id, player_id: e.player_id, staked: 0n, refunded: 0n, won: 0n }));
        if (e.kind === 'bet') s.staked += -real;
        else if (e.kind === 'refund') s.refunded += real;
        else if (e.kind === 'win') s.won += real;
      }
      await repo.addTotals([...sums.values()], trx);
    },
  };

  /** The standing of many players: one read through the batch port, else one by one. */
  async function playersOf(ids: string[], trx: Transaction<DB>) {
    if (deps.players) return deps.players(ids, trx);
    const found = new Map<string, { currency: string; blockedOrSelfExcluded: boolean }>();
    for (const id of ids) {
      const p = await deps.player(id, trx);
      if (p) found.set(id, p);
    }
    return found;
  }

  /** Closes one ended period: its payout rows, computed with the settings now (recorded on the period). */
  async function closePeriod(period: PeriodRow): Promise<boolean> {
    return repo.transaction(async (trx) => {
      const row = await current(trx);
      if (!row) return false;
      if (!(await repo.closePeriod(period.id, row.version, trx))) return false; // another run closed it
      const s = row.settings;
      if (s.is_enabled) {
        await repo.ensurePeriod(
          {
            starts_at: period.ends_at,
            ends_at: nextPayoutAfter(period.ends_at, s.schedule),
            frequency: s.schedule.frequency,
          },
          trx,
        );
      }
      const payouts = [];
      const losers = await repo.losers(period.id, trx);
      const standings = await playersOf(
        losers.map((t) => t.player_id),
        trx as Transaction<DB>,
      );
      for (const t of losers) {
        const player = standings.get(t.player_id);
        // self-excluded, cooling-off and blocked players get no payout
        if (!player || player.blockedOrSelfExcluded) continue;
        const cur = s.currencies[player.currency];
        if (!cur) continue;
        const staked = BigInt(t.staked_minor);
        const refunded = BigInt(t.refunded_minor);
        const netLoss = staked - refunded - BigInt(t.won_minor);
        const level = cashbackLevelOf(s.levels, cur.min_bet_sum_minor.map(BigInt), staked - refunded);
        const percentage = level.current?.percentage ?? 0;
        const max = cur.max_cashback_minor === null ? null : BigInt(cur.max_cashback_minor);
        const amount = cashbackPayoutMinor(netLoss, percentage, BigInt(cur.min_loss_minor), max);
        if (amount <= 0n) continue;
        payouts.push({
          period_id: period.id,
          player_id: t.player_id,
          currency: player.currency,
          net_loss_minor: netLoss.toString(),
          percentage: percentage.toFixed(2),
          amount_minor: amount.toString(),
          max_minor: max === null ? null : max.toString(),
          settings_version: row.version,
        });
      }
      await repo.insertPayouts(payouts, trx);
      return true;
    });
  }

  /** Credits a closed period's payouts (a repeat credits nothing), then marks them paid and tells each player once. */
  async function payPeriod(period: PeriodRow): Promise<number> {
    const unpaid = await repo.unpaidPayouts(period.id);
    if (unpaid.length) {
      const { missing } = await deps.wallet.creditMany(
        'cashback_payout',
        unpaid.map((p) => ({
          playerId: p.player_id,
          amount: BigInt(p.amount_minor),
          key: `cashback:${period.id}:${p.player_id}`,
          reference: { type: 'cashback_payout', id: p.id },
        })),
      );
      if (missing.length) deps.log?.warn({ periodId: period.id, missing }, 'cashback: players without a wallet');
      const skip = new Set(missing);
      const credited = unpaid.filter((p) => !skip.has(p.player_id)).map((p) => p.id);
      // in chunks: each its own transaction, each payout marked (and its player told) once; the notices of a chunk
      // in one go and its messages built from the marked rows (no read per payout)
      const digitsOf = new Map<string, number>();
      for (let i = 0; i < credited.length; i += PAID_CHUNK)
        await repo.transaction(async (trx) => {
          const marked = await repo.markPaid(period.id, credited.slice(i, i + PAID_CHUNK), trx);
          const notices = [];
          const views: Array<[string, ReceivedCashback]> = [];
          for (const m of marked) {
            let digits = digitsOf.get(m.currency);
            if (digits === undefined) digitsOf.set(m.currency, (digits = await deps.minorUnitDigits(m.currency)));
            const amount = BigInt(m.amount_minor);
            notices.push({
              playerId: m.player_id,
              event: {
                kind: 'cashback_paid',
                params: {
                  payout_id: Number(m.id),
                  amount: toDecimalString(amount, digits),
                  currency: m.currency,
                  percentage: Number(m.percentage),
                },
              } as const,
            });
            views.push([
              m.player_id,
              {
                id: Number(m.id),
                cashback_amount: toMajor(amount, digits),
                currency: m.currency,
                cashback_percentage: Number(m.percentage),
                max_cashback_amount: m.max_minor === null ? null : toMajor(BigInt(m.max_minor), digits),
                frequency: period.frequency as ReceivedCashback['frequency'],
                period_start: period.starts_at.toISOString(),
                period_end: period.ends_at.toISOString(),
                net_loss_amount: toMajor(BigInt(m.net_loss_minor), digits),
                paid_at: (m.paid_at ?? new Date()).toISOString(),
              },
            ]);
          }
          if (deps.notifyMany) await deps.notifyMany(notices, trx as Transaction<DB>);
          else for (const n of notices) await deps.notify(n.playerId, n.event, trx as Transaction<DB>);
          afterCommit(trx, async () => {
            await Promise.all(
              views.map(([playerId, data]) => deps.live.publishToUser(playerId, { type: 'cashback', data })),
            );
          });
        });
    }
    await repo.transaction((trx) => repo.finishPeriod(period.id, trx));
    return unpaid.length;
  }

  async function refreshNextDue() {
    lastChecked = deps.clock.now().getTime();
    const open = await repo.openPeriods();
    const due = open[0] ? open[0].ends_at.getTime() + 2 * deps.graceMs : undefined;
    // a period ended but not yet passed by the feed (a long transaction, a busy consumer): ask again in a few seconds,
    // not in a tight loop
    nextDue = due === undefined ? undefined : new Date(Math.max(due, lastChecked + RETRY_MS));
  }

  return {
    feedConsumer,

    /** Spec §7 platform-config/cashback_settings: the player's currency, a guest's the default one. */
    async settings(playerId: string | null): Promise<CashbackSettings> {
      const currency = playerId
        ? ((await deps.player(playerId))?.currency ?? deps.defaultCurrency)
        : deps.defaultCurrency;
      return settingsIn(currency);
    },

    /** Spec §3 cashback info: the current period's level, next level, net loss, spent and won, pending payout. */
    async info(playerId: string): Promise<CashbackInfo> {
      // every read at once (one round trip's latency, not six)
      const [player, row, open, pendingRow, openTotals] = await Promise.all([
        deps.player(playerId),
        current(),
        repo.openPeriods(),
        repo.pendingOf(playerId),
        repo.openTotalsOf(playerId),
      ]);
      const totalsIn = (periodId: string) => openTotals.find((t) => t.period_id === periodId);
      const currency = player?.currency ?? deps.defaultCurrency;
      const digits = await deps.minorUnitDigits(currency);
      const s = row?.settings;
      const cur = s?.currencies[currency];
      const now = deps.clock.now();
      const period = open.find((p) => p.starts_at <= now && now < p.ends_at) ?? open.find((p) => p.ends_at > now);
      const totals = period ? totalsIn(period.id) : undefined;
      const staked = BigInt(totals?.staked_minor ?? '0');
      const refunded = BigInt(totals?.refunded_minor ?? '0');
      const won = BigInt(totals?.won_minor ?? '0');
      const spent = staked - refunded;
      const mins = cur?.min_bet_sum_minor.map(BigInt) ?? [];
      const level = s && cur ? cashbackLevelOf(s.levels, mins, spent) : { index: -1, current: null, next: null };
      // pending: payouts of closed periods still on their way, and periods ended but not closed yet (the grace)
      let pending = BigInt(pendingRow?.amount ?? '0');
      if (s && cur && player && !player.blockedOrSelfExcluded)
        for (const p of open.filter((o) => o.ends_at <= now)) {
          const t = totalsIn(p.id);
          if (!t) continue;
          const sp = BigInt(t.staked_minor) - BigInt(t.refunded_minor);
          const pct = cashbackLevelOf(s.levels, mins, sp).current?.percentage ?? 0;
          const max = cur.max_cashback_minor === null ? null : BigInt(cur.max_cashback_minor);
          pending += cashbackPayoutMinor(sp - BigInt(t.won_minor), pct, BigInt(cur.min_loss_minor), max);
        }
      const nextIndex = level.index + 1;
      return {
        current_level_info: {
          percentage: level.current?.percentage ?? 0,
          pending_cashback_amount: pending > 0n ? toMajor(pending, digits) : null,
        },
        next_level_info: level.next
          ? { percentage: level.next.percentage, min_bet_sum_amount: toMajor(mins[nextIndex] ?? 0n, digits) }
          : { percentage: 0, min_bet_sum_amount: 0 },
        total_real_balance_net_loss: toMajor(spent - won, digits),
        total_real_balance_spent: toMajor(spent, digits),
        total_real_balance_won: toMajor(won, digits),
        currency,
        min_loss_amount: cur ? toMajor(BigInt(cur.min_loss_minor), digits) : null,
        max_cashback_amount: cur?.max_cashback_minor ? toMajor(BigInt(cur.max_cashback_minor), digits) : null,
        period_start: period?.starts_at.toISOString() ?? null,
        period_end: period?.ends_at.toISOString() ?? null,
      };
    },

    async history(playerId: string, q: { limit: number; offset: number }): Promise<CashbackHistory> {
      const { items, total } = await repo.history(playerId, q.limit, q.offset);
      return {
        total,
        items: await Promise.all(
          items.map(async (r) => ({
            id: Number(r.id),
            cashback_amount: (await major(r.amount_minor, r.currency))!,
            currency: r.currency,
            cashback_percentage: Number(r.percentage),
            max_cashback_amount: await major(r.max_minor, r.currency),
            frequency: r.frequency as ReceivedCashback['frequency'],
            period_start: r.starts_at.toISOString(),
            period_end: r.ends_at.toISOString(),
            net_loss_amount: (await major(r.net_loss_minor, r.currency))!,
            paid_at: r.paid_at!.toISOString(),
          })),
        ),
      };
    },

    /** The operator's view: the current version, or version 0 before any. */
    async operatorSettings(): Promise<CashbackSettingsVersion | { version: 0 }> {
      const row = await current();
      return row ? versionView(row) : { version: 0 };
    },

    /** A new version of the settings; turning cashback on opens its first period (from now). Audited. */
    async setSettings(actor: string, body: CashbackSettingsBody): Promise<CashbackSettingsVersion> {
      const row = await repo.transaction(async (trx) => {
        const before = await current(trx);
        const created = await repo.insertSettings(body, actor, trx);
        await ensureOpenPeriod(body, trx);
        await deps.audit.record(
          {
            actor,
            action: 'cashback_settings_set',
            subject: `cashback_settings:${created.version}`,
            before: before ? { version: before.version, ...before.settings } : null,
            after: { version: created.version, ...body },
          },
          trx,
        );
        return created;
      });
      await refreshNextDue();
      return versionView(row);
    },

    /**
     * The payout run (job `cashback.payout`): closes every open period the feed has passed (its end ≤ coveredUntil),
     * then pays every closed period. Safe to run on several instances at once and to repeat after a crash.
     */
    async payout(): Promise<{ closed: number; payouts: number }> {
      const covered = await deps.feedCovered();
      let closed = 0;
      let payouts = 0;
      if (covered)
        for (const p of await repo.openPeriods()) {
          if (p.ends_at > covered) break;
          if (await closePeriod(p)) closed++;
        }
      for (const p of await repo.closedPeriods()) payouts += await payPeriod(p);
      await refreshNextDue();
      return { closed, payouts };
    },

    /** Development only (`POST /dev-api/cashback/end-period`): the running period ends now; paid by the next run. */
    async endPeriodNow(): Promise<{ ended: number }> {
      const ended = await repo.endOpenPeriodNow();
      await refreshNextDue();
      return { ended };
    },

    /** When the payout job is due next (jobs runner's `nextAt`): an open period's end plus 2 × grace. */
    nextRunAt(now: Date): Date {
      return nextDue ?? new Date(Math.max(lastChecked + 300_000, now.getTime() - 1));
    },
  };
}
export type CashbackService = ReturnType<typeof createCashbackService>;

function versionView(row: { version: number; settings: CashbackSettingsBody; created_by: string; created_at: Date }) {
  return {
    ...row.settings,
    version: row.version,
    created_by: row.created_by,
    created_at: row.created_at.toISOString(),
  } as CashbackSettingsVersion;
}
