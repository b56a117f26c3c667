// How money splits between real and bonus, in TypeScript: the one copy the general paths use. Its SQL twin is
// betAndWinCtes (wallet.repository.ts), which the one-statement paths use; wallet.service.test.ts holds them equal.

export interface Split {
  real: bigint;
  bonus: bigint;
}

/** A stake takes real money first, then bonus money. */
export function splitStake(balance: Pick<Split, 'real'>, stake: bigint): Split {
  const real = balance.real >= stake ? stake : balance.real;
  return { real, bonus: stake - real };
}

/**
 * A payout on a stake partly paid with bonus money goes to bonus in the same proportion (rounded down, the rest real),
 * so wins on bonus money stay bonus while wagering runs.
 */
export function splitWin(stake: bigint, payout: bigint, stakeSplit: Pick<Split, 'bonus'>): Split {
  if (stake <= 0n || stakeSplit.bonus <= 0n) return { real: payout, bonus: 0n };
  const bonus = (payout * stakeSplit.bonus) / stake;
  return { real: payout - bonus, bonus };
}
