import type { Kysely } from 'kysely';

// The brand (site) a player signed up on (issue 24: an operator's message to a segment by brand domain). The host of
// the configured public URL the sign-up came through (PUBLIC_URL or one of PUBLIC_URLS); null for accounts made before
// it was recorded. Only a configured host is ever written: the request's Host header chooses among them.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('acc_players').addColumn('brand_host', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('acc_players').dropColumn('brand_host').execute();
}
