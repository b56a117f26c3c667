// Owns: the signed-in player's data and ban info.
// Does not own: signing in or out (features/auth, shared/session), editing the profile (features/profile).
// Called by: app/ (per-navigation load, ban modal, header balance), features that show the balance.
export {
  playerState,
  loadPlayer,
  showBan,
  clearPlayer,
  toBanInfo,
  applyBalance,
  noteNewBonus,
  holdBalance,
  releaseBalance,
  type Player,
  type BanInfo,
} from './player.store';
