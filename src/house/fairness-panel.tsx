import { useState } from 'react';
import type { SeedRotation } from '@contracts/games';
import * as houseEndpoints from '@contracts/house.endpoints';
import { useHouse } from './house-context';
import { errorText } from './use-bet';
import { t } from './i18n';

/** Seed hash before play, editable client seed, next nonce, rotation (reveals the seed) and a link to verify. */
export function FairnessPanel() {
  const { api, fairness, setFairness, session, appOrigin } = useHouse();
  const [clientSeed, setClientSeed] = useState(fairness.client_seed);
  const [revealed, setRevealed] = useState<SeedRotation['revealed'] | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const save = async () => {
    try {
      setFairness(await api.call(houseEndpoints.clientSeed, { body: { client_seed: clientSeed } }));
      setMessage(null);
    } catch (err) {
      setMessage(errorText(err));
    }
  };
  const rotate = async () => {
    try {
      const rotation = await api.call(houseEndpoints.rotateSeed);
      setRevealed(rotation.revealed);
      setFairness(rotation.fairness);
      setClientSeed(rotation.fairness.client_seed);
      setMessage(null);
    } catch (err) {
      setMessage(errorText(err));
    }
  };
  const verifyUrl = revealed
    ? `${appOrigin}/fairness?${new URLSearchParams({ game: session.game, server_seed: revealed.server_seed, client_seed: revealed.client_seed, nonce: String(Math.max(0, revealed.nonce - 1)) })}`
    : `${appOrigin}/fairness?game=${session.game}`;
  return (
    <details className="panel" data-testid="fairness-panel">
      <summary>{t('fairness')}</summary>
      <dl>
        <dt>{t('serverSeedHash')}</dt>
        <dd className="mono" data-testid="server-seed-hash">
          {fairness.server_seed_hash}
        </dd>
        <dt>{t('nonce')}</dt>
        <dd data-testid="nonce">{fairness.nonce}</dd>
      </dl>
      <div className="field">
        <label htmlFor="client-seed">{t('clientSeed')}</label>
        <div className="amount-row">
          <input
            id="client-seed"
            data-testid="client-seed"
            value={clientSeed}
            maxLength={64}
            onChange={(e) => setClientSeed(e.target.value.trim())}
          />
          <button type="button" onClick={save} disabled={!clientSeed || clientSeed === fairness.client_seed}>
            {t('save')}
          </button>
        </div>
      </div>
      <button type="button" onClick={rotate} data-testid="rotate-seed">
        {t('rotate')}
      </button>
      {revealed && (
        <dl data-testid="revealed-seed">
          <dt>{t('revealed')}</dt>
          <dd className="mono">{revealed.server_seed}</dd>
        </dl>
      )}
      {message && <p className="error">{message}</p>}
      <p>
        <a href={verifyUrl} target="_top">
          {t('verify')}
        </a>
      </p>
    </details>
  );
}
