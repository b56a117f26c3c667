import { transact } from '../../lib/after-commit';
import { sql, type RawBuilder, type Selectable, type Transaction } from 'kysely';
import type { Database } from '../../db/database';
import type { DB } from '../../db/schema';
import { slot } from '../../db/statement-template';
import type { GrantStatus } from '@contracts/bonuses.rules';
import type { BonusGrantsTable, BonusTemplatesTable, TemplateTerms } from './bonuses.tables';

export type GrantRow = Selectable<BonusGrantsTable>;
export type TemplateRow = Selectable<BonusTemplatesTable> & { terms: TemplateTerms };
type Db = Database | Transaction<DB>;
/** An operator's new promo code. */
export interface PromoCodeInput {
  code: string;
  template_id: number;
  max_redemptions: number | null;
  valid_from: Date | null;
  valid_to: Date | null;
  currencies: string[] | null;
}

const maxBetSlots = { player: slot('maxbet_player'), stake: slot('maxbet_stake') };
/**
 * The max-bet rule's parts of the gateway's one-statement bet (docs/decisions/015-bet-and-cashout-policies.md): the
 * player's grant in play, read by the partial unique index; the stake may go ahead unless it passes the grant's max
 * bet while wagering. Built once; the values are bound per bet.
 */
export const maxBetStatementParts = {
  key: 'maxbet',
  // the grant in play holds bonus money (wagering, or free rounds that have won): its max bet applies to every stake
  before: sql`maxbet_grant as (
      select max_bet_minor from bonus_grants
      where player_id = ${maxBetSlots.player}::bigint and status in ('active', 'wagering')
        and (status = 'wagering' or free_rounds_won_minor > 0)
    )`,
  allows: sql`not exists (select 1 from maxbet_grant where max_bet_minor < ${maxBetSlots.stake}::bigint)`,
  // the max bet when this stake is above it (a refusal), else null: the statement may have been refused for another
  // policy's reason or for the balance, and then this part has nothing to say
  outcome: sql`(select max_bet_minor::text from maxbet_grant where max_bet_minor < ${maxBetSlots.stake}::bigint)`,
};
/** Bonus windows are on the database clock (the ledger's time): `now()` and `now() + n days`, never the app's clock. */
export const dbNow = (): RawBuilder<Date> => sql<Date>`now()`;
export const inDays = (days: number): RawBuilder<Date> => sql<Date>`now() + ${days}::float8 * interval '1 day'`;

export const maxBetValues = (playerId: string, stake: bigint) => ({
  maxbet_player: playerId,
  maxbet_stake: stake.toString(),
});

// All SQL of bonuses; bonus_* tables only (a stake's game comes from the games module).
export function createBonusesRepository(db: Database) {
  const templateWithTerms = (q: Db) =>
    q
      .selectFrom('bonus_templates as t')
      .innerJoin('bonus_template_versions as v', (j) =>
        j.onRef('v.template_id', '=', 't.id').onRef('v.version', '=', 't.version'),
      )
      .select([
        't.id',
        't.name',
        't.type',
        't.trigger',
        't.version',
        't.is_active',
        't.grants',
        't.created_at',
        'v.terms',
      ]);

  return {
    transaction: <T>(fn: (trx: Transaction<DB>) => Promise<T>) => transact(db, fn),

    // ---- templates
    async insertTemplate(
      t: { name: string; type: TemplateRow['type']; trigger: TemplateRow['trigger']; terms: TemplateTerms },
      actor: string,
      trx: Transaction<DB>,
    ) {
      const row = await trx
        .insertInto('bonus_templates')
        .values({ name: t.name, type: t.type, trigger: t.trigger })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('bonus_template_versions')
        .values({ template_id: row.id, version: 1, terms: JSON.stringify(t.terms), created_by: actor })
        .execute();
      return row.id;
    },
    /** A new version of the terms; grants already made keep theirs. Answers the new version, or undefined. */
    async newVersion(id: number, terms: TemplateTerms, isActive: boolean, actor: string, trx: Transaction<DB>) {
      const row = await trx
        .updateTable('bonus_templates')
        .set((eb) => ({ version: eb('version', '+', 1), is_active: isActive }))
        .where('id', '=', id)
        .returning('version')
        .executeTakeFirst();
      if (!row) return undefined;
      await trx
        .insertInto('bonus_template_versions')
        .values({ template_id: id, version: row.version, terms: JSON.stringify(terms), created_by: actor })
        .execute();
      return row.version;
    },
    findTemplate: (id: number, q: Db = db) =>
      templateWithTerms(q).where('t.id', '=', id).executeTakeFirst() as Promise<TemplateRow | undefined>,
    listTemplates: () => templateWithTerms(db).orderBy('t.id').execute() as Promise<TemplateRow[]>,
    activeTemplatesByTrigger: (trigger: TemplateRow['trigger'], q: Db = db) =>
      templateWithTerms(q)
        .where('t.trigger', '=', trigger)
        .where('t.is_active', '=', true)
        .orderBy('t.id')
        .execute() as Promise<TemplateRow[]>,
    termsOf: async (templateId: number, version: number, q: Db = db) =>
      (
        await q
          .selectFrom('bonus_template_versions')
          .select('terms')
          .where('template_id', '=', templateId)
          .where('version', '=', version)
          .executeTakeFirstOrThrow()
      ).terms,
    /** Counts a grant against the template's budget; false when max_grants is reached (a guarded update). */
    async takeFromBudget(templateId: number, maxGrants: number | null, trx: Transaction<DB>) {
      const r = await trx
        .updateTable('bonus_templates')
        .set((eb) => ({ grants: eb('grants', '+', 1) }))
        .where('id', '=', templateId)
        .$if(maxGrants !== null, (q) => q.where('grants', '<', maxGrants!))
        .executeTakeFirst();
      return r.numUpdatedRows > 0n;
    },

    // ---- grants
    async insertGrant(
      g: {
        player_id: string;
        template_id: number;
        template_version: number;
        status: GrantStatus;
        currency: string;
        source: string;
        reason: string | null;
        max_bet_minor: bigint | null;
        max_conversion_minor: bigint | null;
        /** Database-clock expressions (`now() + …`): the ledger's clock decides bonus windows. */
        expires_at: RawBuilder<Date> | null;
        activated_at: RawBuilder<Date> | null;
        start_entry_id: string | null;
        budget_counted: boolean;
        free_rounds?: { game: string; count: number; betMinor: bigint } | null;
      },
      trx: Transaction<DB>,
    ) {
      const { free_rounds: fr, ...row } = g;
      return (await trx
        .insertInto('bonus_grants')
        .values({
          ...row,
          max_bet_minor: g.max_bet_minor?.toString() ?? null,
          max_conversion_minor: g.max_conversion_minor?.toString() ?? null,
          ...(fr && {
            free_rounds_game: fr.game,
            free_rounds_total: fr.count,
            free_rounds_left: fr.count,
            free_round_bet_minor: fr.betMinor.toString(),
          }),
        })
        .returningAll()
        .executeTakeFirstOrThrow()) as GrantRow;
    },
    /**
     * Takes one free round: guarded on the grant being active with `left` rounds left, so two rounds at once cannot
     * both take the same one. Answers the grant after it, or undefined when it had changed.
     */
    takeFreeRound: (id: string, left: number, payoutMinor: bigint, trx: Transaction<DB>) =>
      trx
        .updateTable('bonus_grants')
        .set((eb) => ({
          free_rounds_left: eb('free_rounds_left', '-', 1),
          free_rounds_won_minor: sql<string>`free_rounds_won_minor + ${payoutMinor.toString()}::bigint`,
        }))
        .where('id', '=', id)
        .where('status', '=', 'active')
        .where('free_rounds_left', '=', left)
        // the rounds' window is decided by the database clock, the ledger's
        .where(sql<boolean>`(expires_at is null or expires_at > now())`)
        .returningAll()
        .executeTakeFirst() as Promise<GrantRow | undefined>,
    insertFreeRound: (
      r: { grant_id: string; round_index: number; stake_minor: bigint; payout_minor: bigint; proof: object },
      trx: Transaction<DB>,
    ) =>
      trx
        .insertInto('bonus_free_rounds')
        .values({
          grant_id: r.grant_id,
          round_index: r.round_index,
          stake_minor: r.stake_minor.toString(),
          payout_minor: r.payout_minor.toString(),
          proof: JSON.stringify(r.proof),
        })
        .returning('id')
        .executeTakeFirstOrThrow(),
    /** Counts one settled deposit of the player (the feed consumer calls it once per entry); answers the count. */
    countDeposit: async (playerId: string, trx: Transaction<DB>) =>
      (
        await trx
          .insertInto('bonus_player_deposits')
          .values({ player_id: playerId, deposits: 1 })
          .onConflict((oc) =>
            oc.column('player_id').doUpdateSet((eb) => ({ deposits: eb('bonus_player_deposits.deposits', '+', 1) })),
          )
          .returning('deposits')
          .executeTakeFirstOrThrow()
      ).deposits,
    findGrant: (id: string, q: Db = db) =>
      q.selectFrom('bonus_grants').selectAll().where('id', '=', id).executeTakeFirst() as Promise<GrantRow | undefined>,
    lockGrant: (id: string, trx: Transaction<DB>) =>
      trx.selectFrom('bonus_grants').selectAll().where('id', '=', id).forUpdate().executeTakeFirst() as Promise<
        GrantRow | undefined
      >,
    openGrants: (playerId: string) =>
      db
        .selectFrom('bonus_grants')
        .selectAll()
        .where('player_id', '=', playerId)
        .where('status', 'in', ['created', 'active', 'wagering'])
        .orderBy('id', 'desc')
        .execute() as Promise<GrantRow[]>,
    /** The player's grant in play (active or wagering; at most one, by a unique index), locked when `trx` is given. */
    async grantInPlay(playerId: string, trx?: Transaction<DB>) {
      const q = (trx ?? db)
        .selectFrom('bonus_grants')
        .selectAll()
        .where('player_id', '=', playerId)
        .where('status', 'in', ['active', 'wagering']);
      return (await (trx ? q.forUpdate() : q).executeTakeFirst()) as GrantRow | undefined;
    },
    /**
     * The grants whose money is in play for some players, locked (a feed batch's stakes): wagering ones, and free
     * rounds still being played (their winnings are bonus money: stakes of it count, issue 22).
     */
    wageringOf: (playerIds: string[], trx: Transaction<DB>) =>
      playerIds.length
        ? (trx
            .selectFrom('bonus_grants')
            .selectAll()
            .where('player_id', 'in', playerIds)
            .where((eb) =>
              eb.or([
                eb('status', '=', 'wagering'),
                eb.and([eb('status', '=', 'active'), eb('free_rounds_total', 'is not', null)]),
              ]),
            )
            .orderBy('id')
            .forUpdate()
            .execute() as Promise<GrantRow[]>)
        : Promise.resolve([] as GrantRow[]),
    /** A guarded state change: only from `from`; false when the grant was no longer there (another path won). */
    async transition(
      id: string,
      from: readonly GrantStatus[],
      to: GrantStatus,
      set: Partial<Record<keyof GrantRow, unknown>>,
      trx: Transaction<DB>,
    ) {
      const r = await trx
        .updateTable('bonus_grants')
        .set({ ...(set as object), status: to })
        .where('id', '=', id)
        .where('status', 'in', [...from])
        .executeTakeFirst();
      return r.numUpdatedRows > 0n;
    },
    async addWagered(id: string, delta: bigint, trx: Transaction<DB>) {
      const r = await trx
        .updateTable('bonus_grants')
        .set({ wagered_minor: sql`greatest(0, wagered_minor + ${delta.toString()}::bigint)` })
        .where('id', '=', id)
        .where('status', 'in', ['active', 'wagering'])
        .returning(['wagered_minor', 'wager_required_minor'])
        .executeTakeFirst();
      return r;
    },
    /**
     * Adds to several grants' wagered amounts in one statement (a feed batch's stakes, summed per grant), only while
     * wagering; never below 0.
     */
    async addWageredMany(adds: Array<{ id: string; delta: bigint }>, trx: Transaction<DB>) {
      if (!adds.length) return;
      await sql`update bonus_grants g
        set wagered_minor = greatest(0, g.wagered_minor + v.delta)
        from (select unnest(${adds.map((a) => a.id)}::bigint[]) as id,
                     unnest(${adds.map((a) => a.delta.toString())}::bigint[]) as delta) v
        where g.id = v.id and g.status in ('active', 'wagering')`.execute(trx);
    },
    /** Records several rounds' contributions in one statement (one row per grant and round: the caller sums). */
    async contributeMany(
      rows: Array<{ grantId: string; roundKey: string; percent: number; minor: bigint }>,
      trx: Transaction<DB>,
    ) {
      if (!rows.length) return;
      await trx
        .insertInto('bonus_contributions')
        .values(
          rows.map((r) => ({
            grant_id: r.grantId,
            round_key: r.roundKey,
            percent: r.percent,
            contributed_minor: r.minor.toString(),
          })),
        )
        .onConflict((oc) =>
          oc.columns(['grant_id', 'round_key']).doUpdateSet({
            contributed_minor: sql`bonus_contributions.contributed_minor + excluded.contributed_minor`,
          }),
        )
        .execute();
    },
    grantsByIds: (ids: string[], trx: Transaction<DB>) =>
      ids.length
        ? (trx.selectFrom('bonus_grants').selectAll().where('id', 'in', ids).execute() as Promise<GrantRow[]>)
        : Promise.resolve([] as GrantRow[]),
    findContribution: (grantId: string, roundKey: string, trx: Transaction<DB>) =>
      trx
        .selectFrom('bonus_contributions')
        .selectAll()
        .where('grant_id', '=', grantId)
        .where('round_key', '=', roundKey)
        .forUpdate()
        .executeTakeFirst(),
    async takeBackContribution(grantId: string, roundKey: string, minor: bigint, trx: Transaction<DB>) {
      await trx
        .updateTable('bonus_contributions')
        .set({ contributed_minor: sql`contributed_minor - ${minor.toString()}::bigint` })
        .where('grant_id', '=', grantId)
        .where('round_key', '=', roundKey)
        .execute();
    },
    /** Active deposit grants of players waiting for a deposit to credit (locked). */
    waitingForDeposit: (playerIds: string[], trx: Transaction<DB>) =>
      playerIds.length
        ? (trx
            .selectFrom('bonus_grants as g')
            .innerJoin('bonus_templates as t', 't.id', 'g.template_id')
            .selectAll('g')
            .where('g.player_id', 'in', playerIds)
            .where('g.status', '=', 'active')
            .where('t.type', 'in', ['welcome', 'next_deposit'])
            .forUpdate('g')
            .execute() as Promise<GrantRow[]>)
        : Promise.resolve([] as GrantRow[]),
    typeOf: async (templateId: number, q: Db = db) =>
      (await q.selectFrom('bonus_templates').select('type').where('id', '=', templateId).executeTakeFirstOrThrow())
        .type,
    /** Open grants whose window ended at or before `until` (the feed's covered time, the database clock). */
    expiredGrants: (until: Date, limit = 200) =>
      db
        .selectFrom('bonus_grants')
        .select(['id', 'player_id', 'status'])
        .where('status', 'in', ['created', 'active', 'wagering'])
        .where('expires_at', '<=', until)
        .orderBy('id')
        .limit(limit)
        .execute(),
    /** Open grants whose window ends within (now, until]: the "expiring within 24 h" notification's scan. */
    expiringGrants: (until: Date, limit = 1000) =>
      db
        .selectFrom('bonus_grants as g')
        .innerJoin('bonus_templates as t', 't.id', 'g.template_id')
        .select(['g.id', 'g.player_id', 'g.expires_at', 't.name'])
        .where('g.status', 'in', ['created', 'active', 'wagering'])
        .where('g.expires_at', '>', sql<Date>`now()`)
        .where('g.expires_at', '<=', until)
        .orderBy('g.id')
        .limit(limit)
        .execute(),
    /** Wagering grants whose requirement is met but which have not converted (a conversion waited for a round). */
    readyToConvert: (limit = 200) =>
      db
        .selectFrom('bonus_grants')
        .select(['id', 'player_id'])
        .where('status', '=', 'wagering')
        .whereRef('wagered_minor', '>=', 'wager_required_minor')
        .orderBy('id')
        .limit(limit)
        .execute(),
    /** The database's clock (the ledger's): bonus windows are decided by it, never by the app's. */
    now: async (q: Db = db) => (await sql<{ now: Date }>`select now() as now`.execute(q)).rows[0]!.now,
    grantsOfPlayer: (playerId: string) =>
      db
        .selectFrom('bonus_grants')
        .selectAll()
        .where('player_id', '=', playerId)
        .orderBy('id', 'desc')
        .execute() as Promise<GrantRow[]>,
    /** The max bet of the player's wagering grant (the bet policy's step-by-step path). */
    async maxBetWhileWagering(playerId: string) {
      const r = await db
        .selectFrom('bonus_grants')
        .select('max_bet_minor')
        .where('player_id', '=', playerId)
        .where('status', 'in', ['active', 'wagering'])
        .where(sql<boolean>`(status = 'wagering' or free_rounds_won_minor > 0)`)
        .executeTakeFirst();
      return r?.max_bet_minor ? BigInt(r.max_bet_minor) : null;
    },

    // ---- promo codes
    async insertPromoCode(c: PromoCodeInput, actor: string, trx: Transaction<DB>) {
      return trx
        .insertInto('bonus_promo_codes')
        .values({ ...c, created_by: actor })
        .returningAll()
        .executeTakeFirstOrThrow();
    },
    findPromoCode: (code: string, q: Db = db) =>
      q
        .selectFrom('bonus_promo_codes')
        .selectAll()
        .where(sql<boolean>`lower(code) = lower(${code})`)
        .forUpdate()
        .executeTakeFirst(),
    hasRedeemed: async (codeId: number, playerId: string, trx: Transaction<DB>) =>
      !!(await trx
        .selectFrom('bonus_promo_redemptions')
        .select('code_id')
        .where('code_id', '=', codeId)
        .where('player_id', '=', playerId)
        .executeTakeFirst()),
    async redeem(codeId: number, playerId: string, grantId: string, trx: Transaction<DB>) {
      await trx
        .insertInto('bonus_promo_redemptions')
        .values({ code_id: codeId, player_id: playerId, grant_id: grantId })
        .execute();
      await trx
        .updateTable('bonus_promo_codes')
        .set((eb) => ({ redemptions: eb('redemptions', '+', 1) }))
        .where('id', '=', codeId)
        .execute();
    },
    listPromoCodes: () => db.selectFrom('bonus_promo_codes').selectAll().orderBy('id').execute(),
  };
}
export type BonusesRepository = ReturnType<typeof createBonusesRepository>;
