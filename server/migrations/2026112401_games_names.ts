import { sql, type Kysely } from 'kysely';

// A game's name in other languages ({"ru": "Кости"}): the lobby's search matches them as well as `name`, so a player
// finds a game by the name the app shows in their language. The seed fills them for the house games.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('games_games')
    .addColumn('names', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('games_games').dropColumn('names').execute();
}
