// Owns: balances (real, bonus, reserved for withdrawal) and their append-only ledger; the only writer of balances.
// Does not own: why money moves (cashbox, games, bonuses decide) or limits (their policy hooks run before).
// Called by: cashbox, games, bonuses, cashback, tournaments — through createWalletService's methods.
export { betAndWinCtes, betAndWinValues, createWalletRepository } from './wallet.repository';
export { createWalletService, type WalletService, type WalletOp, type WalletResult } from './wallet.service';
