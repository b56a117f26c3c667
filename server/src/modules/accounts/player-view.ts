import { kycStatus } from '@contracts/codes';
import type { Player } from '@contracts/accounts';
import type { PlayerRow } from './accounts.repository';

/** Money fields of the Player that the wallet owns (major units). */
export interface BalanceSummary {
  balance: number;
  bonus_balance: number;
  sum_available_for_withdraw: number;
  pending_withdraws_sum: number;
  wager_amount: number;
  wagering: number;
  has_first_dep: boolean;
  /** Free rounds left (the bonuses module); 0 without. */
  fs_count?: number;
  /** The current level's order (the levels module); the stored default without. */
  level?: number;
}
export type BalanceProvider = (playerId: string, currency: string) => Promise<BalanceSummary>;

/** The Player of spec §3 as the app reads it. */
export function toPlayerView(row: PlayerRow, money: BalanceSummary): Player {
  return {
    id: Number(row.id),
    name: row.name,
    last_name: row.last_name,
    username: row.username,
    email: row.email,
    tel: row.tel,
    sex: row.sex,
    birthday: row.birthday ? dateOnly(row.birthday) : null,
    country_code: row.country_code,
    currency: row.currency,
    language_code: row.language_code,
    ...money,
    fs_count: money.fs_count ?? 0,
    is_streamer: row.is_streamer,
    is_email_verified: row.is_email_verified,
    is_2fa_enabled: row.is_2fa_enabled,
    block: row.block,
    block_end: row.block_end?.toISOString() ?? null,
    time_limit: row.time_limit,
    unsubscribed: row.unsubscribed,
    preferred_communication_channel: row.preferred_communication_channel,
    show_info: row.show_info,
    status_verification: 0,
    kyc_status: kycStatus.none,
    address: row.address,
    avatar: row.avatar,
    level: money.level ?? row.level,
    ref_info: row.ref_info,
    has_telegram: row.telegram_id !== null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    last_activity: row.last_activity?.toISOString() ?? null,
  };
}

function dateOnly(d: Date | string): string {
  if (typeof d === 'string') return d.slice(0, 10);
  // `date` columns arrive as local-midnight Dates from pg; format in local time to keep the calendar day
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}
