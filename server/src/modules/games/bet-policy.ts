import type { RawBuilder } from 'kysely';

// The responsible-gambling hook of every real-money debit (issue 6 fills it in; the gateway calls it).
// Does not own: limits, their periods or their storage (the limits module), nor balances (the wallet).

export interface BetAdmission {
  playerId: string;
  currency: string;
  /** The stake in minor units. */
  amountMinor: bigint;
}

export interface BetTicket {
  /** The debit did not happen (insufficient funds, a refused or failed call): undo what admit counted. */
  release(): Promise<void>;
}

export interface BetPolicy {
  /**
   * Before a real-money debit. Refuses by throwing an AppError (HTTP 403, code `LIMITS_LOSS_REACHED`,
   * `LIMITS_WAGERING_REACHED`, `LIMITS_SESSION_TIME_OVER` or `LIMITS_SELF_EXCLUDED`) after sending the player the
   * `limit_reached` live message; otherwise counts the stake against the loss and wagering limits atomically
   * (a guarded update, so simultaneous bets cannot overshoot) and returns a ticket.
   */
  admitBet(bet: BetAdmission): Promise<BetTicket>;
  /** A win was credited: it lowers the loss usage of the current period. */
  recordWin(win: BetAdmission): Promise<void>;
  /** A bet was rolled back: it no longer counts for loss or wagering. */
  recordRefund(refund: BetAdmission): Promise<void>;
  /**
   * Optional: the same admission for a bet settled at once (stake and payout known), as SQL the gateway's one-statement
   * bet embeds, so checking, counting and the money are one atomic statement and one round trip (docs/benchmarks.md).
   * Without it the gateway calls admitBet and recordWin around the money.
   */
  admitInStatement?(bet: BetAdmission & { payoutMinor: bigint }): BetPolicyStatement;
}

/**
 * The parts of the policy inside the gateway's statement. Their CTE names start with `rg_`; the statement places
 * `before` ahead of the money, gates the money on `allows`, places `after(moved)` behind it, and selects `outcome`.
 * The parts are a statement template (db/statement-template.ts): the same object on every call, with slots where the
 * values go; the gateway builds the statement's text from them once and binds `values` on each bet.
 */
export interface BetPolicyParts {
  /** CTEs that read (and lock) what the check needs. */
  before: RawBuilder<unknown>;
  /** A boolean SQL condition: the stake may go ahead. */
  allows: RawBuilder<unknown>;
  /** CTEs that count the bet; `moved` is a boolean SQL condition, true when the money moved. */
  after(moved: RawBuilder<unknown>): RawBuilder<unknown>;
  /** A SQL expression (json) that `refuse` reads back. */
  outcome: RawBuilder<unknown>;
}
export interface BetPolicyStatement {
  parts: BetPolicyParts;
  /** This bet's value of each slot of `parts`. */
  values: Readonly<Record<string, unknown>>;
  /** Throws the refusal (403, as admitBet does) when `allows` was false; nothing was written then. */
  refuse(outcome: unknown): Promise<void>;
}

const noTicket: BetTicket = { release: async () => undefined };
export const allowAllBets: BetPolicy = {
  admitBet: async () => noTicket,
  recordWin: async () => undefined,
  recordRefund: async () => undefined,
};
