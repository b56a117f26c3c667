import { declareLedgerKinds } from '../wallet';

// The wheel's own kind of money move (ledger-kinds.ts in the wallet: a module declares its kinds, the wallet applies
// them). Allowed by the ledger's CHECK since migration 2026112695_promotion_money.
declare global {
  interface CasinoLedgerKinds {
    wheel_prize: true;
  }
}

export const wheelLedgerKinds = declareLedgerKinds({
  /** A wheel of fortune prize paid in real money (issue 16). */
  wheel_prize: { balance: 'real', direction: 'credit', reference: 'wheel_spin' },
});
