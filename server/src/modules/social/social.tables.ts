// int8 columns arrive from pg as strings.
export interface SocialWinsTable {
  entry_id: string;
  player_id: string;
  currency: string;
  amount_minor: string;
  game: string;
  won_at: Date;
}
export interface SocialTables {
  social_wins: SocialWinsTable;
}
