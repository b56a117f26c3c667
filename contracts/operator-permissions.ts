// What an operator route lets its caller do, one name per route (issue 23). Today every operator holds the one shared
// token (OPS_TOKEN) and the names are not enforced; the back office's staff accounts will grant them per person, so
// each operator route declares its name now (`config: { permission }`), and a route without a known one stops
// start-up (server/src/modules/module.ts). Zod-free, like contracts/codes.ts.
export const operatorPermissions = [
  /** maintenance on/off */
  'site.manage',
  /** the operator-actions record */
  'audit.view',
  /** a player's records: limit changes, bonuses */
  'players.view',
  /** block and unblock a player */
  'players.block',
  /** correct a player's real balance */
  'balances.adjust',
  /** withdrawals waiting for a decision, TON deposits held for review */
  'payments.view',
  /** decide a withdrawal or a held deposit */
  'payments.decide',
  /** the content pages (terms, privacy, responsible gambling, licence) */
  'content.manage',
  /** bonus templates, promo codes, the wheel's configuration */
  'promotions.view',
  /** change them, grant or cancel a player's bonus, grant wheel spins */
  'promotions.manage',
  /** the ledger feed's consumers: lag, backlog, quarantined entries */
  'ledger.view',
  /** handle a quarantined ledger entry again */
  'ledger.retry',
  /** a player's notifications and their delivery, the delivery queue's health, the retention */
  'notifications.view',
  /** send a message to a player or a segment; set the retention */
  'notifications.send',
] as const;
export type OperatorPermission = (typeof operatorPermissions)[number];

export function isOperatorPermission(value: unknown): value is OperatorPermission {
  return (operatorPermissions as readonly unknown[]).includes(value);
}
