// Owns: balances (real, bonus, reserved for withdrawal) and their append-only ledger; the only writer of balances.
// Does not own: why money moves (cashbox, games, bonuses decide) or limits (their policy hooks run before).
// Called by: cashbox, games, bonuses, cashback, tournaments — through createWalletService's methods.
// the wallet's parts of the one-statement house bet (ADR 011): SQL the games module embeds, written here
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
