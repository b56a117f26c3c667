import { lazy } from 'react';
import { patterns } from '../../shared/routing/paths';
import type { RouteEntry } from '../../shared/routing/route';

const VerifyPage = lazy(() => import('.').then((m) => ({ default: m.VerifyPage })));

// The provably fair verifier (beyond the spec): anyone may check a result.
export const fairnessRoutes: RouteEntry[] = [
  { name: 'fairness', pattern: patterns.fairness, access: 'public', page: VerifyPage },
];
