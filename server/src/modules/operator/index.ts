// Operator actions: the one record of who did what (operator_actions), the site switches' routes, balance adjustments.
// Does not own: the actions' own rules and state (each module performs its action and records it here, in the action's
// own transaction), nor balances (the wallet). Called by: app.ts wiring; modules that perform operator actions (audit).
export {
  createOperatorActionsService,
  type OperatorAction,
  type OperatorActionsService,
  type OperatorAudit,
} from './operator-actions.service';
export { createBalanceAdjustments, type BalanceAdjustments } from './balance-adjustments';
export { operatorRoutes } from './operator.routes';
export { createOperatorModule } from './operator.module';
