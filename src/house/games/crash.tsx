import { useEffect, useRef, useState } from 'react';
import type { CrashMyBet, CrashState } from '@contracts/games';
import * as houseEndpoints from '@contracts/house.endpoints';
import { crashMultiplierAt } from '@contracts/house-protocol';
import { BetAmount, useStake } from '../bet-amount';
import { postToParent, roundFinished, roundStarted } from '../frame';
import { formatMoney, hundredthsToX, useHouse } from '../house-context';
import { t } from '../i18n';
import { errorText } from '../use-bet';

/** The live channel as a guest: crash rounds are broadcast to everyone online. */
function useCrashFeed(onState: (s: CrashState) => void) {
  const handler = useRef(onState);
  handler.current = onState;
  useEffect(() => {
    let socket: WebSocket | null = null;
    let closed = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const connect = () => {
      socket = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/users/ws`);
      socket.onopen = () => socket?.send(JSON.stringify({ token: 'guest' }));
      socket.onmessage = (e) => {
        try {
          const msg = JSON.parse(String(e.data)) as { type?: string; data?: CrashState };
          if (msg.type === 'crash' && msg.data) handler.current(msg.data);
        } catch {
          // not ours
        }
      };
      socket.onclose = () => {
        if (!closed) retry = setTimeout(connect, 1500);
      };
    };
    connect();
    return () => {
      closed = true;
      clearTimeout(retry);
      socket?.close();
    };
  }, []);
}

// Crash: one shared round for everyone; the multiplier rises until the pre-committed crash point.
export default function CrashGame() {
  const { session, api, setBalance, setError } = useHouse();
  const [amount, setAmount] = useStake('crash');
  const [auto, setAuto] = useState<string>('');
  const [state, setState] = useState<CrashState | null>(null);
  const [skew, setSkew] = useState(0);
  const [now, setNow] = useState(Date.now());
  const [bet, setBet] = useState<CrashMyBet | null>(null);
  const [busy, setBusy] = useState(false);
  /** A bet asked for while a round flies: placed as soon as the next round takes bets. */
  const [queued, setQueued] = useState(false);
  const accept = (s: CrashState) => {
    setSkew(Date.parse(s.now) - Date.now());
    setState(s);
  };
  useCrashFeed((s) => {
    accept(s);
    if (s.phase === 'crashed') {
      setBet((b) => {
        if (b && b.round_id === s.round_id && b.status === 'active') {
          const won = b.auto_cashout !== null && b.auto_cashout <= (s.crash_point ?? 0);
          roundFinished('crash', won);
          return { ...b, status: won ? 'cashed_out' : 'lost', cashout_at: won ? b.auto_cashout : null };
        }
        return b;
      });
      // the server settled the bets: read the balance again
      void api.call(houseEndpoints.session).then(
        (s2) => {
          setBalance(s2.balance);
          postToParent({ type: 'balance', balance: s2.balance, currency: session.currency });
        },
        () => undefined,
      );
    }
  });
  useEffect(() => {
    void api.call(houseEndpoints.crashState).then(accept, (err: unknown) => setError(errorText(err)));
    const timer = setInterval(() => setNow(Date.now()), 50);
    return () => clearInterval(timer);
  }, [api, setError]);
  const serverNow = now + skew;
  const startsAt = state ? Date.parse(state.starts_at) : 0;
  const multiplier = !state
    ? 100
    : state.phase === 'crashed'
      ? (state.crash_point ?? 100)
      : state.phase === 'running'
        ? crashMultiplierAt(serverNow - startsAt)
        : 100;
  const myActive = bet && state && bet.round_id === state.round_id && bet.status === 'active';
  // your bet is said for its own round only (until the next one opens), not as "Lost" for rounds after (issue 28)
  const shownBet = bet && state && bet.round_id === state.round_id ? bet : null;
  // the round's count comes with the round's state; a bet of yours placed since is in it already (issue 28)
  const players = Math.max(state?.players ?? 0, myActive ? 1 : 0);
  const bettingOpen = state?.phase === 'betting' && startsAt > serverNow;
  const place = async () => {
    setQueued(false);
    setBusy(true);
    setError(null);
    try {
      const autoValue = auto ? Math.round(Number(auto) * 100) : null;
      const placed = await api.call(houseEndpoints.crashBet, { body: { amount, auto_cashout: autoValue } });
      setBet(placed);
      setBalance(placed.balance);
      roundStarted('crash');
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  // the queued bet goes in when the next round opens for bets
  const placeRef = useRef(place);
  placeRef.current = place;
  useEffect(() => {
    if (queued && bettingOpen && !busy && !myActive) void placeRef.current();
  }, [queued, bettingOpen, busy, myActive]);
  const cashout = async () => {
    setBusy(true);
    try {
      const done = await api.call(houseEndpoints.crashCashout);
      setBet(done);
      setBalance(done.balance);
      postToParent({ type: 'balance', balance: done.balance, currency: session.currency });
      roundFinished('crash', true);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  const phaseText = !state
    ? t('loading')
    : state.phase === 'betting'
      ? `${t('betting')} · ${t('startsIn')} ${Math.max(0, Math.ceil((startsAt - serverNow) / 1000))} s`
      : state.phase === 'running'
        ? t('running')
        : `${t('crashed')} ${hundredthsToX(state.crash_point ?? 100)}`;
  return (
    <section className="card staged">
      <div className="crash-view" data-testid="crash-view">
        <div
          className={`big ${state?.phase === 'crashed' ? 'lose' : state?.phase === 'running' ? 'win' : ''}`}
          data-testid="crash-multiplier"
        >
          {hundredthsToX(multiplier)}
        </div>
      </div>
      <p className="center muted" style={{ padding: 0 }} data-testid="crash-phase">
        {phaseText} · {t('players')}: {players}
      </p>
      <div className="history">
        {state?.history.map((h) => (
          <span key={h.round_id} className={h.crash_point >= 200 ? 'hi' : ''}>
            {hundredthsToX(h.crash_point)}
          </span>
        ))}
      </div>
      {shownBet && (
        <p
          className={shownBet.status === 'lost' ? 'lose' : shownBet.status === 'cashed_out' ? 'win' : ''}
          data-testid="crash-my-bet"
        >
          {t('yourBet')}: {formatMoney(shownBet.amount, session.digits)} ·{' '}
          {shownBet.status === 'cashed_out'
            ? `${t('cashedOut')} ${hundredthsToX(shownBet.cashout_at ?? 0)}`
            : shownBet.status === 'lost'
              ? t('lost')
              : shownBet.auto_cashout
                ? `${t('autoCashout')} ${hundredthsToX(shownBet.auto_cashout)}`
                : ''}
        </p>
      )}
      {myActive && state?.phase === 'running' ? (
        // the live multiplier and what cashing out now pays: the label Telegram's bottom bar shows too (issue 26)
        <button
          type="button"
          className="primary"
          data-testid="cashout-button"
          data-multiplier={multiplier / 100}
          disabled={busy}
          onClick={cashout}
        >
          {t('cashout')} {hundredthsToX(multiplier)} · {formatMoney((bet.amount * multiplier) / 100, session.digits)}
        </button>
      ) : (
        <>
          <BetAmount value={amount} onChange={setAmount} disabled={busy} />
          <div className="field">
            <label htmlFor="crash-auto">{t('autoCashout')}</label>
            <input
              id="crash-auto"
              data-testid="auto-cashout"
              type="number"
              inputMode="decimal"
              min={1.01}
              step={0.01}
              placeholder="2.00"
              value={auto}
              onChange={(e) => setAuto(e.target.value)}
            />
          </div>
          {queued ? (
            <button type="button" className="primary" data-testid="bet-button" onClick={() => setQueued(false)}>
              {t('cancelQueued')}
            </button>
          ) : (
            <button
              type="button"
              className="primary"
              data-testid="bet-button"
              disabled={busy || !state || !!myActive}
              onClick={() => (bettingOpen ? place() : setQueued(true))}
            >
              {bettingOpen ? t('placeBet') : t('betNextRound')}
            </button>
          )}
          {queued && (
            <p className="muted center" style={{ padding: 0 }} data-testid="crash-queued">
              {t('queued')}
            </p>
          )}
        </>
      )}
      <p className="muted mono">
        {state ? `#${state.game_number} · ${state.terminating_hash.slice(0, 16)}… · ${t('chainNote')}` : ''}
      </p>
    </section>
  );
}
