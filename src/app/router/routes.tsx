import { Suspense } from 'react';
import { Spinner } from '../../shared/ui/spinner';
import { Route, useLocation } from 'wouter';
import { matchRoute } from './guards';

// The page of the route table's entry for this path (route-table.ts). Guards and redirects happen before this renders
// (RouteGuard), so the entry found here is always allowed; its Route gives the page its parameters (useParams).
export function AppRoutes() {
  const [location] = useLocation();
  const entry = matchRoute(location)?.entry;
  return (
    <Suspense fallback={<Spinner size="xl" style={{ margin: '48px auto' }} />}>
      {entry?.page && <Route path={entry.pattern} component={entry.page} />}
    </Suspense>
  );
}
