import { CompiledQuery, sql, type RawBuilder, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { Database } from '../../db/database';
import { preparedMark } from '../../db/prepared-statements';
import { bindTemplate, compileTemplate, slot, type StatementTemplate } from '../../db/statement-template';
import { betAndWinCtes, betAndWinValues, ledgerHasEntry } from '../wallet';
import type { BetPolicyParts, BetPolicyStatement } from './bet-policy';
import type { GameTxKind, RoundStatus } from './games.tables';

export interface SessionRow {
  id: string;
  player_id: string;
  game_id: number;
  currency: string;
  demo: boolean;
  client_type: string;
  language: string;
  launch_expires_at: Date;
  authenticated_at: Date | null;
  expires_at: Date;
  ended_at: Date | null;
}
export interface RoundRef {
  round_id: string;
  player_id: string;
  status: RoundStatus;
  currency: string;
  demo: boolean;
  bet_minor: string;
  bet_bonus_minor: string;
  session_id: string;
}
/** A precondition of the caller's, in the same statement: CTEs (named by their module) and a boolean SQL condition. */
export interface BetWinGuard {
  /** A statement template (db/statement-template.ts): the same object on every call, slots named by its module. */
  parts: { ctes: RawBuilder<unknown>; holds: RawBuilder<unknown> };
  /** This bet's value of each slot of `parts`. */
  values: Readonly<Record<string, unknown>>;
}
export interface TxRow {
  id: string;
  kind: GameTxKind;
  round_id: string | null;
  player_id: string | null;
  amount_minor: string;
  real_minor: string;
  bonus_minor: string;
  result: string;
  rolled_back: boolean;
}

const sessionColumns = [
  'id',
  'player_id',
  'game_id',
  'currency',
  'demo',
  'client_type',
  'language',
  'launch_expires_at',
  'authenticated_at',
  'expires_at',
  'ended_at',
] as const;
/** The columns of a games transaction that settling, rolling back and recovering it read (TxRow). */
const txColumns = [
  'id',
  'kind',
  'round_id',
  'player_id',
  'amount_minor',
  'real_minor',
  'bonus_minor',
  'result',
  'rolled_back',
] as const;

export interface BetWinRow {
  round_id: string | null;
  bet_id: string | null;
  real: string;
  bonus: string;
  pending: string;
  deposited: string;
  take_real: string;
  take_bonus: string;
  win_bonus: string;
  policy: unknown;
  guard_held: boolean;
}
const g = {
  provider: slot('g_provider'),
  roundRef: slot('g_round_ref'),
  session: slot('g_session'),
  player: slot('g_player'),
  game: slot('g_game'),
  currency: slot('g_currency'),
  amount: slot('g_amount'),
  payout: slot('g_payout'),
  details: slot('g_details'),
  betTx: slot('g_bet_tx'),
  winTx: slot('g_win_tx'),
  now: slot('g_now'),
};
/**
 * betWinInOneStatement's SQL with slots where the values go (db/statement-template.ts): the guard's CTEs (its module's
 * slots), the policy's, the wallet's (`wallet_*`) and this module's (`g_*`). Built and compiled once per variant.
 */
export function betWinStatement(
  name: string,
  policy?: BetPolicyParts,
  guard?: BetWinGuard['parts'],
): RawBuilder<BetWinRow> {
  const money =
    betAndWinCtes(sql`not exists (select 1 from games_rounds where provider_id = ${g.provider} and round_ref = ${g.roundRef})
      and exists (select 1 from games_sessions where id = ${g.session} and (ended_at is null or ended_at > ${g.now}))
      and ${policy ? policy.allows : sql`true`} and ${guard ? guard.holds : sql`true`}`);
  return sql<BetWinRow>`${sql.raw(preparedMark(name))}
        with ${guard ? sql`${guard.ctes}, ` : sql``}${policy ? sql`${policy.before}, ` : sql``}${money}, r as (
          insert into games_rounds (provider_id, round_ref, session_id, player_id, game_id, currency, demo, bet_minor, bet_bonus_minor, win_minor, status, details, finished_at)
          select ${g.provider}, ${g.roundRef}, ${g.session}, ${g.player}, ${g.game}, ${g.currency}, false, ${g.amount}::bigint,
                 u.take_bonus, ${g.payout}::bigint, 'closed', ${g.details}::jsonb, now()
          from wallet_paid u
          returning id, player_id
        ), t as (
          insert into games_transactions (provider_id, provider_tx_id, kind, round_id, player_id, amount_minor, real_minor, bonus_minor, result)
          select ${g.provider}::int, ${g.betTx}::text, 'bet'::text, r.id, r.player_id, ${g.amount}::bigint, u.take_real, u.take_bonus, 'ok'::text from r, wallet_paid u
          union all
          select ${g.provider}::int, ${g.winTx}::text, 'win'::text, r.id, r.player_id, ${g.payout}::bigint, ${g.payout}::bigint - u.win_bonus, u.win_bonus, 'ok'::text from r, wallet_paid u
          returning id, kind
        )${policy?.after ? sql`, ${policy.after(sql`exists (select 1 from wallet_paid)`)}` : sql``}
        select r.id::text as round_id, (select id::text from t where kind = 'bet') as bet_id, u.real_minor::text as real, u.bonus_minor::text as bonus,
               u.pending_withdrawal_minor::text as pending, u.deposited_minor::text as deposited, u.take_real::text as take_real,
               u.take_bonus::text as take_bonus, u.win_bonus::text as win_bonus, (select count(*) from wallet_entries) as entries,
               ${policy ? sql`case when u.player_id is null then ${policy.outcome} end` : sql`null::json`} as policy, ${guard ? guard.holds : sql`true`} as guard_held
        from (select 1) as one left join r on true left join wallet_paid u on true`;
}

// All SQL of the game gateway (sessions, rounds, provider transactions) and the catalogue; touches only games_* tables.
/** The game of a ledger entry's reference, and its round's status (gamesOfReferences: the bonus engine's stakes). */
export interface StakeGame {
  ref_type: string;
  ref_id: string;
  round_id: string;
  string_id: string;
  house_game: string | null;
  round_status: string;
}

/** A ledger entry's game without its round (stakeGamesOf). */
export type ReferenceGame = Pick<StakeGame, 'ref_type' | 'ref_id' | 'string_id' | 'house_game'>;
/** A ledger entry's game and a key of its round (stakeRoundsOf). */
export interface StakeRound extends ReferenceGame {
  /** The round's id, or for a round settled at once its reference (never an id: it starts with `g`). */
  round_key: string;
  /**
   * The round was settled in the statement that staked it, the one-statement house bet (`g<game>:<provider>:<ref>`,
   * houseBetReference): its win is written with its stake and nothing is written for it after them. It is closed at
   * once, and no rollback reaches it: the house provider has no secret (no call over HTTP), and the stake recovery of
   * the multi-step house games rolls back their own stakes, whose entries carry `game_tx` references. A feed consumer
   * may take such a stake as final.
   */
  settled: boolean;
}

/**
 * The reference (type `game_round`) of the one-statement bet's entries: its game, provider and round ref, so a feed
 * consumer that needs only the game finds it without a read (stakeGamesOf). The round is inserted by the same
 * statement, after the entries, so its id cannot be in it.
 */
export const houseBetReference = (gameId: number, providerId: number, roundRef: string) =>
  `g${gameId}:${providerId}:${roundRef}`;
/**
 * The provider round of a `game_round` reference: `g<game>:<provider>:<round_ref>` (houseBetReference) or
 * `<provider>:<round_ref>` (the one-statement bet's before 2026-11-27); undefined for a round id or anything else.
 * gamesOfReferences answers nothing for one whose game is not its round's (only the one-statement bet writes this
 * form, with its round's game; stakeGamesOf, which reads no round, trusts it).
 */
const providerRoundOf = (id: string) => {
  const m = /^(?:g(\d{1,9}):)?(\d{1,9}):(.*)$/s.exec(id);
  return m ? { game: m[1] === undefined ? undefined : Number(m[1]), provider: Number(m[2]), ref: m[3]! } : undefined;
};

export function createGamesRepository(db: Database) {
  /** A game with its provider's names: what launching, the gateway and the house games read of it. */
  const gameWithProvider = () =>
    db
      .selectFrom('games_games as g')
      .innerJoin('games_providers as p', 'p.id', 'g.provider_id')
      .select([
        'g.id',
        'g.string_id',
        'g.name',
        'g.image',
        'g.has_demo',
        'g.house_game',
        'g.rtp',
        'g.min_bet',
        'g.max_bet',
        'g.launch_url',
        'g.is_active',
        'p.string_id as provider',
        'p.name as provider_name',
        'p.id as provider_id',
      ]);
  /** betWinInOneStatement's compiled text of each variant, with the parts it was built from. */
  const betWinTemplates = new Map<
    string,
    { template: StatementTemplate; policy?: BetPolicyParts; guard?: BetWinGuard['parts'] }
  >();
  /** Each game's string_id and house_game by id, as stakeGamesOf has read them (they never change). */
  const catalogue = new Map<number, { string_id: string; house_game: string | null }>();
  /**
   * The round and game of ledger entries, by the reference the gateway wrote on them: `game_tx` (a transaction id),
   * `game_round` (a round id, `g<game>:<provider>:<round_ref>` from the one-statement bet, or `<provider>:<round_ref>`,
   * which it wrote before 2026-11-27: old ledgers keep those). For the promotions' feed consumers (bonus wagering
   * counts a stake by its game). Unknown references are left out; each answer's ref_id is the reference as asked.
   */
  async function gamesOfReferences(refs: Array<{ type: string; id: string }>, trx?: Transaction<DB>) {
    // a reference that is not an id names no game (as a provider round's below): left out, never a failed read
    const isId = (id: string) => /^\d{1,18}$/.test(id);
    const byTx = refs.filter((r) => r.type === 'game_tx' && isId(r.id)).map((r) => r.id);
    const byRound = refs.filter((r) => r.type === 'game_round' && isId(r.id)).map((r) => r.id);
    const byRef = refs.flatMap((r) => {
      const k = r.type === 'game_round' ? providerRoundOf(r.id) : undefined;
      return k ? [{ ...k, id: r.id }] : [];
    });
    // only the branches with references are sent: each reads by an index (a provider round by its unique
    // (provider_id, round_ref), one probe a key: "offset 0" keeps the planner from hashing the whole rounds table
    // for a feed batch's few hundred keys), never the whole rounds table
    const parts = [];
    if (byTx.length)
      parts.push(sql`select 'game_tx' as ref_type, t.id::text as ref_id, r.id::text as round_id, g.string_id,
          g.house_game, r.status as round_status
        from games_transactions t join games_rounds r on r.id = t.round_id join games_games g on g.id = r.game_id
        where t.id = any(${byTx}::bigint[])`);
    if (byRound.length)
      parts.push(sql`select 'game_round' as ref_type, r.id::text as ref_id, r.id::text as round_id, g.string_id,
          g.house_game, r.status as round_status
        from games_rounds r join games_games g on g.id = r.game_id
        where r.id = any(${byRound}::bigint[])`);
    if (byRef.length)
      parts.push(sql`select 'game_round' as ref_type, k.ref_id, r.id::text as round_id, g.string_id, g.house_game,
          r.status as round_status
        from unnest(${byRef.map((x) => x.provider)}::int[], ${byRef.map((x) => x.ref)}::text[],
                    ${byRef.map((x) => x.id)}::text[], ${byRef.map((x) => x.game ?? null)}::int[])
             as k(provider_id, round_ref, ref_id, game_id)
        cross join lateral (select x.id, x.game_id, x.status from games_rounds x
          where x.provider_id = k.provider_id and x.round_ref = k.round_ref offset 0) r
        join games_games g on g.id = r.game_id
        where k.game_id is null or k.game_id = r.game_id`);
    if (!parts.length) return [];
    const rows = await sql<StakeGame>`${sql.join(parts, sql` union all `)}`.execute(trx ?? db);
    return rows.rows;
  }
  /**
   * The game and a key of the round of ledger entries. A one-statement bet's reference names its game (`g<game>:…`),
   * which is answered from memory (a game's string_id and house_game never change: string_id is its key, house_game is
   * set with it), with one read of the games not seen yet in this process; its round is keyed by the reference itself
   * (unique: its provider and round ref), and `settled` says nothing is written for that round after its stake and win.
   * The other references are read as gamesOfReferences reads them, keyed by their round's id (digits:
   * never equal to a reference, which starts with `g`). Unknown references are left out. For the feed consumers.
   */
  async function stakeRoundsOf(
    refs: Array<{ type: string; id: string }>,
    trx?: Transaction<DB>,
  ): Promise<StakeRound[]> {
    const found: StakeRound[] = [];
    const others: Array<{ type: string; id: string }> = [];
    const wanted: Array<{ type: string; id: string; game: number }> = [];
    for (const r of refs) {
      const game = r.type === 'game_round' ? providerRoundOf(r.id)?.game : undefined;
      if (game === undefined) others.push(r);
      else wanted.push({ ...r, game });
    }
    const unseen = [...new Set(wanted.filter((w) => !catalogue.has(w.game)).map((w) => w.game))];
    if (unseen.length) {
      const read = await sql<{ id: number; string_id: string; house_game: string | null }>`
        select id, string_id, house_game from games_games where id = any(${unseen}::int[])`.execute(trx ?? db);
      for (const g of read.rows) catalogue.set(g.id, { string_id: g.string_id, house_game: g.house_game });
    }
    for (const w of wanted) {
      const g = catalogue.get(w.game);
      if (g) found.push({ ref_type: w.type, ref_id: w.id, ...g, round_key: w.id, settled: true });
    }
    if (others.length)
      for (const g of await gamesOfReferences(others, trx))
        found.push({
          ref_type: g.ref_type,
          ref_id: g.ref_id,
          string_id: g.string_id,
          house_game: g.house_game,
          round_key: g.round_id,
          settled: false,
        });
    return found;
  }
  return {
    gamesOfReferences,
    /**
     * The game of ledger entries (no round): as stakeRoundsOf, without the round. For the feed consumers that need only
     * the game (levels, social).
     */
    async stakeGamesOf(refs: Array<{ type: string; id: string }>, trx?: Transaction<DB>): Promise<ReferenceGame[]> {
      return (await stakeRoundsOf(refs, trx)).map((g) => ({
        ref_type: g.ref_type,
        ref_id: g.ref_id,
        string_id: g.string_id,
        house_game: g.house_game,
      }));
    },
    stakeRoundsOf,
    /**
     * Whether the player has an open round staked with bonus money (the bonus engine: no grant ends while its money is
     * at stake). Reads the player's rounds by their index; the caller holds the player's wallet lock, so no bet opens
     * one meanwhile (a bet's debit and its round's books commit together).
     */
    async openBonusRound(playerId: string, trx: Transaction<DB>) {
      const row = await trx
        .selectFrom('games_rounds')
        .select('id')
        .where('player_id', '=', playerId)
        .where('status', '=', 'open')
        .where('demo', '=', false)
        .where('bet_bonus_minor', '>', '0')
        .limit(1)
        .executeTakeFirst();
      return !!row;
    },
    // ---------------------------------------------------------------- sessions
    async insertSession(values: {
      token_hash: string;
      player_id: string;
      game_id: number;
      currency: string;
      demo: boolean;
      demo_balance_minor: string | null;
      client_type: string;
      language: string;
      launch_expires_at: Date;
      expires_at: Date;
    }): Promise<SessionRow> {
      return db.insertInto('games_sessions').values(values).returning(sessionColumns).executeTakeFirstOrThrow();
    },
    findSessionByTokenHash: (tokenHash: string): Promise<SessionRow | undefined> =>
      db.selectFrom('games_sessions').select(sessionColumns).where('token_hash', '=', tokenHash).executeTakeFirst(),
    findSession: (id: string): Promise<SessionRow | undefined> =>
      db.selectFrom('games_sessions').select(sessionColumns).where('id', '=', id).executeTakeFirst(),
    async markAuthenticated(id: string, at: Date) {
      await db
        .updateTable('games_sessions')
        .set({ authenticated_at: at })
        .where('id', '=', id)
        .where('authenticated_at', 'is', null)
        .execute();
    },
    async endSession(id: string, at: Date) {
      await db
        .updateTable('games_sessions')
        .set({ ended_at: at })
        .where('id', '=', id)
        .where('ended_at', 'is', null)
        .execute();
    },
    /** Ends every open game session of a player (a block, a self-exclusion). */
    async endPlayerSessions(playerId: string, at: Date): Promise<void> {
      await db
        .updateTable('games_sessions')
        .set({ ended_at: at })
        .where('player_id', '=', playerId)
        .where('ended_at', 'is', null)
        .where('expires_at', '>', at)
        .execute();
    },
    async demoBalance(sessionId: string): Promise<bigint> {
      const row = await db
        .selectFrom('games_sessions')
        .select('demo_balance_minor')
        .where('id', '=', sessionId)
        .executeTakeFirst();
      return BigInt(row?.demo_balance_minor ?? '0');
    },
    /** Guarded: no row when the demo credits do not cover a debit. */
    async moveDemoBalance(sessionId: string, delta: bigint, ex: Database = db): Promise<bigint | undefined> {
      const row = await ex
        .updateTable('games_sessions')
        .set({ demo_balance_minor: sql`demo_balance_minor + ${delta.toString()}::bigint` })
        .where('id', '=', sessionId)
        .where(sql<boolean>`demo_balance_minor + ${delta.toString()}::bigint >= 0`)
        .returning('demo_balance_minor')
        .executeTakeFirst();
      return row ? BigInt(row.demo_balance_minor ?? '0') : undefined;
    },

    /** Demo credits: add delta only if the balance covers `stake` first (a bet settled at once). */
    async moveDemoBalanceGuarded(sessionId: string, delta: bigint, stake: bigint): Promise<bigint | undefined> {
      const row = await db
        .updateTable('games_sessions')
        .set({ demo_balance_minor: sql`demo_balance_minor + ${delta.toString()}::bigint` })
        .where('id', '=', sessionId)
        .where(sql<boolean>`demo_balance_minor >= ${stake.toString()}::bigint`)
        .returning('demo_balance_minor')
        .executeTakeFirst();
      return row ? BigInt(row.demo_balance_minor ?? '0') : undefined;
    },

    // ---------------------------------------------------------------- money calls
    /**
     * A bet's records in one statement: the round (opened on first sight) and the transaction, unique per provider and
     * transaction id. tx_id null: that id was seen before (a repeat, or a rollback's tombstone).
     */
    async insertBet(v: {
      provider_id: number;
      round_ref: string;
      session_id: string;
      player_id: string;
      game_id: number;
      currency: string;
      demo: boolean;
      provider_tx_id: string;
      amount: bigint;
      details: unknown;
    }) {
      const result = await sql<RoundRef & { tx_id: string | null }>`${sql.raw(preparedMark('games_insert_bet'))}
        with r as (
          insert into games_rounds (provider_id, round_ref, session_id, player_id, game_id, currency, demo, details)
          values (${v.provider_id}, ${v.round_ref}, ${v.session_id}, ${v.player_id}, ${v.game_id}, ${v.currency}, ${v.demo}, ${v.details === undefined ? null : JSON.stringify(v.details)}::jsonb)
          on conflict (provider_id, round_ref) do update set round_ref = excluded.round_ref
          returning id, player_id, status, currency, demo, bet_minor, bet_bonus_minor, session_id
        ), t as (
          insert into games_transactions (provider_id, provider_tx_id, kind, round_id, player_id, amount_minor)
          select ${v.provider_id}, ${v.provider_tx_id}, 'bet', r.id, r.player_id, ${v.amount.toString()}::bigint from r
          where r.player_id = ${v.player_id} and r.status = 'open'
          on conflict (provider_id, provider_tx_id) do nothing
          returning id
        )
        select r.id::text as round_id, r.player_id::text as player_id, r.status, r.currency, r.demo, r.bet_minor::text as bet_minor,
               r.bet_bonus_minor::text as bet_bonus_minor, r.session_id::text as session_id, (select id::text from t) as tx_id
        from r`.execute(db);
      return result.rows[0]!;
    },

    /** A combined bet + win (outcome known up front): the round and both transactions in one statement. */
    async insertBetWin(v: {
      provider_id: number;
      round_ref: string;
      session_id: string;
      player_id: string;
      game_id: number;
      currency: string;
      demo: boolean;
      bet_tx_id: string;
      win_tx_id: string;
      amount: bigint;
      payout: bigint;
      details: unknown;
    }) {
      const result = await sql<{
        round_id: string;
        bet_id: string | null;
        win_id: string | null;
      }>`${sql.raw(preparedMark('games_insert_bet_win'))}
        with r as (
          insert into games_rounds (provider_id, round_ref, session_id, player_id, game_id, currency, demo, details)
          values (${v.provider_id}, ${v.round_ref}, ${v.session_id}, ${v.player_id}, ${v.game_id}, ${v.currency}, ${v.demo}, ${v.details === undefined ? null : JSON.stringify(v.details)}::jsonb)
          on conflict (provider_id, round_ref) do nothing
          returning id, player_id
        ), t as (
          insert into games_transactions (provider_id, provider_tx_id, kind, round_id, player_id, amount_minor)
          select ${v.provider_id}::int, ${v.bet_tx_id}::text, 'bet'::text, r.id, r.player_id, ${v.amount.toString()}::bigint from r
          union all
          select ${v.provider_id}::int, ${v.win_tx_id}::text, 'win'::text, r.id, r.player_id, ${v.payout.toString()}::bigint from r
          on conflict (provider_id, provider_tx_id) do nothing
          returning id, kind
        )
        select r.id::text as round_id, (select id::text from t where kind = 'bet') as bet_id, (select id::text from t where kind = 'win') as win_id
        from r`.execute(db);
      return result.rows[0];
    },
    async settleBetWin(
      ids: { round_id: string; bet_id: string; win_id: string },
      amount: bigint,
      payout: bigint,
      split: { real: bigint; bonus: bigint },
      winSplit: { real: bigint; bonus: bigint },
      at: Date,
      ex: Database = db,
    ) {
      await sql`${sql.raw(preparedMark('games_settle_bet_win'))}
        with t as (
          update games_transactions set result = 'ok',
            real_minor = case when kind = 'bet' then ${split.real.toString()}::bigint else ${winSplit.real.toString()}::bigint end,
            bonus_minor = case when kind = 'bet' then ${split.bonus.toString()}::bigint else ${winSplit.bonus.toString()}::bigint end
          where id in (${ids.bet_id}, ${ids.win_id}) returning id
        )
        update games_rounds set bet_minor = ${amount.toString()}::bigint, bet_bonus_minor = ${split.bonus.toString()}::bigint,
          win_minor = ${payout.toString()}::bigint, status = 'closed', finished_at = ${at}
        where id = ${ids.round_id} and exists (select 1 from t)`.execute(ex);
    },

    /**
     * The house games' hot path in one statement: the bet policy's checks (limits, exclusion, session time: its `rg_`
     * CTEs), the wallet's bet-and-win CTEs (the money, gated on the policy, on this round being new and on the session
     * still being open), then the round, closed, its bet and win transactions, settled, and the policy's count. Always
     * one row: round_id null when nothing was written — the caller's guard failed (guard_held false: e.g. the house
     * games' nonce moved on), the policy refused (see `policy`), the round exists already (a
     * repeat), the session ended, or no account / another currency / not enough money; the caller then takes the
     * general path for the exact answer. The text is built once per variant (betWinTemplate); each bet binds values.
     */
    async betWinInOneStatement(
      v: {
        provider_id: number;
        round_ref: string;
        session_id: string;
        player_id: string;
        game_id: number;
        currency: string;
        bet_tx_id: string;
        win_tx_id: string;
        amount: bigint;
        payout: bigint;
        details: unknown;
        walletKey: string;
        now: Date;
      },
      policy?: Omit<BetPolicyStatement, 'refuse'>,
      guard?: BetWinGuard,
    ) {
      // named from the set of parts (decision 015): the policies' keys in composition order, then the guard
      const name = `games_bet_win${policy ? `_${policy.parts.key}` : ''}${guard ? '_guard' : ''}`;
      let cached = betWinTemplates.get(name);
      if (!cached) {
        // PostgreSQL cuts names at 63 bytes: two long names could then meet on one connection with different texts
        if (name.length > 63) throw new Error(`${name}: a prepared statement's name must fit in 63 bytes`);
        cached = {
          template: compileTemplate(db, betWinStatement(name, policy?.parts, guard?.parts)),
          policy: policy?.parts,
          guard: guard?.parts,
        };
        betWinTemplates.set(name, cached);
      }
      // one name per text: a named statement must always have the same text on a connection
      if (cached.policy !== policy?.parts || cached.guard !== guard?.parts)
        throw new Error(`${name}: other statement parts than the ones its text was built from`);
      const values = bindTemplate(cached.template, [
        betAndWinValues({
          playerId: v.player_id,
          currency: v.currency,
          stake: v.amount,
          payout: v.payout,
          betKey: `${v.walletKey}:bet`,
          winKey: `${v.walletKey}:win`,
          refType: 'game_round',
          refId: houseBetReference(v.game_id, v.provider_id, v.round_ref),
        }),
        policy?.values,
        guard?.values,
        {
          g_provider: v.provider_id,
          g_round_ref: v.round_ref,
          g_session: v.session_id,
          g_player: v.player_id,
          g_game: v.game_id,
          g_currency: v.currency,
          g_amount: v.amount.toString(),
          g_payout: v.payout.toString(),
          g_details: v.details === undefined ? null : JSON.stringify(v.details),
          g_bet_tx: v.bet_tx_id,
          g_win_tx: v.win_tx_id,
          g_now: v.now,
        },
      ]);
      const result = await db.executeQuery<BetWinRow>(CompiledQuery.raw(cached.template.sql, values));
      return result.rows[0]!;
    },

    /** The bet was debited: record its split and add it to the round. */
    async settleBet(
      txId: string,
      roundId: string,
      amount: bigint,
      split: { real: bigint; bonus: bigint },
      ex: Database = db,
    ) {
      await sql`${sql.raw(preparedMark('games_settle_bet'))}
        with t as (
          update games_transactions set result = 'ok', real_minor = ${split.real.toString()}::bigint, bonus_minor = ${split.bonus.toString()}::bigint
          where id = ${txId} and result <> 'ok' returning id
        )
        update games_rounds set bet_minor = bet_minor + ${amount.toString()}::bigint, bet_bonus_minor = bet_bonus_minor + ${split.bonus.toString()}::bigint
        where id = ${roundId} and exists (select 1 from t)`.execute(ex);
    },

    async failTx(txId: string, code: string, ex: Database = db) {
      await ex
        .updateTable('games_transactions')
        .set({ result: code })
        .where('id', '=', txId)
        .where('result', '=', 'pending')
        .execute();
    },

    /**
     * A round that never took money (its only bets were refused, interrupted or rolled back before their debit) is
     * closed as rolled back, so it is neither open nor a zero-stake round waiting in the player's history. Only while
     * no bet or win of it is pending or settled.
     */
    async closeEmptyRound(roundId: string, at: Date, ex: Database = db) {
      await sql`update games_rounds set status = 'rolled_back', finished_at = ${at}
        where id = ${roundId} and status = 'open' and bet_minor = 0 and win_minor = 0
          and not exists (select 1 from games_transactions where round_id = ${roundId} and kind in ('bet', 'win')
                          and result in ('pending', 'ok') and not rolled_back)`.execute(ex);
    },

    /** A money transaction, locked until the caller's transaction ends (its money and its state move together). */
    lockTx: (id: string, trx: Database) =>
      trx
        .selectFrom('games_transactions')
        .select([...txColumns, 'provider_id', 'provider_tx_id'])
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst(),

    /**
     * Money transactions a crash left pending (recorded, money not settled) since before `before`, oldest first; bets
     * first, so a bet and its win (a combined betWin) are finished together by the bet.
     */
    findStalePending: (before: Date, limit: number) =>
      db
        .selectFrom('games_transactions')
        .select(['id', 'kind'])
        .where('result', '=', 'pending')
        .where('created_at', '<', before)
        .where('kind', 'in', ['bet', 'win'])
        .orderBy('created_at')
        .limit(limit)
        .execute(),

    /** Real-money bets rolled back whose refund is not in the wallet (a crash between the claim and the refund). */
    findUnrefundedRollbacks: (limit: number) =>
      db
        .selectFrom('games_transactions as t')
        .innerJoin('games_rounds as r', 'r.id', 't.round_id')
        .select(['t.id', 't.provider_id', 't.provider_tx_id'])
        .where('t.kind', '=', 'bet')
        .where('t.rolled_back', '=', true)
        .where('r.demo', '=', false)
        .where(
          sql<boolean>`not ${ledgerHasEntry(
            sql<string>`'game:' || t.provider_id || ':rollback:' || t.provider_tx_id`,
          )} and (t.result = 'ok' or ${ledgerHasEntry(sql<string>`'game:' || t.provider_id || ':' || t.provider_tx_id`)})`,
        )
        .orderBy('t.id')
        .limit(limit)
        .execute(),

    /** The other transactions of a round still pending (a combined betWin's win, when its bet is recovered). */
    pendingOfRound: (roundId: string, ex: Database = db) =>
      ex
        .selectFrom('games_transactions')
        .select(['id', 'kind', 'provider_id', 'provider_tx_id', 'amount_minor', 'created_at'])
        .where('round_id', '=', roundId)
        .where('result', '=', 'pending')
        .execute(),

    findTx: (providerId: number, providerTxId: string): Promise<TxRow | undefined> =>
      db
        .selectFrom('games_transactions')
        .select(txColumns)
        .where('provider_id', '=', providerId)
        .where('provider_tx_id', '=', providerTxId)
        .executeTakeFirst(),

    /** A win's transaction on an open round of this provider; round null: no such round. */
    async insertWin(v: { provider_id: number; round_ref: string; provider_tx_id: string; amount: bigint }) {
      const result = await sql<RoundRef & { tx_id: string | null }>`${sql.raw(preparedMark('games_insert_win'))}
        with r as (
          select id, player_id, status, currency, demo, bet_minor, bet_bonus_minor, session_id from games_rounds
          where provider_id = ${v.provider_id} and round_ref = ${v.round_ref}
        ), t as (
          insert into games_transactions (provider_id, provider_tx_id, kind, round_id, player_id, amount_minor)
          select ${v.provider_id}, ${v.provider_tx_id}, 'win', r.id, r.player_id, ${v.amount.toString()}::bigint from r where r.status = 'open'
          on conflict (provider_id, provider_tx_id) do nothing
          returning id
        )
        select r.id::text as round_id, r.player_id::text as player_id, r.status, r.currency, r.demo, r.bet_minor::text as bet_minor,
               r.bet_bonus_minor::text as bet_bonus_minor, r.session_id::text as session_id, (select id::text from t) as tx_id
        from r`.execute(db);
      return result.rows[0];
    },

    async settleWin(
      txId: string,
      roundId: string,
      amount: bigint,
      split: { real: bigint; bonus: bigint },
      close: boolean,
      at: Date,
      ex: Database = db,
    ) {
      await sql`${sql.raw(preparedMark('games_settle_win'))}
        with t as (
          update games_transactions set result = 'ok', real_minor = ${split.real.toString()}::bigint, bonus_minor = ${split.bonus.toString()}::bigint
          where id = ${txId} and result <> 'ok' returning id
        )
        update games_rounds set win_minor = win_minor + ${amount.toString()}::bigint,
          status = case when ${close} then 'closed' else status end,
          finished_at = case when ${close} then ${at} else finished_at end
        where id = ${roundId} and exists (select 1 from t)`.execute(ex);
    },

    /** Record a rollback call (idempotency of the call itself); false when this rollback id was seen before. */
    async insertRollback(
      v: {
        provider_id: number;
        provider_tx_id: string;
        original_tx_id: string;
        round_id: string | null;
        player_id: string | null;
      },
      ex: Database = db,
    ) {
      const row = await ex
        .insertInto('games_transactions')
        .values({ ...v, kind: 'rollback', result: 'ok' })
        .onConflict((oc) => oc.columns(['provider_id', 'provider_tx_id']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return !!row;
    },
    /** A rollback for a transaction not seen yet: keep its id, so the late original is refused. */
    async insertTombstone(providerId: number, providerTxId: string) {
      const row = await db
        .insertInto('games_transactions')
        .values({
          provider_id: providerId,
          provider_tx_id: providerTxId,
          kind: 'tombstone',
          result: 'rolled_back',
          rolled_back: true,
        })
        .onConflict((oc) => oc.columns(['provider_id', 'provider_tx_id']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return !!row;
    },
    /** Mark a transaction rolled back, once; a pending one can then never take its money (result 'rolled_back'). */
    async claimRollback(txId: string, ex: Database = db): Promise<boolean> {
      const row = await ex
        .updateTable('games_transactions')
        .set({ rolled_back: true, result: sql`case when result = 'pending' then 'rolled_back' else result end` })
        .where('id', '=', txId)
        .where('rolled_back', '=', false)
        .returning('id')
        .executeTakeFirst();
      return !!row;
    },
    async unbookBet(roundId: string, amount: bigint, bonus: bigint, at: Date, ex: Database = db) {
      await sql`update games_rounds set bet_minor = bet_minor - ${amount.toString()}::bigint, bet_bonus_minor = bet_bonus_minor - ${bonus.toString()}::bigint,
          status = case when bet_minor - ${amount.toString()}::bigint = 0 and win_minor = 0 then 'rolled_back' else status end,
          finished_at = case when bet_minor - ${amount.toString()}::bigint = 0 and win_minor = 0 then ${at} else finished_at end
        where id = ${roundId}`.execute(ex);
    },
    async closeRound(providerId: number, roundRef: string, at: Date) {
      const row = await db
        .updateTable('games_rounds')
        .set({ status: 'closed', finished_at: at })
        .where('provider_id', '=', providerId)
        .where('round_ref', '=', roundRef)
        .where('status', '=', 'open')
        .returning('id')
        .executeTakeFirst();
      return row?.id;
    },
    findRoundByRef: (providerId: number, roundRef: string) =>
      db
        .selectFrom('games_rounds')
        .selectAll()
        .where('provider_id', '=', providerId)
        .where('round_ref', '=', roundRef)
        .executeTakeFirst(),
    findSessionForRound: (roundId: string, ex: Database = db) =>
      ex
        .selectFrom('games_rounds')
        .select(['session_id', 'currency', 'demo', 'player_id', 'bet_minor', 'bet_bonus_minor', 'status'])
        .where('id', '=', roundId)
        .executeTakeFirst(),
    async setRoundDetails(roundId: string, details: unknown) {
      await db
        .updateTable('games_rounds')
        .set({ details: JSON.stringify(details) })
        .where('id', '=', roundId)
        .execute();
    },

    // ---------------------------------------------------------------- providers and catalogue
    findProvider: (stringId: string) =>
      db.selectFrom('games_providers').selectAll().where('string_id', '=', stringId).executeTakeFirst(),
    findGame: (stringId: string) => gameWithProvider().where('g.string_id', '=', stringId).executeTakeFirst(),
    findGameById: (id: number) => gameWithProvider().where('g.id', '=', id).executeTakeFirst(),
  };
}
export type GamesRepository = ReturnType<typeof createGamesRepository>;
