import { useEffect } from 'react';
import { Spinner } from '@vkontakte/vkui';
import { useLocation } from 'wouter';
import { guardRoute, type GuardContext } from './guards';
import { NotFoundPage, SignInRequired } from './route-pages';

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
  if (outcome.action === 'wait')
    return <Spinner size="xl" style={{ margin: '48px auto' }} data-testid="route-pending" />;
  if (outcome.action === 'sign-in') return <SignInRequired />;
  if (outcome.action === 'not-found') return <NotFoundPage />;
  return target ? null : <>{children}</>;
}
