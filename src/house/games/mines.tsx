import { useEffect, useState } from 'react';
import { MINES_MAX, MINES_MIN, minesMultiplierBp } from '@contracts/fairness';
import type { MinesState } from '@contracts/games';
import * as houseEndpoints from '@contracts/house.endpoints';
import { BetAmount, useStake } from '../bet-amount';
import { postToParent, roundFinished, roundStarted } from '../frame';
import { bpToX, formatMoney, useHouse } from '../house-context';
import { t } from '../i18n';
import { errorText } from '../use-bet';

// Mines: 5×5 tiles hide 1–24 mines; reveal safe tiles to raise the multiplier, cash out any time.
export default function MinesGame() {
  const { session, api, setBalance, setFairness, setError } = useHouse();
  const [amount, setAmount] = useStake('mines');
  const [mines, setMines] = useState(3);
  const [state, setState] = useState<MinesState | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    // resume the round left open (a reload, a dropped connection)
    const open = session.open_round;
    if (open) {
      setMines(open.mines);
      setState({
        round_id: open.round_id,
        amount: open.amount,
        mines: open.mines,
        revealed: open.revealed,
        status: 'open',
        multiplier_bp: open.multiplier_bp,
        next_multiplier_bp: null,
        payout: 0,
        mine_tiles: null,
        nonce: 0,
        balance: session.balance,
        fairness: session.fairness,
      });
      roundStarted('mines');
    }
  }, [session]);
  const call = async (send: () => Promise<MinesState>) => {
    setBusy(true);
    setError(null);
    try {
      const next = await send();
      setState(next);
      setBalance(next.balance);
      setFairness(next.fairness);
      postToParent({ type: 'balance', balance: next.balance, currency: session.currency });
      if (next.status !== 'open') roundFinished('mines', next.status === 'cashed_out');
      return next;
    } catch (err) {
      setError(errorText(err));
      return null;
    } finally {
      setBusy(false);
    }
  };
  const open = state?.status === 'open';
  const start = async () => {
    roundStarted('mines');
    const s = await call(() => api.call(houseEndpoints.minesStart, { body: { amount, mines } }));
    if (!s) roundFinished('mines', false);
  };
  const safeCount = state ? state.revealed.filter((tile) => !(state.mine_tiles ?? []).includes(tile)).length : 0;
  const nextBp = open
    ? (state.next_multiplier_bp ??
      (safeCount < 25 - state.mines ? minesMultiplierBp({ mines: state.mines }, safeCount + 1) : null))
    : null;
  return (
    <section className="card staged">
      <div className="grid5" data-testid="mines-grid">
        {Array.from({ length: 25 }, (_, tile) => {
          const revealed = state?.revealed.includes(tile);
          const mine = state?.mine_tiles?.includes(tile);
          const cls = mine ? (revealed ? 'mine' : 'mine ghost') : revealed ? 'safe' : state?.mine_tiles ? 'ghost' : '';
          return (
            <button
              key={tile}
              type="button"
              className={`tile ${cls}`}
              data-testid={`tile-${tile}`}
              aria-label={`${t('tile')} ${tile + 1}`}
              disabled={!open || busy || revealed}
              onClick={() => call(() => api.call(houseEndpoints.minesReveal, { body: { tile } }))}
            >
              {mine && state?.mine_tiles ? '✖' : revealed ? '◆' : ''}
            </button>
          );
        })}
      </div>
      {state?.status === 'busted' && (
        <p className="center lose" style={{ padding: 0 }}>
          {t('bust')}
        </p>
      )}
      {state?.status === 'cashed_out' && (
        <p className="center win" style={{ padding: 0 }}>
          {t('win')} {formatMoney(state.payout, session.digits)} ({bpToX(state.multiplier_bp)})
        </p>
      )}
      <div className="stats">
        <div className="stat">
          <small>{t('multiplier')}</small>
          {open ? bpToX(state.multiplier_bp || 10_000) : '–'}
        </div>
        <div className="stat">
          <small>{t('next')}</small>
          {nextBp ? bpToX(nextBp) : '–'}
        </div>
        <div className="stat">
          <small>{t('payout')}</small>
          {open ? formatMoney((state.amount * state.multiplier_bp) / 10_000, session.digits) : '–'}
        </div>
      </div>
      {open ? (
        <button
          type="button"
          className="primary"
          data-testid="cashout-button"
          data-multiplier={(state.multiplier_bp || 10_000) / 10_000}
          disabled={busy || safeCount === 0}
          onClick={() => call(() => api.call(houseEndpoints.minesCashout))}
        >
          {/* the multiplier and what cashing out pays now: Telegram's bottom bar shows this label too (issue 26) */}
          {safeCount > 0
            ? `${t('cashout')} ${bpToX(state.multiplier_bp || 10_000)} · ${formatMoney((state.amount * state.multiplier_bp) / 10_000, session.digits)}`
            : t('cashout')}
        </button>
      ) : (
        <>
          <div className="field">
            <label htmlFor="mines-count">{t('mines')}</label>
            <select id="mines-count" value={mines} onChange={(e) => setMines(Number(e.target.value))} disabled={busy}>
              {Array.from({ length: MINES_MAX - MINES_MIN + 1 }, (_, i) => MINES_MIN + i).map((m) => (
                <option key={m} value={m}>
                  {m}
                </option>
              ))}
            </select>
          </div>
          <BetAmount value={amount} onChange={setAmount} disabled={busy} />
          <button type="button" className="primary" data-testid="bet-button" disabled={busy} onClick={start}>
            {t('start')}
          </button>
          <p className="muted center" style={{ padding: 0 }}>
            {t('pick')}
          </p>
        </>
      )}
    </section>
  );
}
