import { games as houseGames, houseGameIds, houseGameNames } from '@contracts/fairness';
import type { Database } from '../../db/database';
import { declareDemoSeed } from '../../db/demo-seeds';

// Demo catalogue: the house originals and the lobby's blocks (titles per language). Idempotent: runs on every start.
const blocks: { string_id: string; titles: Record<string, string>; games: string[] }[] = [
  {
    string_id: 'popular',
    titles: { en: 'Popular', ru: 'Популярное' },
    games: ['crash', 'dice', 'slots', 'plinko', 'mines'],
  },
  {
    string_id: 'originals',
    titles: { en: 'Provably fair originals', ru: 'Честные оригиналы' },
    games: [...houseGameIds],
  },
  {
    string_id: 'instant',
    titles: { en: 'Instant games', ru: 'Мгновенные игры' },
    games: ['dice', 'limbo', 'mines', 'plinko', 'crash'],
  },
  {
    string_id: 'table',
    titles: { en: 'Slots and table games', ru: 'Слоты и настольные игры' },
    games: ['slots', 'roulette'],
  },
];

export async function seedGames(db: Database): Promise<void> {
  await db
    .insertInto('games_providers')
    .values({ string_id: 'house', name: 'House Originals', secret: null })
    .onConflict((oc) => oc.column('string_id').doNothing())
    .execute();
  const provider = await db
    .selectFrom('games_providers')
    .select('id')
    .where('string_id', '=', 'house')
    .executeTakeFirstOrThrow();
  for (const [order, id] of houseGameIds.entries()) {
    const info = houseGames[id];
    await db
      .insertInto('games_games')
      .values({
        string_id: `house-${id}`,
        name: info.name,
        names: JSON.stringify(houseGameNames[id]),
        provider_id: provider.id,
        image: null,
        has_demo: true,
        house_game: id,
        rtp: info.rtpPercent,
        sort_order: order,
      })
      .onConflict((oc) =>
        oc.column('string_id').doUpdateSet({
          name: info.name,
          names: JSON.stringify(houseGameNames[id]),
          rtp: info.rtpPercent,
          house_game: id,
        }),
      )
      .execute();
  }
  const gameIds = new Map(
    (await db.selectFrom('games_games').select(['id', 'string_id']).execute()).map((g) => [g.string_id, g.id]),
  );
  for (const [order, block] of blocks.entries()) {
    await db
      .insertInto('games_blocks')
      .values({ string_id: block.string_id, sort_order: order, titles: JSON.stringify(block.titles) as never })
      .onConflict((oc) => oc.column('string_id').doNothing())
      .execute();
    const row = await db
      .selectFrom('games_blocks')
      .select('id')
      .where('string_id', '=', block.string_id)
      .executeTakeFirstOrThrow();
    for (const [position, game] of block.games.entries()) {
      const gameId = gameIds.get(`house-${game}`);
      if (!gameId) continue;
      await db
        .insertInto('games_block_games')
        .values({ block_id: row.id, game_id: gameId, position })
        .onConflict((oc) => oc.columns(['block_id', 'game_id']).doNothing())
        .execute();
    }
  }
}

// demo data (db/demo-seeds.ts), run by seedAll on the embedded default's every start
export const gamesDemoSeed = declareDemoSeed({ name: 'games', run: seedGames });
