import { useState } from 'react';
import { diceMultiplierBp, diceWinChance, type DiceDirection } from '@contracts/fairness';
import { BetAmount, useStake } from '../bet-amount';
import { bpToX, formatMoney, useHouse } from '../house-context';
import { t } from '../i18n';
import { useBet } from '../use-bet';

// Dice: roll 0.00–100.00 over or under a target; the multiplier follows the chance (99 / chance).
export default function DiceGame() {
  const { session } = useHouse();
  const [amount, setAmount] = useStake('dice');
  const [direction, setDirection] = useState<DiceDirection>('over');
  const [target, setTarget] = useState(5050);
  // `n` counts the rolls: each new roll (even of the same number) pops once, and a re-render does not pop it again
  const [shown, setShown] = useState<{ roll: number; win: boolean; n: number } | null>(null);
  const { busy, place, settle } = useBet('dice');
  const params = { direction, target };
  let chance = 0;
  let multiplier = 0;
  try {
    chance = diceWinChance(params);
    multiplier = diceMultiplierBp(params);
  } catch {
    // out of range while dragging: the button stays disabled
  }
  const roll = async () => {
    const result = await place({ amount, params });
    if (!result) return;
    const o = result.outcome as { roll: number; isWin: boolean };
    setShown((s) => ({ roll: o.roll, win: o.isWin, n: (s?.n ?? 0) + 1 }));
    setTimeout(() => settle(result), 600);
  };
  return (
    <section className="card">
      <div
        className={`big ${shown ? (shown.win ? 'win' : 'lose') : ''}`}
        data-testid="dice-roll"
        key={shown ? `roll-${shown.n}` : 'none'}
      >
        <span className="pop">{shown ? (shown.roll / 100).toFixed(2) : '–'}</span>
      </div>
      <div
        className={`track ${direction === 'under' ? 'under' : ''}`}
        style={{ ['--cut' as string]: `${target / 100}%` }}
      >
        {shown && <div className="marker" style={{ left: `calc(${shown.roll / 100}% - 2px)` }} />}
      </div>
      <input
        type="range"
        aria-label={t('target')}
        min={200}
        max={9800}
        value={target}
        onChange={(e) => setTarget(Number(e.target.value))}
        disabled={busy}
      />
      <div className="row">
        <button
          type="button"
          className={direction === 'over' ? 'on' : ''}
          onClick={() => setDirection('over')}
          disabled={busy}
        >
          {t('over')} {(target / 100).toFixed(2)}
        </button>
        <button
          type="button"
          className={direction === 'under' ? 'on' : ''}
          onClick={() => setDirection('under')}
          disabled={busy}
        >
          {t('under')} {(target / 100).toFixed(2)}
        </button>
      </div>
      <div className="stats">
        <div className="stat">
          <small>{t('chance')}</small>
          {(chance / 100).toFixed(2)} %
        </div>
        <div className="stat">
          <small>{t('multiplier')}</small>
          {bpToX(multiplier)}
        </div>
        <div className="stat">
          <small>{t('payout')}</small>
          {formatMoney((amount * multiplier) / 10_000, session.digits)}
        </div>
      </div>
      <BetAmount value={amount} onChange={setAmount} disabled={busy} />
      <button type="button" className="primary" data-testid="bet-button" disabled={busy || !chance} onClick={roll}>
        {t('roll')}
      </button>
    </section>
  );
}
