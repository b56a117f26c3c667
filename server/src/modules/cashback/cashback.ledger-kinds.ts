import { declareLedgerKinds } from '../wallet';

// Cashback's own kind of money move (ADR 022): real money credited at a period's payout, referencing the payout row.
// Allowed by the ledger's CHECK since migration 2026112730_cashback.
declare global {
  interface CasinoLedgerKinds {
    cashback_payout: true;
  }
}

export const cashbackLedgerKinds = declareLedgerKinds({
  /** A period's cashback on real net loss (issue 25). */
  cashback_payout: { balance: 'real', direction: 'credit', reference: 'cashback_payout' },
});
