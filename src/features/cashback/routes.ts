import { lazy } from 'react';
import { patterns } from '../../shared/routing/paths';
import type { RouteEntry } from '../../shared/routing/route';

const CashbackPage = lazy(() => import('.').then((m) => ({ default: m.CashbackPage })));

export const cashbackRoutes: RouteEntry[] = [
  // the cashback settings decide whether /cashback exists (off: it redirects to /); a deep link waits for them
  { name: 'cashback', pattern: patterns.cashback, access: 'public', gate: 'cashbackEnabled', page: CashbackPage },
];
