import { lazy } from 'react';
import { cashboxTabs } from '@contracts/app-routes';
import { paths, patterns } from '../../shared/routing/paths';
import { oneOf, type RouteEntry } from '../../shared/routing/route';

const CashboxPage = lazy(() => import('.').then((m) => ({ default: m.CashboxPage })));

export const cashboxRoutes: RouteEntry[] = [
  { name: 'cashbox', pattern: '/cashbox', access: 'login', redirect: () => paths.cashbox() },
  {
    name: ':tab',
    pattern: patterns.cashbox,
    access: 'login',
    accepts: oneOf('tab', cashboxTabs),
    page: CashboxPage,
  },
];
