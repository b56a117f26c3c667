import type { Database } from '../../db/database';
import type { AppModule } from '../module';
import type { SiteStatusService } from '../site-status';
import { createBalanceAdjustments, type BalanceAdjustmentDeps } from './balance-adjustments';
import { createOperatorActionsRepository } from './operator-actions.repository';
import { createOperatorActionsService } from './operator-actions.service';
import { operatorRoutes } from './operator.routes';

/**
 * The one record of operator actions, built first: every module records through its `audit` in the action's own
 * transaction. The operator's own routes (the record, site switches, balance adjustments) mount once the services
 * they drive exist (`routes(…)`).
 */
export function createOperatorModule(deps: { db: Database }) {
  const actions = createOperatorActionsService({ repo: createOperatorActionsRepository(deps.db) });
  const audit = { record: actions.record };
  return {
    actions,
    audit,
    routes(more: { siteStatus: SiteStatusService } & Omit<BalanceAdjustmentDeps, 'audit'>): AppModule {
      const { siteStatus, ...adjustmentDeps } = more;
      const adjustments = createBalanceAdjustments({ ...adjustmentDeps, audit });
      return {
        name: 'operator',
        routes: {
          operator: [
            {
              plugin: operatorRoutes,
              options: { siteStatus, operatorActions: actions, adjustments },
            },
          ],
        },
      };
    },
  };
}
