// Owns: balances (real, bonus, reserved for withdrawal) and their append-only ledger; the only writer of balances.
// Does not own: why money moves (cashbox, games, bonuses decide) or limits (their policy hooks run before).
// Called by: cashbox, games, bonuses, cashback, tournaments — through createWalletService's methods.
// The only SQL the wallet lends (server/src/modules/doors.test.ts holds the list): the parts of the one-statement house
// bet (ADR 011) the gateway embeds, so a bet stays one round trip, and `ledgerHasEntry`, the read-only condition the
// games' and the cashbox's recovery sweeps embed (their half-done rows are found only by it, in one indexed query).
// Not replaced by operations on purpose: either would cost the bet path a round trip or a sweep a scan of every row.
export { betAndWinCtes, betAndWinValues, ledgerHasEntry } from './wallet.repository';
export { createWallet } from './wallet.module';
export {
  createWalletService,
  type WalletService,
  type WalletOp,
  type WalletResult,
  type WalletTx,
} from './wallet.service';
export { splitStake, splitWin, type Split } from './money-split';
export { ledgerFeedOperatorRoutes } from './ledger-feed.operator-routes';
export { createLedgerFeed, type FeedConsumer, type FeedEntry, type FeedHandler, type LedgerFeed } from './ledger-feed';
export {
  WALLET_LEDGER_KINDS,
  declareLedgerKinds,
  ledgerKinds,
  type LedgerKind,
  type ModuleLedgerKind,
  type ModuleLedgerKindSpec,
} from './ledger-kinds';
export { allowLedgerKinds, assertLedgerKindsAllowed } from './ledger-kinds.repository';
