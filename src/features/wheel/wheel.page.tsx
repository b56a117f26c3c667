import { useCallback, useEffect, useRef, useState } from 'react';
import { useResource } from '../../shared/data/use-resource';
import { Button, Div, Group, Header, SimpleCell, Text } from '@vkontakte/vkui';
import { Spinner } from '../../shared/ui/spinner';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { WheelPrizeView, WheelSpinRecord, WheelSpinResult } from '@contracts/wheel';
import { ApiError } from '../../shared/api';
import { formatMoney } from '../../shared/lib/money-format';
import { fetchSpins, fetchWheel, spinWheel } from './wheel.api';
import { labelAt, landingRotation, slicePath, WHEEL_SIZE } from './wheel.geometry';
import './wheel.css';
import { paths } from '../../shared/routing/paths';

const COLORS = ['#f2b134', '#4c8ee8', '#e8604c', '#3fb27f', '#9b6ce8', '#e84c9b', '#2fb9c9', '#c9a22f'];
/** The disc's CSS transition (wheel.css) plus a margin: the result shows even if transitionend never fires. */
const SPIN_MS = 4000;

const reducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** The verify page filled in with this spin (contracts/fairness/wheel.ts recomputes it there). */
export function wheelVerifyLink(
  r: Pick<WheelSpinRecord, 'server_seed' | 'client_seed' | 'nonce' | 'weights'> & { server_seed_hash?: string },
): string {
  return paths.fairness({
    game: 'wheel',
    server_seed: r.server_seed,
    server_seed_hash: r.server_seed_hash,
    client_seed: r.client_seed,
    nonce: String(r.nonce),
    params: JSON.stringify({ weights: r.weights.join(',') }),
  });
}

type T = (key: string, options?: Record<string, unknown>) => string;

/**
 * A prize in words, in the player's currency: "$0.50", "$5.00 bonus", "50 % deposit bonus", "10 free spins on Dice";
 * "No prize" for an empty segment. Null for a bonus whose terms the server did not say (its label is shown then).
 */
export function prizeWords(t: T, prize: WheelPrizeView, short = false): string | null {
  if (prize.kind === 'real_money') return formatMoney(prize.amount, prize.currency);
  if (prize.kind === 'nothing') return t('wheel.prize_kinds.nothing');
  if (prize.kind === 'free_rounds_template' && prize.count)
    return prize.game && !short
      ? t('wheel.prize_free_rounds_on', {
          count: prize.count,
          game: t(`wheel.games.${prize.game}`, { defaultValue: prize.game }),
        })
      : t('wheel.prize_free_rounds', { count: prize.count });
  if (prize.kind === 'bonus_template' && prize.amount && prize.currency)
    return t('wheel.prize_bonus_amount', { amount: formatMoney(prize.amount, prize.currency) });
  if (prize.kind === 'bonus_template' && prize.percent)
    return t('wheel.prize_bonus_percent', { percent: prize.percent });
  return null;
}

/** What a spin won, as a sentence: the prize named, and where a bonus went. */
export function resultText(t: T, prize: WheelPrizeView): string {
  const words = prizeWords(t, prize);
  if (prize.kind === 'real_money') return t('wheel.won_money', { amount: words });
  if (prize.kind === 'nothing') return t('wheel.won_nothing');
  if (words) return t('wheel.won_prize', { prize: words });
  return t(prize.kind === 'bonus_template' ? 'wheel.won_bonus' : 'wheel.won_free_rounds');
}

/** "5:03:09" until an instant (never negative). */
export function timeUntil(at: string, now: number): string {
  const s = Math.max(0, Math.ceil((Date.parse(at) - now) / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return `${h}:${String(m).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

// /profile/promotions/wheel: the wheel with its published chances, the committed seed hash, a spin when one is
// available (else the time to the next free one), an animation that lands where the server chose, the result and
// the revealed seed with a link to verify it.
export function WheelPage() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const wheel = useResource([], fetchWheel);
  const view = wheel.data ?? null;
  const load = wheel.reload;
  const changeView = wheel.mutate;
  const [rotation, setRotation] = useState(0);
  const [spinning, setSpinning] = useState(false);
  const [result, setResult] = useState<WheelSpinResult | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const spins = useResource([], fetchSpins);
  const history = spins.data?.items ?? [];
  const loadHistory = spins.reload;
  const pending = useRef<WheelSpinResult | null>(null);
  const fallback = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(fallback.current), []);

  // the countdown to the next free spin; at zero the wheel is read again
  const waitingFor = view && view.spins_available === 0 ? view.next_free_spin_at : null;
  useEffect(() => {
    if (!waitingFor) return;
    let lastRead = 0;
    const timer = setInterval(() => {
      const at = Date.now();
      setNow(at);
      // read again once the time is up, then at most every 5 s while the server's clock catches up
      if (Date.parse(waitingFor) <= at && at - lastRead >= 5000) {
        lastRead = at;
        load();
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [waitingFor, load]);

  const land = useCallback(() => {
    const r = pending.current;
    if (!r) return;
    pending.current = null;
    clearTimeout(fallback.current);
    setResult(r);
    setSpinning(false);
    setNow(Date.now());
    changeView((v) =>
      v.version === r.version
        ? {
            ...v,
            server_seed_hash: r.next_server_seed_hash,
            client_seed: r.client_seed,
            nonce: r.nonce + 1,
            spins_available: r.spins_available,
            next_free_spin_at: r.next_free_spin_at,
          }
        : v,
    );
    // the wheel changed between reading and spinning: read it again
    if (view && view.version !== r.version) load();
    loadHistory();
  }, [view, load, loadHistory, changeView]);

  const spin = async () => {
    if (!view || spinning) return;
    setSpinning(true);
    setResult(null);
    setNotice(null);
    try {
      const r = await spinWheel();
      pending.current = r;
      setRotation((from) => landingRotation(r.segment_index, r.weights.length, from));
      if (reducedMotion()) land();
      else fallback.current = setTimeout(land, SPIN_MS + 500);
    } catch (err) {
      setSpinning(false);
      if (err instanceof ApiError && err.status === 409) {
        setNotice(err.code === 'WHEEL_NOT_AVAILABLE' ? t('wheel.not_available') : t('wheel.cooldown'));
        load();
      } else setNotice(t('server_errors.server'));
    }
  };

  if (wheel.failed)
    return (
      <Group>
        <Div>
          <Text role="alert">{t('server_errors.server')}</Text>
        </Div>
      </Group>
    );
  if (!view) return <Spinner size="m" />;

  // a slice has room for a few words: the game is said in the chances list and the result
  const prizeText = (prize: WheelPrizeView, labelKey: string, short = false) =>
    prizeWords(t, prize, short) ?? t(`wheel.labels.${labelKey}`, { defaultValue: labelKey });
  const n = view.segments.length;
  const prizeOnly = (prize: WheelPrizeView) => prizeWords(t, prize) ?? t(`wheel.prize_kinds.${prize.kind}`);
  const go = (link: string) => (e: React.MouseEvent) => {
    e.preventDefault();
    navigate(link);
  };

  return (
    <div className="app-narrow" data-testid="wheel-page">
      <Group header={<Header size="l">{t('wheel.title')}</Header>}>
        <Div>
          <Text>{t('wheel.intro')}</Text>
        </Div>
        {!view.is_available ? (
          <Div>
            <Text data-testid="wheel-not-available">{t('wheel.not_available')}</Text>
          </Div>
        ) : (
          <div className="wheel-layout">
            <div className="wheel-stage">
              <div className="wheel-pointer" aria-hidden />
              <svg
                className="wheel-disc"
                viewBox={`0 0 ${WHEEL_SIZE} ${WHEEL_SIZE}`}
                style={{ transform: `rotate(${rotation}deg)` }}
                onTransitionEnd={land}
                role="img"
                aria-label={t('wheel.title')}
                data-testid="wheel-disc"
                data-rotation={rotation}
              >
                {view.segments.map((s, i) => {
                  const label = labelAt(i, n);
                  return (
                    <g key={s.id} data-testid={`wheel-slice-${i}`}>
                      <path d={slicePath(i, n)} fill={COLORS[i % COLORS.length]} stroke="#fff" strokeWidth={2} />
                      <text
                        x={label.x}
                        y={label.y}
                        fontSize={11}
                        fill="#fff"
                        textAnchor="middle"
                        dominantBaseline="middle"
                        transform={`rotate(${label.deg} ${label.x} ${label.y})`}
                      >
                        {prizeText(s.prize, s.label_key, true)}
                      </text>
                    </g>
                  );
                })}
              </svg>
            </div>
            {/* the button and the result right under the wheel: one view at 390 px (issue 28) */}
            <div className="wheel-controls">
              {spinning ? (
                <Button size="l" stretched loading disabled data-testid="wheel-spin">
                  {t('wheel.spinning')}
                </Button>
              ) : view.spins_available > 0 ? (
                <>
                  <Button size="l" stretched onClick={spin} data-testid="wheel-spin">
                    {t('wheel.spin')}
                  </Button>
                  <Text data-testid="wheel-spins-available" className="wheel-controls__note">
                    {t('wheel.spins_available', { count: view.spins_available })}
                  </Text>
                </>
              ) : (
                <Text data-testid="wheel-next-spin" className="wheel-controls__note">
                  {view.next_free_spin_at
                    ? t('wheel.next_in', { time: timeUntil(view.next_free_spin_at, now) })
                    : t('wheel.no_spins')}
                </Text>
              )}
              {notice && (
                <Text role="alert" data-testid="wheel-notice">
                  {notice}
                </Text>
              )}
              {result && (
                <div role="status" data-testid="wheel-result-summary">
                  <Text weight="2" data-testid="wheel-result-text">
                    {resultText(t, result.prize)}
                  </Text>
                  {result.unpaid_reason === 'not_granted' && (
                    // the slice showed a bonus, but the engine could not grant it as the spin landed
                    <Text data-testid="wheel-result-unpaid">{t('wheel.unpaid_not_granted')}</Text>
                  )}
                </div>
              )}
            </div>
            <div className="wheel-odds">
              <Header size="s">{t('wheel.odds')}</Header>
              {view.segments.map((s, i) => (
                <SimpleCell
                  key={s.id}
                  before={
                    <span
                      aria-hidden
                      style={{ width: 12, height: 12, borderRadius: 6, background: COLORS[i % COLORS.length] }}
                    />
                  }
                  after={
                    <span data-testid={`wheel-odds-${i}`}>
                      {t('wheel.probability', { percent: +(s.probability * 100).toFixed(2) })}
                    </span>
                  }
                >
                  {prizeText(s.prize, s.label_key)}
                </SimpleCell>
              ))}
            </div>
          </div>
        )}
      </Group>
      {view.is_available && (
        <Group>
          <SimpleCell
            multiline
            subtitle={
              <code className="wheel-hash" data-testid="wheel-committed-hash">
                {view.server_seed_hash}
              </code>
            }
          >
            {t('wheel.committed')}
          </SimpleCell>
          <SimpleCell after={<code>{view.client_seed}</code>}>{t('wheel.client_seed')}</SimpleCell>
        </Group>
      )}
      {result && (
        // the segment's number is for the verify page's check (it shows it), not a result to read
        <Group data-testid="wheel-result" data-segment={result.segment_index + 1}>
          <Div>
            <Text weight="2">{t('wheel.this_spin', { prize: prizeOnly(result.prize) })}</Text>
          </Div>
          <SimpleCell
            multiline
            subtitle={
              <code className="wheel-hash" data-testid="wheel-revealed-seed">
                {result.server_seed}
              </code>
            }
          >
            {t('wheel.revealed')}
          </SimpleCell>
          <SimpleCell after={result.nonce}>{t('wheel.nonce')}</SimpleCell>
          <Div>
            <Button
              size="l"
              stretched
              mode="secondary"
              href={wheelVerifyLink(result)}
              onClick={go(wheelVerifyLink(result))}
              data-testid="wheel-verify-link"
            >
              {t('wheel.verify')}
            </Button>
          </Div>
        </Group>
      )}
      {history.length > 0 && (
        <Group header={<Header size="s">{t('wheel.history')}</Header>} data-testid="wheel-history">
          {history.map((h) => (
            <SimpleCell
              key={h.spin_id}
              subtitle={new Date(h.created_at).toLocaleString()}
              after={
                <Button
                  size="s"
                  mode="tertiary"
                  href={wheelVerifyLink(h)}
                  onClick={go(wheelVerifyLink(h))}
                  data-testid={`wheel-history-verify-${h.spin_id}`}
                >
                  {t('wheel.verify_short')}
                </Button>
              }
            >
              {prizeOnly(h.prize)}
            </SimpleCell>
          ))}
        </Group>
      )}
    </div>
  );
}
