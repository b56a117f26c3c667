import { sql, type RawBuilder } from 'kysely';

// The refusal seam of every real-money debit: a list of policies (limits today; the bonus module's max bet next) that
// the gateway composes into one (composeBetPolicies): all must admit, and what they counted is released in reverse
// order when one refuses or the money does not move. docs/decisions/015-bet-and-cashout-policies.md.
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
 * The parts of the policy inside the gateway's statement. Their CTE names start with the parts' `key` (`limits_…`);
 * the statement places `before` ahead of the money, gates the money on `allows`, places `after(moved)` behind it, and
 * selects `outcome`.
 * The parts are a statement template (db/statement-template.ts): the same object on every call, with slots where the
 * values go; the gateway builds the statement's text from them once and binds `values` on each bet.
 */
export interface BetPolicyParts {
  /**
   * The policy's short name (`[a-z][a-z0-9]*`), also the prefix of its CTEs and slots (`limits` → `limits_current`,
   * `limits_stake`); the prepared statement is named from the keys of the parts it was built from
   * (games_bet_win_limits, games_bet_win_limits_maxbet, …).
   */
  key: string;
  /** CTEs that read (and lock) what the check needs. */
  before: RawBuilder<unknown>;
  /** A boolean SQL condition: the stake may go ahead. */
  allows: RawBuilder<unknown>;
  /** CTEs that count the bet, if the policy counts anything; `moved` is a boolean SQL condition, true when the money moved. */
  after?(moved: RawBuilder<unknown>): RawBuilder<unknown>;
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

/**
 * The gateway's one policy made of a list: every policy must admit, in list order. When one refuses (or throws), the
 * tickets already taken are released, last taken first, and its refusal is passed on; a ticket of the composed policy
 * releases its parts in the same reverse order (each is tried even if an earlier release fails). Wins and refunds reach
 * every policy. The composed policy admits in the bet's one statement only when every policy of the list can (all or
 * none, so one statement decides the whole list atomically); its parts are the policies' parts side by side, built once.
 */
export function composeBetPolicies(policies: readonly BetPolicy[]): BetPolicy {
  if (policies.length === 0) return allowAllBets;
  if (policies.length === 1) return policies[0]!; // the same parts object, so the statement's text is unchanged
  const inStatement = policies.every((p) => p.admitInStatement);
  let composed: { from: BetPolicyParts[]; parts: BetPolicyParts } | undefined;
  const partsOf = (from: BetPolicyParts[]) => {
    if (!composed) composed = { from, parts: composeParts(from) };
    else if (from.some((p, i) => p !== composed!.from[i]))
      throw new Error('composeBetPolicies: a policy changed its statement parts (they must be one template)');
    return composed.parts;
  };
  return {
    async admitBet(bet) {
      const tickets: BetTicket[] = [];
      try {
        for (const policy of policies) tickets.push(await policy.admitBet(bet));
      } catch (err) {
        await releaseAll(tickets);
        throw err;
      }
      return { release: () => releaseAll(tickets) };
    },
    async recordWin(win) {
      for (const policy of policies) await policy.recordWin(win);
    },
    async recordRefund(refund) {
      for (const policy of policies) await policy.recordRefund(refund);
    },
    ...(inStatement && {
      admitInStatement(bet) {
        const statements = policies.map((p) => p.admitInStatement!(bet));
        return {
          parts: partsOf(statements.map((s) => s.parts)),
          values: Object.assign({}, ...statements.map((s) => s.values)) as Record<string, unknown>,
          async refuse(outcome) {
            // one outcome per policy, in list order; the first policy whose outcome calls for a refusal throws it
            const outcomes = Array.isArray(outcome) ? outcome : [];
            for (const [i, s] of statements.entries()) await s.refuse(outcomes[i] ?? null);
          },
        };
      },
    }),
  };
}

/** Releases tickets last first; every one is tried, and the first failure is thrown after all were tried. */
async function releaseAll(tickets: readonly BetTicket[]) {
  let failure: { err: unknown } | undefined;
  for (const ticket of [...tickets].reverse()) {
    try {
      await ticket.release();
    } catch (err) {
      failure ??= { err };
    }
  }
  if (failure) throw failure.err;
}

/** Several policies' parts as one: CTEs side by side (list order), allowed when all allow, one outcome per policy. */
function composeParts(parts: readonly BetPolicyParts[]): BetPolicyParts {
  const keys = parts.map((p) => p.key);
  if (new Set(keys).size !== keys.length || keys.some((k) => !/^[a-z][a-z0-9]*$/.test(k)))
    throw new Error(`composeBetPolicies: statement part keys must be distinct [a-z][a-z0-9]*: ${keys.join(', ')}`);
  const counting = parts.filter((p) => p.after);
  return {
    key: keys.join('_'),
    before: sql.join(
      parts.map((p) => p.before),
      sql`, `,
    ),
    allows: sql`(${sql.join(
      parts.map((p) => p.allows),
      sql` and `,
    )})`,
    ...(counting.length > 0 && {
      after: (moved: RawBuilder<unknown>) =>
        sql.join(
          counting.map((p) => p.after!(moved)),
          sql`, `,
        ),
    }),
    outcome: sql`json_build_array(${sql.join(parts.map((p) => p.outcome))})`,
  };
}
