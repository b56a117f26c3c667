import { declareLedgerKinds } from '../wallet';

// The tournaments' own kind of money move (ledger-kinds.ts in the wallet); allowed by migration 2026112740_tournaments.
declare global {
  interface CasinoLedgerKinds {
    tournament_prize: true;
  }
}

export const tournamentLedgerKinds = declareLedgerKinds({
  /** A tournament prize paid in real money, once per (tournament, place) by its key `tournament:<id>:place:<n>`. */
  tournament_prize: { balance: 'real', direction: 'credit', reference: 'tournament_place' },
});
