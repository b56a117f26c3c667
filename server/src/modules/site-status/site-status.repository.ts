import { transact } from '../../lib/after-commit';
import type { Database } from '../../db/database';

export function createSiteStatusRepository(db: Database) {
  return {
    async getSetting<T>(key: string): Promise<T | undefined> {
      const row = await db.selectFrom('site_settings').select('value').where('key', '=', key).executeTakeFirst();
      return row?.value as T | undefined;
    },
    transaction: <T>(fn: (trx: Database) => Promise<T>) => transact(db, fn),
    /** The setting's new value, in the caller's transaction (ex) when given (the operator's record commits with it). */
    async setSetting(key: string, value: unknown, actor: string, ex: Database = db): Promise<void> {
      await ex
        .insertInto('site_settings')
        .values({ key, value: JSON.stringify(value), updated_by: actor })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({ value: JSON.stringify(value), updated_by: actor, updated_at: new Date() }),
        )
        .execute();
    },
  };
}
export type SiteStatusRepository = ReturnType<typeof createSiteStatusRepository>;
