import type { Database } from '../../db/database';
import { declareDemoSeed } from '../../db/demo-seeds';

const DAY = 86_400_000;

// Demo data: one ongoing weekly race (every house game counts, stakes × contribution) when there is no tournament
// yet. Idempotent: it runs on every start and adds nothing once any tournament exists.
export async function seedTournaments(db: Database): Promise<void> {
  const any = await db.selectFrom('tournaments_tournaments').select('id').limit(1).executeTakeFirst();
  if (any) return;
  const now = Date.now();
  await db
    .insertInto('tournaments_tournaments')
    .values({
      status: 'ongoing',
      name: JSON.stringify({ en: 'Weekly race', ru: 'Недельная гонка' }),
      description: JSON.stringify({
        en: 'Every bet counts: the more you stake, the higher you climb. Top places share the prizes.',
        ru: 'Каждая ставка в зачёт: чем больше ставите, тем выше место. Призы — первым местам.',
      }),
      starts_at: new Date(now - DAY),
      ends_at: new Date(now + 6 * DAY),
      scoring: 'stakes',
      games: JSON.stringify([]),
      currencies: JSON.stringify({
        USD: { min_bet: 0.1, points_per_unit: 1 },
        EUR: { min_bet: 0.1, points_per_unit: 1 },
        RUB: { min_bet: 10, points_per_unit: 0.01 },
      }),
      pool_percent: null,
      prizes: JSON.stringify([
        { kind: 'money', place: 1, amounts: { USD: 100, EUR: 100, RUB: 10000 } },
        { kind: 'money', place: 2, amounts: { USD: 50, EUR: 50, RUB: 5000 } },
        { kind: 'money', place: 3, amounts: { USD: 25, EUR: 25, RUB: 2500 } },
      ]),
      auto_subscribe: false,
      image: null,
      created_by: 'demo',
    })
    .execute();
}

// demo data (db/demo-seeds.ts), run by seedAll on the embedded default's every start
export const tournamentsDemoSeed = declareDemoSeed({ name: 'tournaments', run: seedTournaments });
