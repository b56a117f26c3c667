import { useState } from 'react';
import { RED_NUMBERS } from '@contracts/fairness';
import type { RouletteBetInput } from '@contracts/games';
import { formatMoney, useHouse } from '../house-context';
import { t } from '../i18n';
import { useBet } from '../use-bet';

const CHIPS = [0.1, 0.5, 1, 5, 25];
type Placed = RouletteBetInput & { key: string };
const colorOf = (n: number) => (n === 0 ? 'green' : RED_NUMBERS.includes(n) ? 'red' : 'black');

// European roulette: straight numbers on the table, outside bets below; splits by tapping two adjacent numbers.
export default function RouletteGame() {
  const { session } = useHouse();
  const [chip, setChip] = useState(1);
  const [bets, setBets] = useState<Placed[]>([]);
  const [splitFrom, setSplitFrom] = useState<number | null>(null);
  const [pocket, setPocket] = useState<number | null>(null);
  const [turn, setTurn] = useState(0);
  const { busy, place, settle, last } = useBet('roulette');
  const total = bets.reduce((s, b) => s + b.amount, 0);
  const add = (bet: RouletteBetInput, key: string) =>
    setBets((list) => {
      const found = list.find((b) => b.key === key);
      if (found)
        return list.map((b) => (b.key === key ? { ...b, amount: Math.round((b.amount + chip) * 100) / 100 } : b));
      return [...list, { ...bet, amount: chip, key }];
    });
  const onNumber = (n: number) => {
    if (splitFrom === -1) return setSplitFrom(n); // split mode: first of the two numbers
    if (splitFrom !== null && splitFrom !== n) {
      const [a, b] = [Math.min(splitFrom, n), Math.max(splitFrom, n)];
      add({ kind: 'split', numbers: [a, b], amount: chip }, `split-${a}-${b}`);
      setSplitFrom(null);
    } else add({ kind: 'straight', numbers: [n], amount: chip }, `straight-${n}`);
  };
  const count = (key: string) => bets.find((b) => b.key === key)?.amount;
  const spin = async () => {
    const result = await place({ params: { bets: bets.map(({ key: _key, ...b }) => b) } });
    if (!result) return;
    const p = (result.outcome as { pocket: number }).pocket;
    setTurn((x) => x + 720 + p * 10);
    setTimeout(() => {
      setPocket(p);
      settle(result);
    }, 1200);
  };
  const cell = (key: string, label: string, bet: RouletteBetInput, cls = '') => (
    <button key={key} type="button" className={cls} disabled={busy} onClick={() => add(bet, key)}>
      {label}
      {count(key) && <span className="chipcount">{count(key)}</span>}
    </button>
  );
  return (
    <section className="card">
      <div
        className={`wheel ${pocket === null ? '' : colorOf(pocket)}`}
        style={{
          transform: `rotate(${turn}deg)`,
          background:
            pocket === null
              ? 'var(--accent)'
              : colorOf(pocket) === 'red'
                ? '#c62f3e'
                : colorOf(pocket) === 'black'
                  ? '#26223a'
                  : '#12824a',
        }}
        data-testid="roulette-pocket"
      >
        <span style={{ transform: `rotate(${-turn}deg)` }}>{pocket ?? '?'}</span>
      </div>
      {last && pocket !== null && (
        <p className={`center ${last.payout > 0 ? 'win' : 'lose'}`} style={{ padding: 0 }}>
          {last.payout > 0 ? `${t('win')} ${formatMoney(last.payout, session.digits)}` : t('lose')}
        </p>
      )}
      <div className="table" data-testid="roulette-table">
        <button
          type="button"
          className="green"
          style={{ gridRow: 'span 3' }}
          disabled={busy}
          onClick={() => onNumber(0)}
        >
          0{count('straight-0') && <span className="chipcount">{count('straight-0')}</span>}
        </button>
        {[3, 2, 1].flatMap((rowTop) =>
          Array.from({ length: 12 }, (_, c) => {
            const n = c * 3 + rowTop;
            const key = `straight-${n}`;
            return (
              <button
                key={key}
                type="button"
                className={colorOf(n)}
                disabled={busy}
                onClick={() => onNumber(n)}
                onContextMenu={(e) => {
                  e.preventDefault();
                  setSplitFrom(n);
                }}
                style={splitFrom === n ? { outline: '2px solid #f0a500' } : undefined}
              >
                {n}
                {count(key) && <span className="chipcount">{count(key)}</span>}
              </button>
            );
          }),
        )}
      </div>
      <div className="row">
        {cell('dozen-1', '1–12', { kind: 'dozen', index: 1, amount: chip })}
        {cell('dozen-2', '13–24', { kind: 'dozen', index: 2, amount: chip })}
        {cell('dozen-3', '25–36', { kind: 'dozen', index: 3, amount: chip })}
      </div>
      <div className="row">
        {cell('column-1', `${t('column')} 1`, { kind: 'column', index: 1, amount: chip })}
        {cell('column-2', `${t('column')} 2`, { kind: 'column', index: 2, amount: chip })}
        {cell('column-3', `${t('column')} 3`, { kind: 'column', index: 3, amount: chip })}
      </div>
      <div className="row">
        {cell('low', t('low18'), { kind: 'low', amount: chip })}
        {cell('even', t('even'), { kind: 'even', amount: chip })}
        {cell('red', t('red'), { kind: 'red', amount: chip }, 'red')}
        {cell('black', t('black'), { kind: 'black', amount: chip }, 'black')}
        {cell('odd', t('odd'), { kind: 'odd', amount: chip })}
        {cell('high', t('high18'), { kind: 'high', amount: chip })}
      </div>
      <div className="row">
        <button
          type="button"
          className={splitFrom !== null ? 'on' : ''}
          disabled={busy}
          onClick={() => setSplitFrom(splitFrom === null ? -1 : null)}
        >
          {t('split')}
        </button>
        {CHIPS.filter((c) => c >= session.min_bet && c <= session.max_bet).map((c) => (
          <button key={c} type="button" className={chip === c ? 'on' : ''} onClick={() => setChip(c)}>
            {c}
          </button>
        ))}
      </div>
      <div className="row">
        <button type="button" disabled={busy || bets.length === 0} onClick={() => setBets([])}>
          {t('clear')}
        </button>
        <button
          type="button"
          className="primary"
          data-testid="bet-button"
          disabled={busy || bets.length === 0}
          onClick={spin}
        >
          {t('spin')} · {t('totalBet')} {formatMoney(total, session.digits)}
        </button>
      </div>
    </section>
  );
}
