import { sql, type Kysely } from 'kysely';

// Content pages the operator edits (terms, privacy, responsible gambling, the footer's licence text): one row per
// brand domain ('' = every domain), language and page. A domain's own row overrides the '' one.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('info_content_pages')
    .addColumn('domain', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('locale', 'varchar(8)', (c) => c.notNull().references('info_languages.code'))
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_by', 'text', (c) => c.notNull().defaultTo('seed'))
    .addPrimaryKeyConstraint('info_content_pages_pk', ['domain', 'locale', 'slug'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('info_content_pages').execute();
}
