// zod-free: Home's social feed (issue 27). Live updates come as `new_player` and `top_players` messages.
import type { NewPlayerItem, TopWinItem } from './live-messages';
import { endpoint } from './endpoint';

/** The newest sign-ups (spec §7), served by accounts: names masked unless the player allows them. */
export const newPlayers = endpoint<NewPlayerItem[]>('GET', 'main-api', '/users/get_new_players');
/** Ours: the biggest wins of the last day, served by server/src/modules/social. */
export const topPlayers = endpoint<{ items: TopWinItem[] }>('GET', 'main-api', '/users/get_top_players');
