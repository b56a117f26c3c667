import { useState } from 'react';
import { LIMBO_MAX_TARGET, LIMBO_MIN_TARGET } from '@contracts/fairness';
import { BetAmount, useStake } from '../bet-amount';
import { formatMoney, hundredthsToX, useHouse } from '../house-context';
import { t } from '../i18n';
import { useBet } from '../use-bet';

// Limbo: the result is a multiplier; at or above the target pays the target.
export default function LimboGame() {
  const { session } = useHouse();
  const [amount, setAmount] = useStake('limbo');
  const [target, setTarget] = useState(200);
  const [shown, setShown] = useState<{ value: number; win: boolean } | null>(null);
  const { busy, place, settle } = useBet('limbo');
  const valid = Number.isInteger(target) && target >= LIMBO_MIN_TARGET && target <= LIMBO_MAX_TARGET;
  const play = async () => {
    const result = await place({ amount, params: { target } });
    if (!result) return;
    const o = result.outcome as { result: number; isWin: boolean };
    // count up to the result quickly, then settle
    const start = performance.now();
    const tick = () => {
      const p = Math.min(1, (performance.now() - start) / 500);
      setShown({ value: Math.round(100 + (o.result - 100) * p), win: p === 1 && o.isWin });
      if (p < 1) requestAnimationFrame(tick);
      else settle(result);
    };
    requestAnimationFrame(tick);
  };
  return (
    <section className="card">
      <div className={`big ${shown && shown.value >= target ? 'win' : shown ? 'lose' : ''}`} data-testid="limbo-result">
        {shown ? hundredthsToX(shown.value) : '1.00×'}
      </div>
      <div className="field">
        <label htmlFor="limbo-target">{t('target')}</label>
        <input
          id="limbo-target"
          type="number"
          inputMode="decimal"
          min={1.01}
          step={0.01}
          value={target / 100}
          disabled={busy}
          onChange={(e) => setTarget(Math.round(Number(e.target.value) * 100))}
        />
      </div>
      <div className="stats">
        <div className="stat">
          <small>{t('chance')}</small>
          {valid ? (99 / (target / 100)).toFixed(2) : '–'} %
        </div>
        <div className="stat">
          <small>{t('payout')}</small>
          {formatMoney((amount * target) / 100, session.digits)}
        </div>
      </div>
      <BetAmount value={amount} onChange={setAmount} disabled={busy} />
      <button type="button" className="primary" data-testid="bet-button" disabled={busy || !valid} onClick={play}>
        {t('play')}
      </button>
    </section>
  );
}
