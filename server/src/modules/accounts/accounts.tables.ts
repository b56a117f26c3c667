import type { BlockType } from '@contracts/codes';
import type { ColumnType, Generated, JSONColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface AccPlayersTable {
  id: Generated<string>; // bigserial: pg returns int8 as text
  email: string | null;
  password_hash: string | null;
  telegram_id: string | null;
  name: string | null;
  last_name: string | null;
  username: string | null;
  tel: string | null;
  sex: 'male' | 'female' | 'other' | null;
  birthday: ColumnType<Date | null, string | null | undefined, string | null>;
  country_code: string | null;
  address: JSONColumnType<
    { city?: string; postal_code?: string; address?: string; country?: string } | null,
    string | null,
    string | null
  >;
  avatar: JSONColumnType<{ image: string | null; preview: string | null } | null, string | null, string | null>;
  currency: string;
  language_code: string | null;
  time_zone: string | null;
  is_email_verified: Generated<boolean>;
  two_factor_secret: string | null;
  is_2fa_enabled: Generated<boolean>;
  two_factor_last_step: string | null;
  block: BlockType | null;
  block_end: Date | null;
  block_reason: string | null;
  time_limit: number | null;
  unsubscribed: Generated<boolean>;
  preferred_communication_channel: Generated<string>;
  show_info: Generated<boolean>;
  is_streamer: Generated<boolean>;
  level: Generated<number>;
  ref_info: string | null;
  /** The configured host the player signed up on (a brand); null for accounts made before it was recorded. */
  brand_host: Generated<string | null>;
  terms_accepted_at: Date | null;
  session_version: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Timestamp & Generated<Date>;
  last_activity: Date | null;
}

export interface AccOneTimeTokensTable {
  id: Generated<string>;
  player_id: string;
  kind: 'email_verification' | 'password_reset';
  token_hash: string;
  email: string;
  expires_at: Date;
  used_at: Date | null;
  created_at: Generated<Date>;
}
export interface AccAttemptCountersTable {
  key: string;
  window_start: Date;
  count: number;
}
/** One row per sign-in; the access token's `sid`. */
export interface AccSessionsTable {
  id: Generated<string>;
  player_id: string;
  created_at: Generated<Date>;
  expires_at: Date;
  revoked_at: Date | null;
}

export interface AccountsTables {
  acc_players: AccPlayersTable;
  acc_sessions: AccSessionsTable;
  acc_one_time_tokens: AccOneTimeTokensTable;
  acc_attempt_counters: AccAttemptCountersTable;
}
