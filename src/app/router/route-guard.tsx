import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { resolveRedirect, type GuardContext } from './guards';

/** Applies the guards on every path change; renders children only when the path may stay. */
export function RouteGuard({ ctx, children }: { ctx: GuardContext; children: React.ReactNode }) {
  const [location, navigate] = useLocation();
  const target = resolveRedirect(location, ctx);
  useEffect(() => {
    if (target && target !== location) navigate(target, { replace: true });
  }, [target, location, navigate]);
  return target && target !== location ? null : <>{children}</>;
}
