import { useEffect } from 'react';
import { Spinner } from '@vkontakte/vkui';
import { useLocation } from 'wouter';
import { guardRoute, type GuardContext } from './guards';

/**
 * Applies the guards on every path change; renders children only when the path may stay, and a spinner while
 * the settings that decide (cashback, main brand) are still loading.
 */
export function RouteGuard({ ctx, children }: { ctx: GuardContext; children: React.ReactNode }) {
  const [location, navigate] = useLocation();
  const outcome = guardRoute(location, ctx);
  const target = outcome.action === 'redirect' ? outcome.to : null;
  useEffect(() => {
    if (target) navigate(target, { replace: true });
  }, [target, navigate]);
  if (outcome.action === 'wait') return <Spinner size="xl" style={{ margin: '48px auto' }} data-testid="route-pending" />;
  return target ? null : <>{children}</>;
}
