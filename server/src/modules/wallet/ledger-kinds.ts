// The kinds of ledger entries: one closed list, backed by a CHECK on wallet_ledger_entries.kind (migration
// 2026112660_promotion_money). Each kind says which balance it moves, in which direction, and what its reference
// names, so a feed consumer names kinds the compiler checks (`kinds: ['deposits']` does not compile) and the database
// refuses an entry of a kind nobody declared.
export const LEDGER_KINDS = {
  deposit: { balance: 'real', direction: 'credit', reference: 'cashbox payment' },
  bet: { balance: 'real+bonus', direction: 'debit', reference: 'game_tx | game_round' },
  win: { balance: 'real+bonus', direction: 'credit', reference: 'game_tx | game_round' },
  refund: { balance: 'real+bonus', direction: 'credit', reference: 'game_tx (the bet rolled back)' },
  withdrawal_reserve: { balance: 'real→pending', direction: 'move', reference: 'cashbox payment' },
  withdrawal_release: { balance: 'pending→real', direction: 'move', reference: 'cashbox payment' },
  withdrawal_settle: { balance: 'pending', direction: 'debit', reference: 'cashbox payment' },
  adjustment: { balance: 'real', direction: 'credit | debit', reference: 'operator action' },
  wheel_prize: { balance: 'real', direction: 'credit', reference: 'wheel spin' },
  bonus_grant: { balance: 'bonus', direction: 'credit', reference: 'bonus_grant' },
  bonus_conversion: { balance: 'bonus→real', direction: 'move', reference: 'bonus_grant' },
  bonus_forfeit: { balance: 'bonus', direction: 'debit', reference: 'bonus_grant' },
} as const;

export type LedgerKind = keyof typeof LEDGER_KINDS;
export const ledgerKinds = Object.keys(LEDGER_KINDS) as LedgerKind[];
