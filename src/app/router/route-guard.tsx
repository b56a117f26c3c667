import { lazy, Suspense, useEffect } from 'react';
import { Spinner } from '../../shared/ui/spinner';
import { useLocation } from 'wouter';
import { guardRoute, type GuardContext } from './guards';

// rare on a first load (a guest's deep link to a player page, a mistyped address): they load when needed
const SignInRequired = lazy(() => import('./route-pages').then((m) => ({ default: m.SignInRequired })));
const NotFoundPage = lazy(() => import('./route-pages').then((m) => ({ default: m.NotFoundPage })));
const spinner = <Spinner size="xl" style={{ margin: '48px auto' }} data-testid="route-pending" />;

/**
 * Applies the guards on every path change; renders children only when the path may stay, a spinner while the
 * settings that decide (cashback, main brand) are still loading, "sign in to continue" for a guest on a player page
 * and a not-found page for an unknown path.
 */
export function RouteGuard({ ctx, children }: { ctx: GuardContext; children: React.ReactNode }) {
  const [location, navigate] = useLocation();
  const outcome = guardRoute(location, ctx);
  const target = outcome.action === 'redirect' ? outcome.to : null;
  useEffect(() => {
    if (target) navigate(target, { replace: true });
  }, [target, navigate]);
  if (outcome.action === 'wait') return spinner;
  if (outcome.action === 'sign-in' || outcome.action === 'not-found')
    return (
      <Suspense fallback={spinner}>{outcome.action === 'sign-in' ? <SignInRequired /> : <NotFoundPage />}</Suspense>
    );
  return target ? null : <>{children}</>;
}
