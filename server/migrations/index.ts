import type { Migration } from 'kysely';
import * as m_2026112201_informational from './2026112201_informational';
import * as m_2026112202_site_status from './2026112202_site_status';
import * as m_2026112203_accounts from './2026112203_accounts';
import * as m_2026112210_accounts_tokens from './2026112210_accounts_tokens';
import * as m_2026112220_wallet from './2026112220_wallet';
import * as m_2026112221_cashbox from './2026112221_cashbox';
import * as m_2026112222_cashbox_ton from './2026112222_cashbox_ton';
import * as m_2026112230_games from './2026112230_games';
import * as m_2026112231_house_games from './2026112231_house_games';
import * as m_2026112240_limits from './2026112240_limits';
import * as m_2026112250_crash_driver_lease from './2026112250_crash_driver_lease';
import * as m_2026112260_cashbox_ton_expiry from './2026112260_cashbox_ton_expiry';
import * as m_2026112301_jobs_leases from './2026112301_jobs_leases';
import * as m_2026112302_wallet_ledger_feed from './2026112302_wallet_ledger_feed';
import * as m_2026112320_games_recovery from './2026112320_games_recovery';
import * as m_2026112320_house_games_intents from './2026112320_house_games_intents';
import * as m_2026112370_accounts_sessions from './2026112370_accounts_sessions';
import * as m_2026112370_content_pages from './2026112370_content_pages';
import * as m_2026112380_operator_actions from './2026112380_operator_actions';
import * as m_2026112401_games_names from './2026112401_games_names';
import * as m_2026112430_bonuses from './2026112430_bonuses';
import * as m_2026112440_free_rounds from './2026112440_free_rounds';
import * as m_2026112420_wheel from './2026112420_wheel';
import * as m_2026112680_limits_session_pending from './2026112680_limits_session_pending';
import * as m_2026112690_wheel_unpaid_reason from './2026112690_wheel_unpaid_reason';
import * as m_2026112695_promotion_money from './2026112695_promotion_money';
import * as m_2026112697_operator_actions_request from './2026112697_operator_actions_request';
import * as m_2026112710_notifications from './2026112710_notifications';
import * as m_2026112740_tournaments from './2026112740_tournaments';
import * as m_2026112741_social from './2026112741_social';
import * as m_2026112720_levels from './2026112720_levels';
import * as m_2026112750_referrals from './2026112750_referrals';
import * as m_2026112760_notification_counts from './2026112760_notification_counts';
import * as m_2026112730_cashback from './2026112730_cashback';
import * as m_2026112770_levels_rewards from './2026112770_levels_rewards';
import * as m_2026112780_player_brand from './2026112780_player_brand';
import * as m_2026112810_ledger_feed_read from './2026112810_ledger_feed_read';
import * as m_2026112811_tournament_points from './2026112811_tournament_points';
import * as m_2026112820_tournament_rounds_no_fk from './2026112820_tournament_rounds_no_fk';
import * as m_2026112821_promotion_sums_fillfactor from './2026112821_promotion_sums_fillfactor';
import * as m_2026112775_tournaments_board_blocks from './2026112775_tournaments_board_blocks';

// Every migration, in order. Add a new file's import here; never edit a landed migration.
export const migrations: Record<string, Migration> = {
  '2026112201_informational': m_2026112201_informational,
  '2026112202_site_status': m_2026112202_site_status,
  '2026112203_accounts': m_2026112203_accounts,
  '2026112210_accounts_tokens': m_2026112210_accounts_tokens,
  '2026112220_wallet': m_2026112220_wallet,
  '2026112221_cashbox': m_2026112221_cashbox,
  '2026112222_cashbox_ton': m_2026112222_cashbox_ton,
  '2026112230_games': m_2026112230_games,
  '2026112231_house_games': m_2026112231_house_games,
  '2026112240_limits': m_2026112240_limits,
  '2026112250_crash_driver_lease': m_2026112250_crash_driver_lease,
  '2026112260_cashbox_ton_expiry': m_2026112260_cashbox_ton_expiry,
  '2026112301_jobs_leases': m_2026112301_jobs_leases,
  '2026112302_wallet_ledger_feed': m_2026112302_wallet_ledger_feed,
  '2026112320_games_recovery': m_2026112320_games_recovery,
  '2026112320_house_games_intents': m_2026112320_house_games_intents,
  '2026112370_accounts_sessions': m_2026112370_accounts_sessions,
  '2026112370_content_pages': m_2026112370_content_pages,
  '2026112380_operator_actions': m_2026112380_operator_actions,
  '2026112401_games_names': m_2026112401_games_names,
  '2026112420_wheel': m_2026112420_wheel,
  '2026112430_bonuses': m_2026112430_bonuses,
  '2026112440_free_rounds': m_2026112440_free_rounds,
  '2026112680_limits_session_pending': m_2026112680_limits_session_pending,
  '2026112690_wheel_unpaid_reason': m_2026112690_wheel_unpaid_reason,
  '2026112695_promotion_money': m_2026112695_promotion_money,
  '2026112697_operator_actions_request': m_2026112697_operator_actions_request,
  '2026112710_notifications': m_2026112710_notifications,
  '2026112740_tournaments': m_2026112740_tournaments,
  '2026112741_social': m_2026112741_social,
  '2026112720_levels': m_2026112720_levels,
  '2026112750_referrals': m_2026112750_referrals,
  '2026112760_notification_counts': m_2026112760_notification_counts,
  '2026112730_cashback': m_2026112730_cashback,
  '2026112770_levels_rewards': m_2026112770_levels_rewards,
  '2026112780_player_brand': m_2026112780_player_brand,
  '2026112810_ledger_feed_read': m_2026112810_ledger_feed_read,
  '2026112811_tournament_points': m_2026112811_tournament_points,
  '2026112775_tournaments_board_blocks': m_2026112775_tournaments_board_blocks,
  '2026112820_tournament_rounds_no_fk': m_2026112820_tournament_rounds_no_fk,
  '2026112821_promotion_sums_fillfactor': m_2026112821_promotion_sums_fillfactor,
};
