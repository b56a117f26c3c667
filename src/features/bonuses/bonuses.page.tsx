import { useEffect, useState } from 'react';
import {
  Alert,
  Button,
  ButtonGroup,
  Card,
  Div,
  FormItem,
  Group,
  Input,
  Placeholder,
  Progress,
  Tabs,
  TabsItem,
  Text,
} from '@vkontakte/vkui';
import { Spinner } from '../../shared/ui/spinner';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'wouter';
import type { Bonus, BonusTerms, PromoCheck } from '@contracts/bonuses';
import { errorText } from '../../shared/i18n/error-text';
import { formatDateTime } from '../../shared/lib/date-format';
import { formatMoney } from '../../shared/lib/money-format';
import { showToast } from '../../shared/toast/toast.store';
import { loadPlayer } from '../../shared/player/player.store';
import { useResource } from '../../shared/data/use-resource';
import { onLive } from '../../shared/live/live-socket';
import { LoadFailed } from '../../shared/ui/load-failed';

import { activateBonus, checkPromoCode, deleteBonus, fetchMyBonuses, redeemPromoCode } from './bonuses.api';
import './bonuses.css';
import { paths } from '../../shared/routing/paths';

const bonusNews = onLive('new_bonus');

/** "2 d 5 h", "5 h 3 min" or "12 min" until an instant. */
export function timeLeft(
  at: string,
  now: number,
  // the units in the player's language (bonuses.units_*); English without one
  unit: (key: 'd' | 'h' | 'min') => string = (key) => key,
): string {
  const min = Math.max(0, Math.round((Date.parse(at) - now) / 60_000));
  const d = Math.floor(min / 1440);
  const h = Math.floor((min % 1440) / 60);
  if (d > 0) return `${d} ${unit('d')} ${h} ${unit('h')}`;
  if (h > 0) return `${h} ${unit('h')} ${min % 60} ${unit('min')}`;
  return `${min} ${unit('min')}`;
}

/** The terms in plain words: what to wager, the max bet, the cap, the windows, where it counts. */
export function TermsLines({ terms, currency }: { terms: BonusTerms; currency: string }) {
  const { t } = useTranslation();
  const money = (n: number) => formatMoney(n, currency);
  const where = terms.eligible_games.length
    ? t('bonuses.games_only', { list: terms.eligible_games.join(', ') })
    : t('bonuses.games_all', {
        list: terms.contributions
          .map((c) => `${t(`bonuses.categories.${c.target}`, { defaultValue: c.target })} ${c.percent} %`)
          .join(', '),
      });
  const lines = [
    terms.wagering_multiplier > 0 &&
      t(`bonuses.wagering_rule_${terms.wagering_base}`, { times: terms.wagering_multiplier }),
    terms.max_bet !== null && t('bonuses.max_bet', { amount: money(terms.max_bet) }),
    terms.max_conversion !== null && t('bonuses.max_conversion', { amount: money(terms.max_conversion) }),
    terms.wagering_days !== null && t('bonuses.days_to_wager', { count: terms.wagering_days }),
    where,
  ].filter((l): l is string => typeof l === 'string');
  return (
    <ul className="bonus-terms" data-testid="bonus-terms">
      {lines.map((l) => (
        <li key={l}>{l}</li>
      ))}
    </ul>
  );
}

/** What a deposit offer gives: "100 % of your deposit, up to $500.00", or a no-deposit amount. */
export function offerLine(
  t: (k: string, o?: Record<string, unknown>) => string,
  b: Pick<
    Bonus,
    'bonus_percent' | 'no_deposit_bonus_amount' | 'currency' | 'terms' | 'count' | 'game' | 'free_round_bet'
  >,
): string {
  if (b.count !== null && b.game)
    return t('bonuses.free_rounds_offer', {
      count: b.count,
      game: t(`bonuses.games.${b.game}`, { defaultValue: b.game }),
      bet: formatMoney(b.free_round_bet ?? 0, b.currency),
    });
  if (b.no_deposit_bonus_amount !== null)
    return t('bonuses.amount', { amount: formatMoney(b.no_deposit_bonus_amount, b.currency) });
  if (b.bonus_percent === null) return '';
  return b.terms.max_bonus !== null
    ? t('bonuses.percent_up_to', { percent: b.bonus_percent, max: formatMoney(b.terms.max_bonus, b.currency) })
    : t('bonuses.percent', { percent: b.bonus_percent });
}

/** A date and time in the app's language: "27 Nov 2026, 14:05". */
export const formatWhen = (at: string, language: string) => formatDateTime(at, language, 'medium');

function BonusCard({
  bonus,
  now,
  inPlay,
  onActivate,
  onDelete,
}: {
  bonus: Bonus;
  now: number;
  /** The player's bonus in play (another one cannot be activated until it ends), if any. */
  inPlay: Bonus | undefined;
  onActivate: (b: Bonus) => void;
  onDelete: (b: Bonus) => void;
}) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const money = (n: number) => formatMoney(n, bonus.currency);
  const percent = bonus.wager_required > 0 ? Math.min(100, (bonus.wagered / bonus.wager_required) * 100) : 0;
  // an offer waiting behind the bonus in play: it says what it waits for rather than failing on Activate
  const waitsFor = bonus.status === 'created' && inPlay ? inPlay : undefined;
  const minDep = bonus.currency_limits[bonus.currency]?.min_dep ?? 0;
  return (
    <Card Component="div" mode="outline" className="bonus-card" data-testid={`bonus-${bonus.id}`}>
      <Div>
        <div className="bonus-card__head">
          <Text weight="2">{bonus.terms.title || t(`bonuses.types.${bonus.type}`)}</Text>
          <span className={`bonus-status bonus-status--${bonus.status}`} data-testid="bonus-status">
            {t(
              bonus.status === 'active' && bonus.count !== null
                ? 'bonuses.statuses.ready'
                : `bonuses.statuses.${bonus.status}`,
            )}
          </span>
        </div>
        <Text className="bonus-card__kind">
          {t(`bonuses.types.${bonus.type}`)}
          {bonus.status === 'wagering' ? ` · ${t('bonuses.amount', { amount: money(bonus.amount) })}` : ''}
        </Text>
        {bonus.status !== 'wagering' && <Text>{offerLine(t, bonus)}</Text>}
        {bonus.status !== 'wagering' && bonus.bonus_percent !== null && minDep > 0 && (
          <Text>{t('bonuses.min_deposit', { min: money(minDep) })}</Text>
        )}
        {bonus.status === 'wagering' && bonus.wager_required > 0 && (
          <div className="bonus-wagering">
            <Progress
              className="bonus-progress"
              height={8}
              // a started requirement always shows a sliver: 0.4 % of a bar is no bar at all
              value={bonus.wagered > 0 ? Math.max(percent, 2) : 0}
              aria-label={t('bonuses.wagered', {
                wagered: money(bonus.wagered),
                required: money(bonus.wager_required),
              })}
              data-testid="bonus-progress"
            />
            <Text data-testid="bonus-wagered">
              {t('bonuses.wagered', { wagered: money(bonus.wagered), required: money(bonus.wager_required) })}
            </Text>
          </div>
        )}
        {bonus.expires_at && (
          <Text className="bonus-card__time">
            {t('bonuses.time_left', { time: timeLeft(bonus.expires_at, now, (u) => t(`bonuses.unit_${u}`)) })}
          </Text>
        )}
        <TermsLines terms={bonus.terms} currency={bonus.currency} />
        {bonus.status === 'active' && bonus.fs_count_remaining !== null && bonus.game && (
          <Text data-testid="bonus-free-rounds">
            {t('bonuses.free_rounds_left', { left: bonus.fs_count_remaining, total: bonus.count })}
          </Text>
        )}
        {waitsFor && (
          <Text className="bonus-card__time" data-testid="bonus-waits-for">
            {t('bonuses.waits_for', { title: waitsFor.terms.title || t(`bonuses.types.${waitsFor.type}`) })}
          </Text>
        )}
        <ButtonGroup mode="horizontal" gap="m">
          {bonus.status === 'active' && !!bonus.fs_count_remaining && bonus.game && (
            <Button size="m" onClick={() => navigate(paths.game(`house-${bonus.game}`))} data-testid="bonus-play">
              {t('bonuses.play')}
            </Button>
          )}
          {bonus.status === 'created' && (
            <Button size="m" disabled={!!waitsFor} onClick={() => onActivate(bonus)} data-testid="bonus-activate">
              {t('bonuses.activate')}
            </Button>
          )}
          <Button
            size="m"
            mode="secondary"
            appearance="negative"
            onClick={() => onDelete(bonus)}
            data-testid="bonus-delete"
          >
            {/* an offer not taken yet is declined; a bonus in play is deleted (and its money forfeited) */}
            {t(bonus.status === 'created' ? 'bonuses.decline' : 'bonuses.delete')}
          </Button>
        </ButtonGroup>
      </Div>
    </Card>
  );
}

/** What a checked code will do, in words, before the player confirms it (issue 28). */
function promoOutcomeText(t: (k: string, o?: Record<string, unknown>) => string, c: PromoCheck, language: string) {
  const offer = offerLine(t, c.offer) || c.offer.terms.title;
  const by = c.activate_by ? ` ${t('bonuses.promo_activate_by', { date: formatWhen(c.activate_by, language) })}` : '';
  if (c.outcome === 'queued' && c.in_play) {
    const title = c.in_play.title || t(`bonuses.types.${c.in_play.type}`);
    const until = c.in_play.expires_at
      ? ` ${t('bonuses.promo_queued_until', { title, date: formatWhen(c.in_play.expires_at, language) })}`
      : '';
    return `${t('bonuses.promo_queued', { title, offer })}${until}${by}`;
  }
  return `${t('bonuses.promo_available', { offer })}${by}`;
}

function PromoForm({ onRedeemed }: { onRedeemed: (tab: 'my' | 'available') => void }) {
  const { t, i18n } = useTranslation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // a code that will not start at once waits here for the player's yes, with what will happen said first
  const [asking, setAsking] = useState<PromoCheck | null>(null);
  async function redeem(c: PromoCheck) {
    await redeemPromoCode(c.code);
    setCode('');
    setAsking(null);
    const starts = c.outcome === 'starts_now';
    showToast({
      severity: 'success',
      summary: 'toast.done',
      detail: starts
        ? t('bonuses.promo_started', { offer: offerLine(t, c.offer) || c.offer.terms.title })
        : t('bonuses.promo_added'),
    });
    onRedeemed(starts ? 'my' : 'available');
  }
  async function run(step: () => Promise<void>) {
    setBusy(true);
    try {
      await step();
      setError(null);
    } catch (err) {
      setAsking(null);
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  }
  function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!code.trim()) return;
    void run(async () => {
      const c = await checkPromoCode(code.trim(), i18n.language);
      if (c.outcome === 'starts_now') await redeem(c);
      else setAsking(c);
    });
  }
  return (
    <form onSubmit={submit} className="bonus-promo" data-testid="promo-form">
      <FormItem top={t('bonuses.promo')} htmlFor="promo-code" status={error ? 'error' : 'default'} bottom={error}>
        <div className="bonus-promo__row">
          <Input
            id="promo-code"
            value={code}
            autoComplete="off"
            onChange={(e) => {
              setCode(e.target.value);
              setError(null);
              setAsking(null);
            }}
            slotProps={{ input: { 'data-testid': 'promo-code' } }}
          />
          <Button size="l" type="submit" loading={busy && !asking} data-testid="promo-apply">
            {t('bonuses.promo_apply')}
          </Button>
        </div>
      </FormItem>
      {asking && (
        <Div className="bonus-promo__ask" role="status" data-testid="promo-outcome">
          <Text weight="2">{t('bonuses.promo_check_title', { code: asking.code })}</Text>
          <Text data-testid="promo-outcome-text">{promoOutcomeText(t, asking, i18n.language)}</Text>
          <ButtonGroup mode="horizontal" gap="m">
            <Button size="m" loading={busy} onClick={() => void run(() => redeem(asking))} data-testid="promo-confirm">
              {t('bonuses.promo_add')}
            </Button>
            <Button size="m" mode="secondary" onClick={() => setAsking(null)} data-testid="promo-cancel">
              {t('bonuses.promo_cancel')}
            </Button>
          </ButtonGroup>
        </Div>
      )}
    </form>
  );
}

// /profile/promotions/bonuses/:tab (my | available): the player's bonuses with their wagering, terms and time left;
// activate an offer, delete a bonus (told first what is forfeited), redeem a promo code. Reloads on live new_bonus.
export function BonusesPage() {
  const { t, i18n } = useTranslation();
  const [, navigate] = useLocation();
  const { tab = 'my' } = useParams<{ tab?: string }>();
  // a live new_bonus (credited, wagering moved, converted) reads the list again in place, once per burst
  const bonuses = useResource([i18n.language], () => fetchMyBonuses(i18n.language), {
    refreshOn: bonusNews,
    debounceMs: 1000,
  });
  const data = bonuses.data;
  const load = bonuses.reload;
  const [asking, setAsking] = useState<Bonus | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const [refusal, setRefusal] = useState<string | null>(null);
  useEffect(() => setNow(Date.now()), [data]);
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(id);
  }, []);

  // the balances and the list follow a change the player made
  const changed = () => {
    void loadPlayer().catch(() => undefined);
    load();
  };
  /** After a promo code: to the list where its bonus now is (in play, or waiting under Available). */
  const redeemed = (to: 'my' | 'available') => {
    changed();
    if (to !== tab) navigate(paths.profile('promotions', 'bonuses', to));
  };
  async function activate(b: Bonus) {
    setRefusal(null);
    try {
      await activateBonus(b.id);
      showToast({ severity: 'success', summary: 'toast.done', detail: 'bonuses.activated' });
      changed();
      navigate(paths.profile('promotions', 'bonuses', 'my'));
    } catch (err) {
      setRefusal(errorText(err));
      load();
    }
  }
  async function remove(b: Bonus) {
    setAsking(null);
    setRefusal(null);
    try {
      await deleteBonus(b.id);
      showToast({
        severity: 'success',
        summary: 'toast.done',
        detail: b.status === 'created' ? 'bonuses.declined' : 'bonuses.deleted',
      });
    } catch (err) {
      setRefusal(errorText(err));
    }
    changed();
  }

  const all = data ? [...data.deposit, ...data.free_rounds] : [];
  const shown = all.filter((b) => (tab === 'available' ? b.status === 'created' : b.status !== 'created'));
  const waiting = all.filter((b) => b.status === 'created').length;
  const inPlay = all.find((b) => b.status === 'active' || b.status === 'wagering');
  return (
    <Group data-testid="bonuses-page">
      <PromoForm onRedeemed={redeemed} />
      <Tabs>
        {(['my', 'available'] as const).map((k) => (
          <TabsItem
            key={k}
            selected={tab === k}
            onClick={() => navigate(paths.profile('promotions', 'bonuses', k))}
            data-testid={`bonuses-tab-${k}`}
            status={k === 'available' && waiting > 0 ? waiting : undefined}
          >
            {t(`bonuses.${k}`)}
          </TabsItem>
        ))}
      </Tabs>
      {refusal && (
        <Div>
          <Text role="alert" className="bonus-refusal" data-testid="bonuses-refusal">
            {refusal}
          </Text>
        </Div>
      )}
      {!data ? (
        bonuses.failed ? (
          <LoadFailed onRetry={load} />
        ) : (
          <Spinner size="m" style={{ margin: 24 }} />
        )
      ) : shown.length === 0 ? (
        <Placeholder
          data-testid="bonuses-empty"
          action={
            // nothing in play but offers waiting (a new player's welcome offers): the way to them, not only a badge
            tab !== 'available' &&
            waiting > 0 && (
              <Button
                size="m"
                onClick={() => navigate(paths.profile('promotions', 'bonuses', 'available'))}
                data-testid="bonuses-see-available"
              >
                {t('bonuses.see_available', { count: waiting })}
              </Button>
            )
          }
        >
          {t(tab === 'available' ? 'bonuses.none_available' : 'bonuses.none_my')}
        </Placeholder>
      ) : (
        <div className="bonus-list">
          {shown.map((b) => (
            <BonusCard
              key={b.id}
              bonus={b}
              now={now}
              inPlay={inPlay}
              onActivate={(x) => void activate(x)}
              onDelete={setAsking}
            />
          ))}
        </div>
      )}
      {asking && (
        <Alert
          title={t(asking.status === 'created' ? 'bonuses.decline_title' : 'bonuses.delete_title')}
          description={
            asking.status === 'wagering'
              ? t('bonuses.delete_wagering', { amount: formatMoney(asking.amount, asking.currency) })
              : t('bonuses.delete_offer')
          }
          actions={[
            { title: t('bonuses.keep'), mode: 'cancel', action: () => setAsking(null) },
            {
              title: t(asking.status === 'created' ? 'bonuses.decline' : 'bonuses.delete'),
              mode: 'destructive',
              // runs at once (not after the closing animation): the request starts with the tap
              autoCloseDisabled: true,
              action: (item) => {
                item?.close?.();
                void remove(asking);
              },
            },
          ]}
          onClosed={() => setAsking(null)}
        />
      )}
    </Group>
  );
}
