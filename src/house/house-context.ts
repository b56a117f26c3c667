import { createContext, useContext } from 'react';
import type { FreeRoundsState, HouseFairness, HouseSession } from '@contracts/games';
import type { HouseApi } from './api';
import { formatAmount, formatMultiplier } from '../shared/lib/money-format';

export interface HouseContextValue {
  session: HouseSession;
  api: HouseApi;
  balance: number;
  setBalance(balance: number): void;
  fairness: HouseFairness;
  setFairness(f: HouseFairness): void;
  /** An error to show in place (null clears it). */
  setError(message: string | null): void;
  /** The player's app origin, for links to the verify page. */
  appOrigin: string;
  /** Free rounds left on this game (issue 16), and whether the next bet plays one. */
  freeRounds: FreeRoundsState | null;
  setFreeRounds(f: FreeRoundsState | null): void;
  useFreeRound: boolean;
}
export const HouseContext = createContext<HouseContextValue | null>(null);
export function useHouse(): HouseContextValue {
  const value = useContext(HouseContext);
  if (!value) throw new Error('useHouse outside the house page');
  return value;
}

/** Money in the session's currency, written by the app's one formatter (the page's language, up to its digits). */
export function formatMoney(amount: number, digits: number): string {
  return formatAmount(amount, '', undefined, digits);
}
/** Multipliers with the app's one rule (rounded down to hundredths), from basis points or hundredths. */
export const bpToX = (bp: number) => formatMultiplier(bp / 10_000);
export const hundredthsToX = (h: number) => formatMultiplier(h / 100);
