import { useState } from 'react';
import { PLINKO_MAX_ROWS, PLINKO_MIN_ROWS, PLINKO_RISKS, plinkoPaytable, type PlinkoRisk } from '@contracts/fairness';
import { BetAmount, useStake } from '../bet-amount';
import { t } from '../i18n';
import { useBet } from '../use-bet';

// Plinko: a ball falls through the pins, left or right at each row, into a bucket with a fixed multiplier.
export default function PlinkoGame() {
  const [amount, setAmount] = useStake('plinko');
  const [rows, setRows] = useState(12);
  const [risk, setRisk] = useState<PlinkoRisk>('low');
  const [drop, setDrop] = useState<{ path: (0 | 1)[]; bucket: number; step: number } | null>(null);
  const { busy, place, settle } = useBet('plinko');
  const table = plinkoPaytable({ rows, risk });
  const play = async () => {
    const result = await place({ amount, params: { rows, risk } });
    if (!result) return;
    const o = result.outcome as { path: (0 | 1)[]; bucket: number };
    let step = 0;
    setDrop({ ...o, step });
    const timer = setInterval(
      () => {
        step++;
        setDrop({ ...o, step });
        if (step >= o.path.length) {
          clearInterval(timer);
          settle(result);
        }
      },
      Math.min(90, 1200 / o.path.length),
    );
  };
  // the ball's position after `step` rows: x in pin units from the left edge
  const ball = drop
    ? { x: drop.path.slice(0, drop.step).reduce<number>((s, d) => s + d, 0) + (rows - drop.step) / 2, y: drop.step }
    : null;
  const w = rows + 2;
  return (
    <section className="card staged">
      <div className="plinko-stage">
        <div className="plinko" data-testid="plinko-board">
          <svg viewBox={`0 0 ${w} ${rows + 1}`} preserveAspectRatio="none">
            {Array.from({ length: rows }, (_, r) =>
              Array.from({ length: r + 3 }, (_, i) => (
                <circle
                  key={`${r}-${i}`}
                  cx={(w - (r + 2)) / 2 + i}
                  cy={r + 0.5}
                  r={0.08}
                  fill="currentColor"
                  opacity={0.5}
                />
              )),
            )}
            {ball && (
              <circle
                cx={ball.x + 1}
                cy={ball.y + 0.5}
                r={0.28}
                fill="var(--accent)"
                style={{ transition: 'cx 0.08s, cy 0.08s' }}
              />
            )}
          </svg>
        </div>
        <div className="buckets">
          {table.map((bp, i) => (
            <div key={i} className={`bucket ${drop && drop.step >= rows && drop.bucket === i ? 'hit' : ''}`}>
              {(bp / 10_000).toFixed(bp >= 100_000 ? 0 : 1)}
            </div>
          ))}
        </div>
      </div>
      <div className="row">
        <div className="field">
          <label htmlFor="plinko-rows">{t('rows')}</label>
          <select id="plinko-rows" value={rows} disabled={busy} onChange={(e) => setRows(Number(e.target.value))}>
            {Array.from({ length: PLINKO_MAX_ROWS - PLINKO_MIN_ROWS + 1 }, (_, i) => PLINKO_MIN_ROWS + i).map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="plinko-risk">{t('risk')}</label>
          <select id="plinko-risk" value={risk} disabled={busy} onChange={(e) => setRisk(e.target.value as PlinkoRisk)}>
            {PLINKO_RISKS.map((r) => (
              <option key={r} value={r}>
                {t(r)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <BetAmount value={amount} onChange={setAmount} disabled={busy} />
      <button type="button" className="primary" data-testid="bet-button" disabled={busy} onClick={play}>
        {t('play')}
      </button>
    </section>
  );
}
