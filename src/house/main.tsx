import { lazy, StrictMode, Suspense, useEffect, useMemo, useState, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import type { FreeRoundsState, HouseFairness, HouseGame, HouseSession } from '@contracts/games';
import * as houseEndpoints from '@contracts/house.endpoints';
import { createHouseApi } from './api';
import { FairnessPanel } from './fairness-panel';
import { postToParent } from './frame';
import { useMainActionBridge, watchHostAction } from './main-action-bridge';
import { useAppCommands } from './use-app-commands';
import { HouseContext, type HouseContextValue } from './house-context';
import { formatMoney, formatPercentValue } from '../shared/lib/money-format';
import { gameText, setLanguage, t, tf } from './i18n';
import { applyPalette } from './palette';
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

/** Reports the page's content height to the player app, which sizes the frame to it (no scrolling inside). */
function useReportSize() {
  useEffect(() => {
    if (window.parent === window || typeof ResizeObserver === 'undefined') return;
    let last = 0;
    const report = () => {
      const height = Math.ceil(document.documentElement.scrollHeight);
      if (Math.abs(height - last) < 2) return;
      last = height;
      postToParent({ type: 'size', height });
    };
    const observer = new ResizeObserver(report);
    observer.observe(document.body);
    report();
    return () => observer.disconnect();
  }, []);
}

/**
 * The game page. Embedded (in the player app's game page, `embedded=1`), the app draws the one title, close button
 * and balance around it: this page draws only the game, and reports its balance (the header follows) and size.
 */
export function HouseApp({ token, base = '', embedded = false }: { token: string; base?: string; embedded?: boolean }) {
  useReportSize();
  const api = useMemo(() => createHouseApi(token, base), [token, base]);
  const [session, setSession] = useState<HouseSession | null>(null);
  const [balance, setBalance] = useState(0);
  const [fairness, setFairness] = useState<HouseFairness | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [fatal, setFatal] = useState<string | null>(null);
  const [freeRounds, setFreeRounds] = useState<FreeRoundsState | null>(null);
  const [useFreeRound, setUseFreeRound] = useState(true);
  useMainActionBridge(session?.currency ?? null);
  // back from a minimised app: the balance as it is now (a round may have settled meanwhile)
  useAppCommands(() => {
    api.call(houseEndpoints.session).then(
      (s) => {
        setBalance(s.balance);
        setFreeRounds(s.free_rounds ?? null);
        postToParent({ type: 'balance', balance: s.balance, currency: s.currency });
      },
      () => undefined,
    );
  });
  useEffect(() => {
    api.call(houseEndpoints.session).then(
      (s) => {
        setLanguage(s.language);
        document.documentElement.lang = s.language;
        setSession(s);
        setBalance(s.balance);
        setFairness(s.fairness);
        setFreeRounds(s.free_rounds ?? null);
        postToParent({ type: 'balance', balance: s.balance, currency: s.currency });
      },
      (err: unknown) => setFatal(errorText(err)),
    );
  }, [api]);
  if (fatal)
    return (
      <p className="error center" role="alert">
        {fatal}
      </p>
    );
  if (!session || !fairness) return <p className="center muted">{t('loading')}</p>;
  const value: HouseContextValue = {
    session,
    api,
    balance,
    // the player app's header follows every balance this page shows (a stake taken, a result shown)
    setBalance: (b: number) => {
      setBalance(b);
      postToParent({ type: 'balance', balance: b, currency: session.currency });
    },
    fairness,
    setFairness,
    setError,
    appOrigin: window.location.origin,
    freeRounds,
    setFreeRounds,
    useFreeRound,
  };
  const Game = gamePages[session.game];
  return (
    <HouseContext.Provider value={value}>
      <div className="house">
        {!embedded && (
          <header className="bar">
            <strong>{gameText('name', session.game) ?? session.name}</strong>
            {session.demo && (
              <span className="badge" data-testid="demo-badge">
                {t('demo')}
              </span>
            )}
            <span className="spacer" />
            <span className="muted">{session.demo ? t('demoCredits') : t('balance')}</span>
            <strong data-testid="balance">{formatMoney(balance, session.currency, undefined, session.digits)}</strong>
            <button
              type="button"
              className="ghost"
              aria-label={t('close')}
              onClick={() => postToParent({ type: 'leave' })}
            >
              ✕
            </button>
          </header>
        )}
        {freeRounds && freeRounds.left > 0 && (
          <div className="panel free-rounds" data-testid="free-rounds">
            <label>
              <input
                type="checkbox"
                checked={useFreeRound}
                onChange={(e) => setUseFreeRound(e.target.checked)}
                data-testid="free-round-use"
              />{' '}
              <strong data-testid="free-round-count">
                {tf('freeRound', { n: freeRounds.total - freeRounds.left + 1, total: freeRounds.total })}
              </strong>
            </label>
            <p className="muted">
              {t('freeRoundUse')} ·{' '}
              {tf('freeRoundStake', { bet: formatMoney(freeRounds.bet, session.currency, undefined, session.digits) })}
            </p>
          </div>
        )}
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
            {t('rtp')}:{' '}
            <strong data-testid="rtp">
              {formatPercentValue(session.rtp)}
              {'\u00a0'}%
            </strong>
          </p>
          <p className="muted">{gameText('note', session.game) ?? session.rtp_note}</p>
        </details>
      </div>
    </HouseContext.Provider>
  );
}

const params = new URLSearchParams(window.location.search);
const root = document.getElementById('root');
if (root && params.get('token')) {
  document.documentElement.dataset.theme = params.get('theme') === 'dark' ? 'dark' : 'light';
  applyPalette(window.location.hash); // the player app's colours: one palette inside and around the frame
  setLanguage(params.get('lang') ?? 'en');
  document.documentElement.lang = params.get('lang') ?? 'en';
  const embedded = params.get('embedded') === '1' && window.parent !== window;
  document.documentElement.dataset.embedded = String(embedded);
  watchHostAction(); // Telegram's bottom bar may stand in for the game's own Bet / Cash out
  createRoot(root).render(
    <StrictMode>
      <HouseApp token={params.get('token') ?? ''} embedded={embedded} />
    </StrictMode>,
  );
}
