import { wageringRequiredMinor } from '@contracts/bonuses.rules';
import { conflict, AppError } from '../../lib/errors';
import { toMajor } from '../../lib/money';
import type { WalletTx } from '../wallet';
import { dbNow, type GrantRow } from './bonuses.repository';
import { grantRef, type BonusesDeps, type Grants } from './bonuses.grants';

// Free rounds (issues 16 and 22): each round drawn at the grant's fixed stake and parameters, its win credited to the
// bonus balance; after the last, what the rounds won is wagered as a bonus of that amount.
export function createFreeRounds(deps: BonusesDeps, grants: Grants) {
  const { repo } = deps;
  const { transaction, convert, notify } = grants;
  /**
   * The last free round played: what the rounds won (already on the bonus balance, round by round) is wagered as a
   * bonus of that amount; nothing won ends the grant.
   */
  async function finishFreeRounds(w: WalletTx, g: GrantRow) {
    const terms = await repo.termsOf(g.template_id, g.template_version, w.trx);
    // what will convert is the bonus money in play now: the rounds' wins and what stakes of them won or lost since
    // (they went through the max bet and counted to the wagering); the requirement covers all of it (issue 22)
    const { bonus } = await w.lockedBalances(g.player_id, g.currency);
    if (bonus === 0n) {
      await repo.transition(g.id, ['active'], 'converted', { ended_at: dbNow(), converted_minor: '0' }, w.trx);
      return;
    }
    const required = wageringRequiredMinor(terms.wagering_multiplier, 'bonus', bonus, 0n);
    // the window set when the rounds were made active goes on: the last round does not start a fresh one
    const moved = await repo.transition(
      g.id,
      ['active'],
      'wagering',
      { amount_minor: bonus.toString(), wager_required_minor: required.toString(), credited_at: dbNow() },
      w.trx,
    );
    const now = await repo.findGrant(g.id, w.trx);
    if (moved && now && BigInt(now.wagered_minor) >= required) await convert(w, now);
  }

  /**
   * One free round (issue 16): `play` draws the round's outcome at the grant's stake (a provably fair draw that takes
   * no money); then, in one transaction, the round is taken by a guarded decrement, recorded with its proof, and its
   * win credited to the bonus balance; the last round turns the winnings into a wagering bonus.
   */
  async function playFreeRound(
    playerId: string,
    game: string,
    play: (
      stakeMinor: bigint,
      params: Record<string, unknown> | null,
    ) => Promise<{ payoutMinor: bigint; proof: object }>,
  ) {
    const g = await repo.grantInPlay(playerId);
    if (!g || g.status !== 'active' || g.free_rounds_game !== game || !g.free_rounds_left)
      throw new AppError(409, 'BONUSES_NO_FREE_ROUNDS', `No free rounds on ${game}`);
    const left = g.free_rounds_left;
    const total = g.free_rounds_total ?? left;
    const stake = BigInt(g.free_round_bet_minor ?? 0);
    const index = total - left + 1;
    // the round is played at the parameters the template fixes (or the game's defaults): never the player's odds
    const terms = await repo.termsOf(g.template_id, g.template_version);
    const { payoutMinor, proof } = await play(stake, terms.free_rounds?.params ?? null);
    const done = await transaction(async (w) => {
      const after = await repo.takeFreeRound(g.id, left, payoutMinor, w.trx);
      if (!after) throw conflict('BONUSES_WRONG_STATE', 'That free round was played meanwhile: try again');
      const row = await repo.insertFreeRound(
        { grant_id: g.id, round_index: index, stake_minor: stake, payout_minor: payoutMinor, proof },
        w.trx,
      );
      if (payoutMinor > 0n)
        await w.post(
          { playerId, currency: g.currency, key: `bonus:${g.id}:fr:${index}`, reference: grantRef(g.id) },
          'bonus_grant',
          payoutMinor,
        );
      if (after.free_rounds_left === 0) await finishFreeRounds(w, after);
      const b = await w.lockedBalances(playerId, g.currency);
      notify(w.trx, playerId);
      return { roundId: Number(row.id), left: after.free_rounds_left ?? 0, balanceMinor: b.real + b.bonus };
    });
    return { ...done, index, total, stakeMinor: stake, currency: g.currency };
  }

  /** The player's free rounds on a house game (a session's header), or null. */
  async function freeRoundsOn(playerId: string, game: string) {
    const g = await repo.grantInPlay(playerId);
    if (!g || g.status !== 'active' || g.free_rounds_game !== game || !g.free_rounds_left) return null;
    const digits = await deps.minorUnitDigits(g.currency);
    return {
      left: g.free_rounds_left,
      total: g.free_rounds_total ?? g.free_rounds_left,
      bet: toMajor(BigInt(g.free_round_bet_minor ?? 0), digits),
    };
  }

  return { on: freeRoundsOn, play: playFreeRound };
}
