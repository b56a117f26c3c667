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
}

const noTicket: BetTicket = { release: async () => undefined };
export const allowAllBets: BetPolicy = {
  admitBet: async () => noTicket,
  recordWin: async () => undefined,
  recordRefund: async () => undefined,
};
