import type { Migration } from 'kysely';
import * as m2026112201 from './2026112201_informational';
import * as m2026112202 from './2026112202_site_status';
import * as m2026112203 from './2026112203_accounts';
import * as m2026112210 from './2026112210_accounts_tokens';
import * as m2026112220 from './2026112220_wallet';
import * as m2026112221 from './2026112221_cashbox';
import * as m2026112222 from './2026112222_cashbox_ton';
import * as m2026112230 from './2026112230_games';
import * as m2026112231 from './2026112231_house_games';
import * as m2026112240 from './2026112240_limits';
import * as m2026112250 from './2026112250_crash_driver_lease';
import * as m2026112260 from './2026112260_cashbox_ton_expiry';

// Every migration, in order. Add a new file's import here; never edit a landed migration.
export const migrations: Record<string, Migration> = {
  '2026112201_informational': m2026112201,
  '2026112202_site_status': m2026112202,
  '2026112203_accounts': m2026112203,
  '2026112210_accounts_tokens': m2026112210,
  '2026112220_wallet': m2026112220,
  '2026112221_cashbox': m2026112221,
  '2026112222_cashbox_ton': m2026112222,
  '2026112230_games': m2026112230,
  '2026112231_house_games': m2026112231,
  '2026112240_limits': m2026112240,
  '2026112250_crash_driver_lease': m2026112250,
  '2026112260_cashbox_ton_expiry': m2026112260,
};
