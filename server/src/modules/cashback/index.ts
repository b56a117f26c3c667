// Owns: cashback (issue 25): versioned settings, periods, each player's real net loss per period (a ledger-feed
// consumer), and the payout of real money at each period's end (kind `cashback_payout`, the set-based credit).
// Does not own: the ledger (wallet), players' standing (accounts), notifications' delivery (notifications).
// Called by: composition.ts.
// what it declares to the kit, collected when this door loads (docs/architecture.md, "Adding a money module")
import './cashback.seed';
import './cashback.notifications';
export { createCashbackModule, type CashbackModuleDeps } from './cashback.module';
export { type CashbackService } from './cashback.service';
export { seedCashback, demoCashbackSettings } from './cashback.seed';
