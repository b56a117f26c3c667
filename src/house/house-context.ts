import { createContext, useContext } from 'react';
import type { HouseFairness, HouseSession } from '@contracts/games';
import type { HouseApi } from './api';

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
}
export const HouseContext = createContext<HouseContextValue | null>(null);
export function useHouse(): HouseContextValue {
  const value = useContext(HouseContext);
  if (!value) throw new Error('useHouse outside the house page');
  return value;
}

/** Money in the session's currency: up to its digits, trailing zeros trimmed to two. */
export function formatMoney(amount: number, digits: number): string {
  const fixed = amount.toFixed(Math.min(digits, 9));
  const [whole, frac = ''] = fixed.split('.');
  const trimmed = frac.replace(/0+$/, '').padEnd(Math.min(2, digits), '0');
  return trimmed ? `${whole}.${trimmed}` : whole!;
}
export const bpToX = (bp: number) => `${(bp / 10_000).toFixed(2)}×`;
export const hundredthsToX = (h: number) => `${(h / 100).toFixed(2)}×`;
