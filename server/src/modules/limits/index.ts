// Responsible gambling: deposit, loss and wagering limits (periods, usage, cooling-off for raises), the session time
// limit and reality check, self-exclusion, and the audit of every change.
// Owns: rg_* tables; the DepositPolicy (cashbox) and BetPolicy (game gateway) it hands to those modules.
// Does not own: balances (wallet), blocks and sign-out (accounts, through the injected `exclude`).
// what it declares to the kit, collected when this door loads (docs/architecture.md, "Adding a money module")
import './limits.notifications';
export { createLimitsService, COOLING_OFF_MS, type LimitsService } from './limits.service';
export { limitsRoutes, limitsOperatorRoutes } from './limits.routes';
export { periodAround, periodFromDates, localMidnight } from './periods';
export { createLimitsModule, type LimitsModuleDeps } from './limits.module';
