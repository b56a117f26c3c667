// The kinds of ledger entries (docs/decisions/022-after-commit-outbox-and-module-kinds.md §kinds): one closed set, backed by a CHECK
// on wallet_ledger_entries.kind. The wallet's own kinds are listed here; a module that moves money for its own reason
// (the wheel's prize, the bonus engine's grant, a cashback payout) declares its kinds in its own folder, with
// `declareLedgerKinds` and a `CasinoLedgerKinds` entry of the same name (so the compiler knows them everywhere, and a
// feed consumer's `kinds: ['cashbak']` does not compile), and moves money with the wallet's general `post`, never by
// editing the wallet. Its migration allows the kinds in the CHECK with `allowLedgerKinds` (server/src/db); start-up
// refuses a declared kind the database would refuse (`assertLedgerKindsAllowed`).

/** What a kind of entry does to the balances. Module kinds are one of the simple shapes `post` can apply. */
export interface LedgerKindSpec {
  /** The balance it moves: real money, bonus money, bonus becoming real, or (the wallet's own) several. */
  balance: 'real' | 'bonus' | 'bonus→real' | 'real+bonus' | 'real→pending' | 'pending→real' | 'pending';
  direction: 'credit' | 'debit' | 'move' | 'credit | debit';
  /** What the entry's reference names (reference_type / reference_id). */
  reference: string;
}
/** The shapes a module's kind may take: `post` applies them. */
export type ModuleLedgerKindSpec =
  | { balance: 'real' | 'bonus'; direction: 'credit' | 'debit'; reference: string }
  | { balance: 'bonus→real'; direction: 'move'; reference: string };

/** The wallet's own kinds: their operations are the wallet's (deposits, bets, wins, refunds, withdrawals). */
export const WALLET_LEDGER_KINDS = {
  deposit: { balance: 'real', direction: 'credit', reference: 'cashbox payment' },
  bet: { balance: 'real+bonus', direction: 'debit', reference: 'game_tx | game_round' },
  win: { balance: 'real+bonus', direction: 'credit', reference: 'game_tx | game_round' },
  refund: { balance: 'real+bonus', direction: 'credit', reference: 'game_tx (the bet rolled back)' },
  withdrawal_reserve: { balance: 'real→pending', direction: 'move', reference: 'cashbox payment' },
  withdrawal_release: { balance: 'pending→real', direction: 'move', reference: 'cashbox payment' },
  withdrawal_settle: { balance: 'pending', direction: 'debit', reference: 'cashbox payment' },
  adjustment: { balance: 'real', direction: 'credit | debit', reference: 'operator action' },
} as const satisfies Record<string, LedgerKindSpec>;

declare global {
  /**
   * The kinds other modules declare, by declaration merging in their own folder (`declare global { interface
   * CasinoLedgerKinds { cashback_payout: true } }` beside `declareLedgerKinds({ cashback_payout: {...} })`).
   */
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
  interface CasinoLedgerKinds {}
}

export type WalletLedgerKind = keyof typeof WALLET_LEDGER_KINDS;
export type ModuleLedgerKind = Extract<keyof CasinoLedgerKinds, string>;
export type LedgerKind = WalletLedgerKind | ModuleLedgerKind;

const moduleKinds = new Map<string, ModuleLedgerKindSpec>();

/**
 * Declares a module's kinds (once, when its file is loaded). A kind already declared with another shape, or one of
 * the wallet's own, is refused: two modules never share a kind.
 */
export function declareLedgerKinds<K extends ModuleLedgerKind>(
  kinds: Record<K, ModuleLedgerKindSpec>,
): Record<K, ModuleLedgerKindSpec> {
  for (const [kind, spec] of Object.entries(kinds) as Array<[string, ModuleLedgerKindSpec]>) {
    const before = moduleKinds.get(kind);
    if (kind in WALLET_LEDGER_KINDS || (before && JSON.stringify(before) !== JSON.stringify(spec)))
      throw new Error(`ledger kind ${kind} is declared twice`);
    moduleKinds.set(kind, spec);
  }
  return kinds;
}

/** A module kind's shape; a kind nobody declared is refused (a programming error, never a player's). */
export function moduleKindSpec(kind: string): ModuleLedgerKindSpec {
  const spec = moduleKinds.get(kind);
  if (!spec) throw new Error(`ledger kind ${kind} was never declared`);
  return spec;
}

/** Every kind known to this process: the wallet's and the declared ones. */
export function ledgerKinds(): LedgerKind[] {
  return [...(Object.keys(WALLET_LEDGER_KINDS) as WalletLedgerKind[]), ...(moduleKinds.keys() as Iterable<never>)];
}
