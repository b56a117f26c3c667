import { useState } from 'react';
import { useResource } from '../../shared/data/use-resource';
import { LoadFailed } from '../../shared/ui/load-failed';
import {
  Alert,
  Button,
  ButtonGroup,
  Div,
  FormItem,
  FormLayoutGroup,
  Group,
  Header,
  Input,
  SimpleCell,
  Text,
} from '@vkontakte/vkui';
import { Select } from '../../shared/ui/select';
import { Spinner } from '../../shared/ui/spinner';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { limitTypes, selfExclusionPeriods, type LimitType, type PlayerLimits } from '@contracts/limits';
import { addBundledTexts } from '../../shared/i18n/i18n';
import { formatMoney } from '../../shared/lib/money-format';
import { signOutByPlayer } from '../../shared/session/session.store';
import { showToast } from '../../shared/toast/toast.store';
import { playerState } from '../../shared/player/player.store';
import {
  confirmLimit,
  fetchLimits,
  PERIOD_CHOICES,
  saveRealityCheck,
  saveTimeLimit,
  setLimit,
  setSelfExclusion,
} from './limits.api';
import { limitsTexts } from './limits.locales';
import { limitModals } from './limits.store';
import { roundUpToMinutes } from './session-timer';
import { useMainButton } from '../../shared/bottom-bar/use-bottom-button';

addBundledTexts(limitsTexts);

const success = (detail: string) => showToast({ severity: 'success', summary: 'toast.done', detail });

// /profile/general/limits: deposit, loss and wagering limits; the session time limit; the reality check; self-exclusion.
export function LimitsPage() {
  const { t } = useTranslation();
  const res = useResource([], fetchLimits);
  const limits = res.data;
  const setLimits = (next: PlayerLimits) => res.mutate(() => next);
  if (!limits) return res.failed ? <LoadFailed onRetry={res.reload} /> : <Spinner size="m" />;
  return (
    <div className="app-narrow" data-testid="limits-page">
      <Group header={<Header size="l">{t('limits.page_title')}</Header>}>
        <Div>
          <Text>{t('limits.page_intro')}</Text>
        </Div>
      </Group>
      {limitTypes.map((type) => (
        <LimitCard key={type} type={type} limits={limits} onChange={setLimits} />
      ))}
      <SessionLimitCard limits={limits} onChange={setLimits} />
      <RealityCheckCard limits={limits} onChange={setLimits} />
      <SelfExclusionCard />
    </div>
  );
}

function LimitCard({
  type,
  limits,
  onChange,
}: {
  type: LimitType;
  limits: PlayerLimits;
  onChange(l: PlayerLimits): void;
}) {
  const { t, i18n } = useTranslation();
  const [amount, setAmount] = useState('');
  const [choice, setChoice] = useState('day');
  const [busy, setBusy] = useState(false);
  const money = (v: number) => formatMoney(v, limits.currency, i18n.language);
  const date = (v: string | null) => (v ? new Date(v).toLocaleString(i18n.language) : '—');
  const value = limits[`${type}_limit_value`];
  const pendingAt = limits[`${type}_limit_pending_effective_at`];
  const pendingValue = limits[`${type}_limit_pending_value`];
  const pendingRemove = limits[`${type}_limit_pending_remove`];
  const ready = pendingAt !== null && new Date(pendingAt).getTime() <= Date.now();
  const run = async (call: () => Promise<PlayerLimits>) => {
    setBusy(true);
    try {
      onChange(await call());
      success('set_limit_detail');
      setAmount('');
    } catch {
      // toasted by the api client
    } finally {
      setBusy(false);
    }
  };
  const parsed = Number(amount.replace(',', '.'));
  // the card being edited drives Telegram's bottom bar (the latest one typed into); where Telegram draws it (7.10+)
  // the card's own Save is not shown, so the player never sees both (ADR 025)
  const nativeSave = useMainButton({
    text: t('limits.set'),
    loading: busy,
    disabled: !(parsed > 0),
    onClick: () => void run(() => setLimit(type, parsed, choice)),
    hidden: amount === '',
  });
  return (
    <Group header={<Header>{t(`limits.${type}`)}</Header>} data-testid={`limit-${type}`}>
      <SimpleCell
        after={
          <strong data-testid={`limit-${type}-value`}>{value === null ? t('limits.no_limit') : money(value)}</strong>
        }
      >
        {t('limits.value')}
      </SimpleCell>
      {value !== null && (
        <>
          <SimpleCell after={<span data-testid={`limit-${type}-usage`}>{money(limits[`${type}_limit_usage`])}</span>}>
            {t('limits.usage')}
          </SimpleCell>
          {limits[`${type}_limit_usage`] >= value && (
            // a limit set below what this period already used: said in words, not only two figures (issue 28)
            <Div>
              <Text role="status" data-testid={`limit-${type}-reached`}>
                {t(`limits.over_${type}`, { until: date(limits[`${type}_limit_end_date`]) })}
              </Text>
            </Div>
          )}
          <SimpleCell after={date(limits[`${type}_limit_start_date`])}>{t('limits.from')}</SimpleCell>
          <SimpleCell after={date(limits[`${type}_limit_end_date`])}>{t('limits.until')}</SimpleCell>
        </>
      )}
      {pendingAt && (
        <Div data-testid={`limit-${type}-pending`}>
          <Text>
            {pendingRemove
              ? t('limits.pending_remove', { at: date(pendingAt) })
              : ready
                ? t('limits.pending_ready', { value: money(pendingValue ?? 0) })
                : t('limits.pending', { value: money(pendingValue ?? 0), at: date(pendingAt) })}
          </Text>
          {ready && (
            <Button
              size="m"
              style={{ marginTop: 8 }}
              onClick={() => run(() => confirmLimit(type))}
              data-testid={`limit-${type}-confirm`}
            >
              {t('limits.confirm')}
            </Button>
          )}
        </Div>
      )}
      <FormLayoutGroup mode="horizontal">
        <FormItem top={t('limits.amount', { currency: limits.currency })} htmlFor={`limit-${type}-amount`}>
          <Input
            id={`limit-${type}-amount`}
            type="number"
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            slotProps={{ input: { 'data-testid': `limit-${type}-amount` } }}
          />
        </FormItem>
        <FormItem top={t('limits.choice')}>
          <Select
            label={`${t(`limits.${type}`)}: ${t('limits.choice')}`}
            value={choice}
            onChange={(e) => setChoice(e.target.value)}
            options={PERIOD_CHOICES.map((c) => ({ value: c.id, label: t(`limits.choice_${c.id}`) }))}
            data-testid={`limit-${type}-period`}
          />
        </FormItem>
      </FormLayoutGroup>
      <Div>
        <ButtonGroup gap="s" stretched>
          <Button
            size="l"
            stretched
            disabled={busy || !(parsed > 0)}
            onClick={() => run(() => setLimit(type, parsed, choice))}
            data-testid={`limit-${type}-save`}
            style={nativeSave ? { display: 'none' } : undefined}
          >
            {t('limits.set')}
          </Button>
          {value !== null && (
            <Button
              size="l"
              mode="secondary"
              disabled={busy}
              onClick={() => run(() => setLimit(type, null, choice))}
              data-testid={`limit-${type}-clear`}
            >
              {t('limits.clear')}
            </Button>
          )}
        </ButtonGroup>
      </Div>
    </Group>
  );
}

function SessionLimitCard({ limits, onChange }: { limits: PlayerLimits; onChange(l: PlayerLimits): void }) {
  const { t, i18n } = useTranslation();
  const { player } = useSnapshot(playerState);
  const { remaining } = useSnapshot(limitModals);
  const current = typeof player?.time_limit === 'number' && player.time_limit > 1 ? player.time_limit : null;
  const [minutes, setMinutes] = useState(current ? String(roundUpToMinutes(current) / 60) : '');
  const pendingAt = limits.time_limit_pending_effective_at;
  const isReady = pendingAt !== null && new Date(pendingAt).getTime() <= Date.now();
  const pendingMinutes = Math.ceil((limits.time_limit_pending_value ?? 0) / 60);
  const at = pendingAt ? new Date(pendingAt).toLocaleString(i18n.language) : '';
  const save = async (seconds: number | null) => {
    try {
      const saved = await saveTimeLimit(seconds);
      if (playerState.player) playerState.player.time_limit = saved.time_limit;
      onChange(await fetchLimits());
      // a raise or a removal waits its cooling-off: the limit in force did not change
      const detail =
        saved.time_limit !== seconds
          ? 'set_time_limit_pending_detail'
          : seconds === null
            ? 'set_time_limit_unset_detail'
            : 'set_time_limit_detail';
      success(detail);
    } catch {
      // toasted
    }
  };
  const clock = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
  const typed = minutes !== (current ? String(roundUpToMinutes(current) / 60) : '');
  const nativeSave = useMainButton({
    text: t('limits.save_minutes'),
    disabled: !(Number(minutes) > 0),
    onClick: () => void save(roundUpToMinutes(Math.ceil(Number(minutes)) * 60)),
    hidden: !typed,
  });
  return (
    <Group header={<Header>{t('limits.session_limit')}</Header>} data-testid="session-limit">
      <Div>
        <Text>{t('limits.session_rule')}</Text>
      </Div>
      {current !== null && remaining !== null && (
        <SimpleCell data-testid="session-remaining">{t('limits.remaining', { time: clock(remaining) })}</SimpleCell>
      )}
      {pendingAt && (
        <Div data-testid="session-pending">
          <Text>
            {limits.time_limit_pending_remove
              ? t(isReady ? 'limits.session_pending_remove_ready' : 'limits.session_pending_remove', { at })
              : t(isReady ? 'limits.session_pending_ready' : 'limits.session_pending', { minutes: pendingMinutes, at })}
          </Text>
          {isReady && (
            <Button
              size="m"
              style={{ marginTop: 8 }}
              onClick={() => save(limits.time_limit_pending_remove ? null : limits.time_limit_pending_value)}
              data-testid="session-confirm"
            >
              {t('limits.confirm')}
            </Button>
          )}
        </Div>
      )}
      <FormItem top={t('limits.minutes')} htmlFor="session-minutes">
        <Input
          id="session-minutes"
          type="number"
          min={1}
          value={minutes}
          onChange={(e) => setMinutes(e.target.value)}
          slotProps={{ input: { 'data-testid': 'session-minutes' } }}
        />
      </FormItem>
      <Div>
        <ButtonGroup gap="s" stretched>
          <Button
            size="l"
            stretched
            disabled={!(Number(minutes) > 0)}
            onClick={() => save(roundUpToMinutes(Math.ceil(Number(minutes)) * 60))}
            data-testid="session-save"
            style={nativeSave ? { display: 'none' } : undefined}
          >
            {t('limits.save_minutes')}
          </Button>
          {current !== null && (
            <Button size="l" mode="secondary" onClick={() => save(null)} data-testid="session-remove">
              {t('limits.remove_minutes')}
            </Button>
          )}
        </ButtonGroup>
      </Div>
    </Group>
  );
}

function RealityCheckCard({ limits, onChange }: { limits: PlayerLimits; onChange(l: PlayerLimits): void }) {
  const { t } = useTranslation();
  const options = [
    { value: '', label: t('limits.off') },
    ...[15, 30, 60, 120].map((m) => ({ value: String(m), label: t('limits.every_minutes', { count: m }) })),
  ];
  return (
    <Group header={<Header>{t('limits.reality')}</Header>}>
      <FormItem top={t('limits.reality_every')}>
        <Select
          label={t('limits.reality_every')}
          value={limits.reality_check_minutes ? String(limits.reality_check_minutes) : ''}
          options={options}
          onChange={(e) =>
            void saveRealityCheck(e.target.value ? Number(e.target.value) : null).then(onChange, () => undefined)
          }
          data-testid="reality-every"
        />
      </FormItem>
    </Group>
  );
}

function SelfExclusionCard() {
  const { t, i18n } = useTranslation();
  const [period, setPeriod] = useState<(typeof selfExclusionPeriods)[number]>('6m');
  const [asking, setAsking] = useState(false);
  const days: Record<string, number> = { '24h': 1, '7d': 7, '30d': 30, '6m': 182 };
  const end =
    period === 'permanent' ? null : new Date(Date.now() + days[period]! * 86_400_000).toLocaleDateString(i18n.language);
  const exclude = async () => {
    setAsking(false);
    try {
      await setSelfExclusion(period);
      showToast({ severity: 'success', summary: 'toast.done', detail: 'set_self_exclusion_detail' });
      signOutByPlayer(); // spec §4: after success the player is signed out
    } catch {
      // toasted
    }
  };
  return (
    <Group header={<Header>{t('limits.exclusion')}</Header>} data-testid="self-exclusion">
      <Div>
        <Text>{t('limits.exclusion_text')}</Text>
      </Div>
      <FormItem top={t('limits.exclusion_period')}>
        <Select
          label={t('limits.exclusion_period')}
          value={period}
          onChange={(e) => setPeriod(e.target.value as typeof period)}
          options={selfExclusionPeriods.map((p) => ({ value: p, label: t(`limits.exclusion_${p}`) }))}
        />
      </FormItem>
      <Div>
        <Button
          size="l"
          stretched
          mode="secondary"
          appearance="negative"
          onClick={() => setAsking(true)}
          data-testid="exclude"
        >
          {t('limits.exclude')}
        </Button>
      </Div>
      {asking && (
        <Alert
          title={t('limits.exclusion')}
          description={end ? t('limits.exclusion_confirm', { end }) : t('limits.exclusion_confirm_permanent')}
          actions={[
            { title: t('limits.cancel'), mode: 'cancel', action: () => setAsking(false) },
            { title: t('limits.exclude'), mode: 'destructive', action: () => void exclude() },
          ]}
          onClosed={() => setAsking(false)}
        />
      )}
    </Group>
  );
}
