import type { WheelSegment } from '@contracts/fairness';
import type { Database } from '../../db/database';
import { declareDemoSeed } from '../../db/demo-seeds';

const small = { USD: 0.1, EUR: 0.1, GBP: 0.1, KGS: 10, RUB: 10, TON: 0.02 };
const medium = { USD: 0.5, EUR: 0.5, GBP: 0.5, KGS: 50, RUB: 50, TON: 0.1 };
const large = { USD: 1, EUR: 1, GBP: 1, KGS: 100, RUB: 100, TON: 0.2 };
const top = { USD: 5, EUR: 5, GBP: 5, KGS: 500, RUB: 500, TON: 1 };

/** The demo wheel: small real-money prizes and empty segments, 100 weight in all (probabilities are weight %). */
export const demoWheelSegments: WheelSegment[] = [
  { id: 'small-1', weight: 20, prize: { kind: 'real_money', amounts: small }, label_key: 'small' },
  { id: 'nothing-1', weight: 15, prize: { kind: 'nothing' }, label_key: 'nothing' },
  { id: 'medium-1', weight: 12, prize: { kind: 'real_money', amounts: medium }, label_key: 'medium' },
  { id: 'nothing-2', weight: 15, prize: { kind: 'nothing' }, label_key: 'nothing' },
  { id: 'large', weight: 6, prize: { kind: 'real_money', amounts: large }, label_key: 'large' },
  { id: 'nothing-3', weight: 15, prize: { kind: 'nothing' }, label_key: 'nothing' },
  { id: 'top', weight: 2, prize: { kind: 'real_money', amounts: top }, label_key: 'top' },
  { id: 'small-2', weight: 15, prize: { kind: 'real_money', amounts: small }, label_key: 'small' },
];

/**
 * The demo wheel as version 1 when no wheel exists (idempotent). `bonusSegments`: bonus and free-rounds segments
 * to add, for a server whose bonus engine is bound (their template ids are that engine's).
 */
export async function seedWheel(db: Database, bonusSegments: WheelSegment[] = []): Promise<void> {
  await db
    .insertInto('wheel_configs')
    .values({
      version: 1,
      segments: JSON.stringify([...demoWheelSegments, ...bonusSegments]),
      free_spin_every_hours: 24,
      created_by: 'seed',
    })
    .onConflict((oc) => oc.column('version').doNothing())
    .execute();
}

// demo data (db/demo-seeds.ts), run by seedAll on the embedded default's every start
export const wheelDemoSeed = declareDemoSeed({ name: 'wheel', run: (db) => seedWheel(db) });
