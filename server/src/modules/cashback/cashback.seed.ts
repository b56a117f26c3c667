import type { CashbackSettingsBody } from '@contracts/cashback';
import { nextPayoutAfter } from '@contracts/cashback.rules';
import type { Database } from '../../db/database';
import { createCashbackRepository } from './cashback.repository';
import { declareDemoSeed } from '../../db/demo-seeds';

/**
 * Demo cashback (SEED_DEMO_DATA): on, weekly on Sunday at 12:00 UTC, three levels (5 %, 7.5 %, 10 % of real net loss
 * by the period's real stakes), at least 1.00 lost, at most 500.00 a week, in every demo currency.
 */
export const demoCashbackSettings: CashbackSettingsBody = {
  is_enabled: true,
  levels: [{ percentage: 5 }, { percentage: 7.5 }, { percentage: 10 }],
  schedule: { frequency: 'weekly', payout_day: 7, payout_hour: 12, time_zone: 'UTC' },
  currencies: {
    USD: { min_bet_sum_minor: ['0', '10000', '100000'], min_loss_minor: '100', max_cashback_minor: '50000' },
    EUR: { min_bet_sum_minor: ['0', '10000', '100000'], min_loss_minor: '100', max_cashback_minor: '50000' },
  },
};

/** Version 1 of the settings and the first period (from now), once; an operator's later versions are kept. */
export async function seedCashback(db: Database): Promise<void> {
  const repo = createCashbackRepository(db);
  await repo.seedSettings(demoCashbackSettings);
  if (await repo.latestPeriod()) return;
  const now = await repo.dbNow();
  const { schedule } = demoCashbackSettings;
  await repo.ensurePeriod({ starts_at: now, ends_at: nextPayoutAfter(now, schedule), frequency: schedule.frequency });
}

// demo data (db/demo-seeds.ts), run by seedAll on the embedded default's every start
export const cashbackDemoSeed = declareDemoSeed({ name: 'cashback', run: seedCashback });
