import { useState } from 'react';
import { SLOT_PAYLINES, SLOT_PAYTABLE, SLOT_SYMBOLS, type SlotSymbol } from '@contracts/fairness';
import { BetAmount, useStake } from '../bet-amount';
import { formatMoney, useHouse } from '../house-context';
import { t } from '../i18n';
import { useBet } from '../use-bet';

// drawn with text and colour, so every device shows them (no emoji font needed); a word is the symbol's name in
// the player's language
const look: Record<SlotSymbol, { label: string | null; color: string }> = {
  wild: { label: '★', color: '#f0a500' },
  seven: { label: '7', color: '#d62839' },
  bell: { label: null, color: '#e09f3e' },
  bar: { label: null, color: '#3f3d56' },
  cherry: { label: null, color: '#c2255c' },
  lemon: { label: null, color: '#b59f00' },
  plum: { label: null, color: '#7048e8' },
};
const symbolName = (s: SlotSymbol) => t(`sym_${s}`);
function Sym({ s }: { s: SlotSymbol }) {
  const l = { ...look[s], label: look[s].label ?? symbolName(s).toUpperCase() };
  return (
    <span className="glyph" style={{ background: l.color, fontSize: l.label.length > 2 ? 11 : 26 }}>
      {l.label}
    </span>
  );
}
// UK remote technical standards: a spin lasts at least 2.5 s; no autoplay, no turbo.
const SPIN_MS = 2500;

interface LineWin {
  line: number;
  symbol: SlotSymbol;
  count: number;
  pay: number;
}

// Lucky Sevens: 5 reels × 3 rows, 20 fixed lines; the stake is split evenly across the lines.
export default function SlotsGame() {
  const { session } = useHouse();
  const [amount, setAmount] = useStake('slots');
  const [window_, setWindow] = useState<SlotSymbol[][]>(() =>
    Array.from({ length: 5 }, () => ['seven', 'bell', 'cherry'] as SlotSymbol[]),
  );
  const [spinning, setSpinning] = useState(false);
  const [wins, setWins] = useState<LineWin[]>([]);
  const [payout, setPayout] = useState<number | null>(null);
  const { busy, place, settle } = useBet('slots');
  const spin = async () => {
    const started = Date.now();
    setSpinning(true);
    setWins([]);
    setPayout(null);
    const result = await place({ amount });
    if (!result) return setSpinning(false);
    const o = result.outcome as { window: SlotSymbol[][]; lineWins: LineWin[] };
    setTimeout(
      () => {
        setWindow(o.window);
        setWins(o.lineWins);
        setPayout(result.payout);
        setSpinning(false);
        settle(result);
      },
      Math.max(0, SPIN_MS - (Date.now() - started)),
    );
  };
  const hit = new Set<string>();
  for (const w of wins) SLOT_PAYLINES[w.line - 1]!.slice(0, w.count).forEach((row, reel) => hit.add(`${reel}-${row}`));
  return (
    <section className="card">
      <div className="reels" data-testid="slots-reels">
        {window_.map((reel, r) => (
          <div key={r} className={`reel ${spinning ? 'spinning' : ''}`}>
            {reel.map((s, row) => (
              <div key={row} className={`sym ${hit.has(`${r}-${row}`) ? 'hit' : ''}`} title={s} data-symbol={s}>
                <Sym s={s} />
              </div>
            ))}
          </div>
        ))}
      </div>
      <div className={`big ${payout ? 'win' : ''}`} style={{ fontSize: 24 }} data-testid="slots-result">
        {payout === null ? t('lines') : payout > 0 ? `${t('win')} ${formatMoney(payout, session.digits)}` : t('lose')}
      </div>
      <BetAmount value={amount} onChange={setAmount} disabled={busy || spinning} />
      <button type="button" className="primary" data-testid="bet-button" disabled={busy || spinning} onClick={spin}>
        {t('spin')}
      </button>
      <details className="panel">
        <summary>{t('paytable')}</summary>
        <table>
          <tbody>
            {SLOT_SYMBOLS.map((s) => (
              <tr key={s.id}>
                <td>
                  <Sym s={s.id} /> {symbolName(s.id)}
                </td>
                {SLOT_PAYTABLE[s.id].map((pay, i) => (
                  <td key={i} className="muted">
                    {i + 3}× → {pay}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        <p className="muted">
          {t('lines')}: {t('linesNote')}
        </p>
      </details>
    </section>
  );
}
