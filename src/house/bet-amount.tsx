import { useEffect } from 'react';
import { formatMoney, useHouse } from './house-context';
import { t } from './i18n';

/**
 * The bet amount with ½, 2× and max, kept within the game's limits and the balance. While the next bet is a free
 * round it shows the round's fixed stake, which cannot be changed (the game's payout figures follow it).
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
  const clamp = (v: number) => Math.max(session.min_bet, Math.min(session.max_bet, Math.round(v / step) * step));
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
          max={session.max_bet}
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
        <button type="button" disabled={locked} onClick={() => onChange(clamp(Math.min(balance, session.max_bet)))}>
          {t('max')}
        </button>
      </div>
      <small className="muted">
        {formatMoney(session.min_bet, session.digits)} – {formatMoney(session.max_bet, session.digits)}
      </small>
    </div>
  );
}
