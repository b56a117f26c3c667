import { useCallback, useEffect, useRef, useState } from 'react';
import type { HouseGame } from '@contracts/games';
import { useBonusCap } from './bonus-cap';
import { formatMoney, useHouse } from './house-context';
import { t, tf } from './i18n';

/**
 * The player's stake in a game, as they last chose it: kept when the game's page is loaded again in this tab (the
 * frame reloaded, the game opened again) and never changed by the game itself. A free round's fixed stake
 * (`transient`) is shown while it lasts but is not the player's choice: it is not kept, and the player's own stake
 * comes back after it (issue 26: a chosen stake must not change under the player).
 */
export function useStake(game: HouseGame): [number, (value: number, transient?: boolean) => void] {
  const { session } = useHouse();
  const key = `house:stake:${game}:${session.currency}`;
  const [value, setValue] = useState(() => {
    const saved = Number(readStored(key) ?? NaN);
    return Number.isFinite(saved) && saved >= session.min_bet && saved <= session.max_bet
      ? saved
      : Math.max(session.min_bet, 1);
  });
  const set = useCallback(
    (next: number, transient = false) => {
      setValue(next);
      if (!transient && Number.isFinite(next)) writeStored(key, String(next));
    },
    [key],
  );
  return [value, set];
}
function readStored(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null; // storage refused (a private frame): the stake lasts as long as the page
  }
}
function writeStored(key: string, value: string): void {
  try {
    sessionStorage.setItem(key, value);
  } catch {
    // as above
  }
}

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
  /** `transient`: the game set it (a free round's stake), not the player. */
  onChange(v: number, transient?: boolean): void;
  disabled?: boolean;
}) {
  const { session, balance, freeRounds, useFreeRound } = useHouse();
  const freeBet = useFreeRound && freeRounds && freeRounds.left > 0 ? freeRounds.bet : null;
  // the player's own stake while a free round's stands in for it, given back when the free rounds end or are unticked
  const own = useRef<number | null>(null);
  useEffect(() => {
    if (freeBet !== null) {
      if (value === freeBet) return;
      own.current ??= value;
      onChange(freeBet, true);
    } else if (own.current !== null) {
      const back = own.current;
      own.current = null;
      if (value !== back) onChange(back);
    }
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
