import { useEffect } from 'react';
import { useBonusCap } from './bonus-cap';
import { formatMoney, useHouse } from './house-context';
import { t, tf } from './i18n';

/**
 * The bet amount with ½, 2× and max, kept within the game's limits and the balance. While the next bet is a free
 * round it shows the round's fixed stake, which cannot be changed (the game's payout figures follow it). While a bonus
 * is wagering its max bet is the top of the range, said under the field, and Max stops there (issue 28).
 */
export function BetAmount({
  value,
  onChange,
  disabled,
}: {
  value: number;
  onChange(v: number): void;
  disabled?: boolean;
}) {
  const { session, balance, freeRounds, useFreeRound } = useHouse();
  const freeBet = useFreeRound && freeRounds && freeRounds.left > 0 ? freeRounds.bet : null;
  useEffect(() => {
    if (freeBet !== null && value !== freeBet) onChange(freeBet);
  }, [freeBet, value, onChange]);
  const locked = disabled || freeBet !== null;
  const step = 10 ** -Math.min(session.digits, 2);
  const cap = useBonusCap(session.bonus_max_bet);
  const capped = cap !== null && cap < session.max_bet;
  const max = capped ? Math.max(session.min_bet, cap) : session.max_bet;
  const clamp = (v: number) => Math.max(session.min_bet, Math.min(max, Math.round(v / step) * step));
  return (
    <div className="field">
      <label htmlFor="bet-amount">
        {t('amount')} ({session.currency})
      </label>
      <div className="amount-row">
        <input
          id="bet-amount"
          data-testid="bet-amount"
          type="number"
          inputMode="decimal"
          min={session.min_bet}
          max={max}
          step={step}
          value={value}
          disabled={locked}
          onChange={(e) => onChange(Number(e.target.value))}
          onBlur={() => onChange(clamp(value))}
        />
        <button type="button" disabled={locked} onClick={() => onChange(clamp(value / 2))}>
          {t('half')}
        </button>
        <button type="button" disabled={locked} onClick={() => onChange(clamp(value * 2))}>
          {t('double')}
        </button>
        <button type="button" disabled={locked} onClick={() => onChange(clamp(Math.min(balance, max)))}>
          {t('max')}
        </button>
      </div>
      <small className="muted" data-testid="bet-range">
        {formatMoney(session.min_bet, session.digits)} – {formatMoney(max, session.digits)}
        {capped && ` · ${tf('bonusMaxBet', { amount: formatMoney(max, session.digits) })}`}
      </small>
    </div>
  );
}
