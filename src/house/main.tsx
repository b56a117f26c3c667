import { lazy, StrictMode, Suspense, useEffect, useMemo, useState, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import type { HouseFairness, HouseGame, HouseSession } from '@contracts/games';
import { createHouseApi } from './api';
import { FairnessPanel } from './fairness-panel';
import { postToParent } from './frame';
import { formatMoney, HouseContext, type HouseContextValue } from './house-context';
import { setLanguage, t } from './i18n';
import { errorText } from './use-bet';
import './house.css';

// The house games' page: what the lobby's iframe opens (/house/?game=…&token=…&lang=…&theme=…&client=…).
const gamePages: Record<HouseGame, ComponentType> = {
  dice: lazy(() => import('./games/dice')),
  limbo: lazy(() => import('./games/limbo')),
  mines: lazy(() => import('./games/mines')),
  plinko: lazy(() => import('./games/plinko')),
  slots: lazy(() => import('./games/slots')),
  roulette: lazy(() => import('./games/roulette')),
  crash: lazy(() => import('./games/crash')),
};

export function HouseApp({ token, base = '' }: { token: string; base?: string }) {
  const api = useMemo(() => createHouseApi(token, base), [token, base]);
  const [session, setSession] = useState<HouseSession | null>(null);
  const [balance, setBalance] = useState(0);
  const [fairness, setFairness] = useState<HouseFairness | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [fatal, setFatal] = useState<string | null>(null);
  useEffect(() => {
    api.get<HouseSession>('/session').then(
      (s) => {
        setLanguage(s.language);
        setSession(s);
        setBalance(s.balance);
        setFairness(s.fairness);
      },
      (err: unknown) => setFatal(errorText(err)),
    );
  }, [api]);
  if (fatal) return <p className="error center" role="alert">{fatal}</p>;
  if (!session || !fairness) return <p className="center muted">{t('loading')}</p>;
  const value: HouseContextValue = { session, api, balance, setBalance, fairness, setFairness, setError, appOrigin: window.location.origin };
  const Game = gamePages[session.game];
  return (
    <HouseContext.Provider value={value}>
      <div className="house">
        <header className="bar">
          <strong>{session.name}</strong>
          {session.demo && <span className="badge" data-testid="demo-badge">{t('demo')}</span>}
          <span className="spacer" />
          <span className="muted">{t('balance')}</span>
          <strong data-testid="balance">
            {formatMoney(balance, session.digits)} {session.currency}
          </strong>
          <button type="button" className="ghost" aria-label={t('close')} onClick={() => postToParent({ type: 'leave' })}>
            ✕
          </button>
        </header>
        {error && (
          <p className="error" role="alert" data-testid="game-error">
            {error}
          </p>
        )}
        <main>
          <Suspense fallback={<p className="center muted">{t('loading')}</p>}>
            <Game />
          </Suspense>
        </main>
        <FairnessPanel />
        <details className="panel">
          <summary>{t('info')}</summary>
          <p>
            {t('rtp')}: <strong data-testid="rtp">{session.rtp} %</strong>
          </p>
          <p className="muted">{session.rtp_note}</p>
        </details>
      </div>
    </HouseContext.Provider>
  );
}

const params = new URLSearchParams(window.location.search);
const root = document.getElementById('root');
if (root && params.get('token')) {
  document.documentElement.dataset.theme = params.get('theme') === 'dark' ? 'dark' : 'light';
  setLanguage(params.get('lang') ?? 'en');
  createRoot(root).render(
    <StrictMode>
      <HouseApp token={params.get('token') ?? ''} />
    </StrictMode>,
  );
}
