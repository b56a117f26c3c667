import { declareLedgerKinds } from '../wallet';

// The bonus engine's own kinds of money move (ledger-kinds.ts in the wallet: a module declares its kinds, the wallet
// applies them). Allowed by the ledger's CHECK since migration 2026112695_promotion_money.
declare global {
  interface CasinoLedgerKinds {
    bonus_grant: true;
    bonus_conversion: true;
    bonus_forfeit: true;
  }
}

export const bonusLedgerKinds = declareLedgerKinds({
  /** Bonus money credited by a grant (a no-deposit amount, a deposit bonus, a free round's win). */
  bonus_grant: { balance: 'bonus', direction: 'credit', reference: 'bonus_grant' },
  /** Wagering complete: bonus money becomes real, up to the max conversion. */
  bonus_conversion: { balance: 'bonus→real', direction: 'move', reference: 'bonus_grant' },
  /** Bonus money taken back (deleted, expired, cancelled, forfeited by a withdrawal, an orphan refund). */
  bonus_forfeit: { balance: 'bonus', direction: 'debit', reference: 'bonus_grant | ledger_entry' },
});
