import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { TonConnectUIProvider } from '@tonconnect/ui-react';
import type { PaymentMethod } from '@contracts/cashbox';
import { playerState } from '../../shared/player/player.store';
import { clearPendingDeposit, loadPendingDeposit, savePendingDeposit, type SentDeposit } from './deposit-status';
import { TonDepositForm } from './ton-deposit-form';
import { TonDepositWaiting } from './ton-deposit-waiting';

// The TON Connect part of the cashbox, in its own chunk (loaded when the player picks TON): @tonconnect/* is large
// (≈120 kB gzip) and must stay out of the first load. Connect → sign the transfer → wait for the chain → credited.
export function TonDeposit({ method, clientType }: { method: PaymentMethod; clientType: 'web' | 'telegram' }) {
  const { player } = useSnapshot(playerState);
  // a deposit sent before the wallet took the player away (or before a reload) is still being waited for
  const [sent, setSent] = useState<SentDeposit | null>(() => loadPendingDeposit(player?.id));
  const send = (deposit: SentDeposit) => {
    savePendingDeposit(deposit);
    setSent(deposit);
  };
  const done = () => {
    clearPendingDeposit();
    setSent(null);
  };
  return (
    <TonConnectUIProvider
      manifestUrl={`${window.location.origin}/tonconnect-manifest.json`}
      // the app keeps its own history and Telegram back button; TON Connect's Android handler would edit history
      enableAndroidBackHandler={false}
      analytics={{ mode: 'off' }}
    >
      {sent ? (
        <TonDepositWaiting deposit={sent} onDone={done} />
      ) : (
        <TonDepositForm method={method} clientType={clientType} onSent={send} />
      )}
    </TonConnectUIProvider>
  );
}
