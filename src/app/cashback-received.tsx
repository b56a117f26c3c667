import { lazy, Suspense } from 'react';
import { proxy, useSnapshot } from 'valtio';
import type { ReceivedCashback } from '@contracts/cashback';

// The "cashback received" modal (issue 25) over any page on a live `cashback` message; the cashback feature's chunk
// loads only then, never on the first load.
const CashbackReceivedModal = lazy(() =>
  import('../features/cashback').then((m) => ({ default: m.CashbackReceivedModal })),
);

const received = proxy<{ cashback: ReceivedCashback | null }>({ cashback: null });

/** A live `cashback`: shown at once (a newer payout replaces one not yet closed). */
export function noteCashbackReceived(data: ReceivedCashback): void {
  if (typeof data?.cashback_amount !== 'number') return;
  received.cashback = data;
}

export function CashbackReceivedOverlay() {
  const { cashback } = useSnapshot(received);
  if (!cashback) return null;
  return (
    <Suspense fallback={null}>
      <CashbackReceivedModal
        data={cashback}
        onClose={() => {
          received.cashback = null;
        }}
      />
    </Suspense>
  );
}
