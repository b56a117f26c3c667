import { paymentStatus } from '@contracts/codes';
import type { TonTransfer } from '@contracts/cashbox';
import { getPlatform } from '../../platform';
import { onLiveMessage } from '../../shared/live/live-socket';
import { fetchPayments } from './cashbox.api';

/** A TON deposit the player's wallet has signed and sent; the server has not settled it yet. */
export interface SentDeposit {
  paymentId: number;
  amount: number;
  currency: string;
  transfer: TonTransfer;
  /** Whose deposit it is: a browser shared by two accounts must not show one the other's. */
  playerId?: number | string;
}

export type SettledStatus = 'credited' | 'review' | 'rejected';

/** How often the history is read while waiting, in case the live message was missed (socket down, app asleep). */
export const DEPOSIT_POLL_MS = 20_000;

// what each settled payment status means to the player (contracts/codes.ts is zod-free: no zod in the cashbox chunks)
const settled: Record<number, SettledStatus | undefined> = {
  [paymentStatus.processed]: 'credited',
  [paymentStatus.processedWithFee]: 'credited',
  [paymentStatus.rejected]: 'rejected',
  [paymentStatus.manual]: 'review',
};

/**
 * Waits for a deposit to be settled by the server (a chain transfer seen and credited, held for review, or refused).
 * The live channel's payment_status notification answers at once; the payment history is read now and then as a
 * fallback. Calls `onSettled` once; returns the function that stops waiting.
 */
export function watchDepositStatus(
  paymentId: number,
  onSettled: (status: SettledStatus) => void,
  pollMs = DEPOSIT_POLL_MS,
): () => void {
  let done = false;
  const finish = (status: number) => {
    const outcome = settled[status];
    if (done || !outcome) return;
    stop();
    onSettled(outcome);
  };
  const off = onLiveMessage('payment_status', (data) => {
    if (data.payment_id === paymentId) finish(data.status);
  });
  const timer = setInterval(() => {
    fetchPayments({ page: 1, size: 20, type: 'deposit' }).then(
      (page) => {
        const mine = page.items.find((p) => p.id === paymentId);
        if (mine) finish(mine.status);
      },
      // the live message may still come; the next poll tries again
      (err: unknown) => console.warn('deposit status poll failed', err),
    );
  }, pollMs);
  function stop() {
    done = true;
    off();
    clearInterval(timer);
  }
  return stop;
}

// The wallet may take the player out of the page (another app, a reloaded Mini App): the deposit being waited for is
// kept in the platform's storage so the cashbox shows it again on return, until it is settled.
const PENDING_KEY = 'cashbox.ton_pending';
/** How long after the transfer's validUntil a kept deposit is still shown (the chain confirms within minutes). */
const PENDING_GRACE_SECONDS = 3600;

export function savePendingDeposit(deposit: SentDeposit): void {
  getPlatform().storage.set(PENDING_KEY, JSON.stringify(deposit));
}

export function clearPendingDeposit(): void {
  getPlatform().storage.remove(PENDING_KEY);
}

/** The kept deposit of this player, unless it is stale or unreadable. */
export function loadPendingDeposit(playerId: number | string | undefined, now = Date.now()): SentDeposit | null {
  const raw = getPlatform().storage.get(PENDING_KEY);
  if (!raw) return null;
  try {
    const deposit = JSON.parse(raw) as SentDeposit;
    if (typeof deposit.paymentId !== 'number' || typeof deposit.transfer?.valid_until !== 'number')
      throw new Error('malformed');
    if (deposit.playerId !== undefined && playerId !== undefined && String(deposit.playerId) !== String(playerId))
      return null;
    if (deposit.transfer.valid_until + PENDING_GRACE_SECONDS < now / 1000) throw new Error('stale');
    return deposit;
  } catch {
    // unreadable or too old to be waited for here: the payment history still has it
    clearPendingDeposit();
    return null;
  }
}

/** Nanotons (a decimal string) as TON with up to 9 decimals and no trailing zeros, without floating point. */
export function formatNano(nano: string): string {
  const digits = nano.replace(/^0+(?=\d)/, '').padStart(10, '0');
  const whole = digits.slice(0, -9).replace(/^0+(?=\d)/, '');
  const fraction = digits.slice(-9).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}
