import { useState } from 'react';
import type { HouseBetBody, HouseBetResult, HouseGame } from '@contracts/games';
import * as houseEndpoints from '@contracts/house.endpoints';
import { HouseApiError } from './api';
import { roundFinished, roundStarted, postToParent } from './frame';
import { formatMoney, useHouse } from './house-context';
import { capFromRefusal } from './bonus-cap';
import { refusalText, t, tf } from './i18n';

/** Send one bet of a one-shot game; busy while it runs; the balance and fairness follow the answer. */
export function useBet(game: HouseGame) {
  const { api, setBalance, setFairness, setError, session, freeRounds, setFreeRounds, useFreeRound } = useHouse();
  const [busy, setBusy] = useState(false);
  const [last, setLast] = useState<HouseBetResult | null>(null);
  async function place(body: Omit<HouseBetBody, 'game'>): Promise<HouseBetResult | null> {
    setBusy(true);
    setError(null);
    roundStarted(game);
    try {
      // a free round while the player has one on this game and chose to play it (the bonus's stake, no money taken)
      const free = useFreeRound && !!freeRounds && freeRounds.left > 0 && game !== 'roulette';
      const result = await api.call(houseEndpoints.bet, {
        body: { ...body, game, ...(free ? { free_round: true } : {}) } as HouseBetBody,
      });
      setLast(result);
      setFairness(result.fairness);
      if (result.free_rounds) setFreeRounds(result.free_rounds);
      return result;
    } catch (err) {
      roundFinished(game, false);
      setError(errorText(err));
      return null;
    } finally {
      setBusy(false);
    }
  }
  /** Call when the result's animation ends: the balance changes and the parent hears the round is over. */
  function settle(result: HouseBetResult) {
    setBalance(result.balance);
    postToParent({ type: 'balance', balance: result.balance, currency: session.currency });
    roundFinished(game, result.payout > 0);
  }
  return { busy, last, place, settle };
}

/** The text of a refusal in the player's language; a refusal for want of money also tells the app around the game. */
export function errorText(err: unknown): string {
  if (err instanceof HouseApiError) {
    if (err.status === 401) return t('sessionOver');
    // the app offers a deposit and the demo (issue 28): a dead end otherwise
    if (err.code === 'WALLET_INSUFFICIENT_FUNDS') postToParent({ type: 'insufficient_funds' });
    // the bonus's max bet, named with its amount; the range and Max follow it from now on (issue 28)
    const cap = err.body.max_bet;
    if (err.code === 'BONUSES_MAX_BET' && typeof cap === 'number') {
      capFromRefusal(cap);
      return tf('err_BONUSES_MAX_BET_amount', { amount: formatMoney(cap, 9) });
    }
    // a refusal the player sees is said in their language (by its code), not in the server's English
    return refusalText(err.code) ?? (err.status >= 500 || err.status === 409 ? t('err_retry') : t('err_refused'));
  }
  // a network failure (fetch's TypeError) or anything else: the browser's English is for the console only
  console.warn('house game call failed', err);
  return t('err_retry');
}
