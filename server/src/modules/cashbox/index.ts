// Owns: payments (deposits, withdrawals) and their statuses, processor adapters and webhooks, TON deposits and the watcher.
// Does not own: balances (it moves money only through the wallet) or deposit limits (the injected DepositPolicy).
// Called by: its routes (players, processors, operators) and app.ts wiring; nothing else moves payments.
// what it declares to the kit, collected when this door loads (docs/architecture.md, "Adding a money module")
import './cashbox.notifications';
export {
  allowAllDeposits,
  createCashboxService,
  type CashboxService,
  type CashoutPolicy,
  type CashoutRequest,
  type DepositPolicy,
} from './cashbox.service';
export {
  cashboxOperatorRoutes,
  cashboxRoutes,
  cashboxWebhookRoutes,
  sandboxCheckoutRoutes,
  tonManifestRoutes,
} from './cashbox.routes';
export { buildTonManifest, manifestOrigin, type TonManifest } from './ton-manifest';
export { createSandboxProcessor, type PaymentProcessor, type ProcessorEvent } from './processors';
export { createTonWatcher, type TonWatcher } from './ton-watcher';
export { createCashboxModule, type CashboxModuleDeps } from './cashbox.module';
