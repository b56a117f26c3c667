import type { AccountsTables } from '../modules/accounts/accounts.tables';
import type { InformationalTables } from '../modules/informational/informational.tables';
import type { CashboxTables } from '../modules/cashbox/cashbox.tables';
import type { WalletTables } from '../modules/wallet/wallet.tables';
import type { GamesTables } from '../modules/games/games.tables';
import type { HouseTables } from '../modules/house-games/house.tables';
import type { LimitsTables } from '../modules/limits/limits.tables';
import type { SiteStatusTables } from '../modules/site-status/site-status.tables';
import type { OperatorTables } from '../modules/operator/operator.tables';
import type { WheelTables } from '../modules/wheel/wheel.tables';
import type { BonusesTables } from '../modules/bonuses/bonuses.tables';
import type { NotificationsTables } from '../modules/notifications/notifications.tables';
import type { TournamentsTables } from '../modules/tournaments/tournaments.tables';
import type { SocialTables } from '../modules/social/social.tables';
import type { LevelsTables } from '../modules/levels/levels.tables';
import type { ReferralsTables } from '../modules/referrals/referrals.tables';
import type { CashbackTables } from '../modules/cashback/cashback.tables';

/** The jobs runner's leases (server/src/jobs.ts). */
export interface JobsTables {
  jobs_leases: { name: string; holder: string; expires_at: Date };
}

// The database as Kysely sees it: each module declares its own tables in <module>.tables.ts.
export interface DB
  extends
    InformationalTables,
    SiteStatusTables,
    AccountsTables,
    WalletTables,
    CashboxTables,
    GamesTables,
    HouseTables,
    LimitsTables,
    OperatorTables,
    WheelTables,
    BonusesTables,
    NotificationsTables,
    TournamentsTables,
    SocialTables,
    LevelsTables,
    ReferralsTables,
    CashbackTables,
    JobsTables {}
