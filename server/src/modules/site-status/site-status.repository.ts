import type { Database } from '../../db/database';

export function createSiteStatusRepository(db: Database) {
  return {
    async getSetting<T>(key: string): Promise<T | undefined> {
      const row = await db.selectFrom('site_settings').select('value').where('key', '=', key).executeTakeFirst();
      return row?.value as T | undefined;
    },
    async setSetting(key: string, value: unknown, actor: string, action: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('site_settings')
          .values({ key, value: JSON.stringify(value), updated_by: actor })
          .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(value), updated_by: actor, updated_at: new Date() }))
          .execute();
        await trx
          .insertInto('site_operator_actions')
          .values({ action, actor, payload: JSON.stringify({ key, value }) })
          .execute();
      });
    },
    listActions: (limit: number) =>
      db.selectFrom('site_operator_actions').selectAll().orderBy('id', 'desc').limit(limit).execute(),
  };
}
export type SiteStatusRepository = ReturnType<typeof createSiteStatusRepository>;
