import { onLiveMessage } from '../../shared/live/live-socket';
import { fetchPayments } from './cashbox.api';

export type SettledStatus = 'credited' | 'review' | 'rejected';

/** How often the history is read while waiting, in case the live message was missed (socket down, app asleep). */
export const DEPOSIT_POLL_MS = 20_000;

// Payment status codes (contracts/cashbox.ts `paymentStatus`, spec 0–4), written out: importing that module's values
// would pull zod into the cashbox chunks.
const settled: Record<number, SettledStatus | undefined> = { 1: 'credited', 2: 'credited', 3: 'rejected', 4: 'review' };

/**
 * Waits for a deposit to be settled by the server (a chain transfer seen and credited, held for review, or refused).
 * The live channel's payment_status notification answers at once; the payment history is read now and then as a
 * fallback. Calls `onSettled` once; returns the function that stops waiting.
 */
export function watchDepositStatus(paymentId: number, onSettled: (status: SettledStatus) => void, pollMs = DEPOSIT_POLL_MS): () => void {
  let done = false;
  const finish = (status: number) => {
    const outcome = settled[status];
    if (done || !outcome) return;
    stop();
    onSettled(outcome);
  };
  const off = onLiveMessage('notification', (data) => {
    if (data.kind === 'payment_status' && data.payment_id === paymentId && typeof data.status === 'number') finish(data.status);
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

/** Nanotons (a decimal string) as TON with up to 9 decimals and no trailing zeros, without floating point. */
export function formatNano(nano: string): string {
  const digits = nano.replace(/^0+(?=\d)/, '').padStart(10, '0');
  const whole = digits.slice(0, -9).replace(/^0+(?=\d)/, '');
  const fraction = digits.slice(-9).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}
