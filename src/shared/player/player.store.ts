// Owns: the signed-in player's data and ban info: state every feature reads, so it lives in shared/, not in a feature.
// Does not own: signing in or out (features/auth, shared/session), editing the profile (features/profile).
// Called by: app/ (per-navigation load, ban modal, header balance), features that show the balance.
import { blockType, blockTypeName } from '@contracts/codes';
import { proxy } from 'valtio';
import * as accountsEndpoints from '@contracts/accounts.endpoints';
import { api, ApiError } from '../api';

// The signed-in player (GET /main-api/users/me) and the ban info of spec §4.
export interface Player {
  id: number | string;
  name: string | null;
  username: string | null;
  email: string | null;
  currency: string;
  language_code: string | null;
  balance: number;
  bonus_balance: number;
  sum_available_for_withdraw: number;
  pending_withdraws_sum: number;
  is_email_verified: boolean;
  [field: string]: unknown;
}
export interface BanInfo {
  modal: boolean;
  type: 'block_permanent' | 'block_temporary';
  time: string | null;
}

export const playerState = proxy<{ player: Player | null; ban: BanInfo | null }>({ player: null, ban: null });

/** Block types (spec §4): permanent by code or name; anything else is temporary. */
export function toBanInfo(detail: unknown): BanInfo {
  const d = (detail ?? {}) as {
    block_type?: string | number;
    type?: string | number;
    block_end?: string | null;
    time?: string | null;
  };
  const type = d.block_type ?? d.type;
  const permanent = type === blockType.permanent || type === blockTypeName[blockType.permanent];
  return {
    modal: true,
    type: permanent ? 'block_permanent' : 'block_temporary',
    time: permanent ? null : (d.block_end ?? d.time ?? null),
  };
}

export async function loadPlayer(): Promise<Player | null> {
  try {
    const player = await api.call(accountsEndpoints.me, { silentStatuses: [403] });
    playerState.player = player;
    return player;
  } catch (err) {
    if (err instanceof ApiError && err.status === 403) {
      playerState.ban = toBanInfo(err.detail);
      return null;
    }
    throw err;
  }
}

export function showBan(info: Omit<BanInfo, 'modal'>): void {
  playerState.ban = { ...info, modal: true };
}

export function clearPlayer(): void {
  playerState.player = null;
}

// While a game round animates, the live balance would give its result away before the game shows it: the game page
// holds live balance updates from round start to round end, then applies the last one.
type BalanceFields = Pick<Player, 'balance' | 'bonus_balance' | 'sum_available_for_withdraw' | 'pending_withdraws_sum'>;
const balanceHold: { active: boolean; pending: Partial<BalanceFields> | null } = { active: false, pending: null };
export function applyBalance(data: Partial<BalanceFields>): void {
  if (balanceHold.active) {
    balanceHold.pending = data;
    return;
  }
  if (playerState.player) Object.assign(playerState.player, data);
}
export function holdBalance(): void {
  balanceHold.active = true;
}
export function releaseBalance(): void {
  balanceHold.active = false;
  const pending = balanceHold.pending;
  balanceHold.pending = null;
  if (pending) applyBalance(pending);
}

let bonusRefresh: ReturnType<typeof setTimeout> | undefined;
/**
 * Live `new_bonus` (spec §4): the player refreshes 1 s after a message; messages while that refresh waits are taken
 * by it (guarded against repeats), so a burst loads once and steady play still moves the wagering bar every second
 * (a refresh pushed back by each message would wait as long as the player keeps betting). The bonuses page reloads
 * with the player.
 */
export function noteNewBonus(): void {
  if (bonusRefresh !== undefined) return;
  bonusRefresh = setTimeout(() => {
    bonusRefresh = undefined;
    void loadPlayer().catch(() => undefined);
  }, 1000);
}
