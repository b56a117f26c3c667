import { lazy, Suspense, useEffect, useState } from 'react';
import { Checkbox, FormItem, Group, Input, Placeholder, Tabs, TabsItem, Text } from '@vkontakte/vkui';
import { Select } from '../../shared/ui/select';
import { Spinner } from '../../shared/ui/spinner';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useLocation, useParams } from 'wouter';
import type { PaymentMethod } from '@contracts/cashbox';
import { getPlatform } from '../../platform';
import { ApiError } from '../../shared/api';
import { errorText } from '../../shared/i18n/error-text';
import { formatMoney } from '../../shared/lib/money-format';
import { showToast } from '../../shared/toast/toast.store';
import { loadPlayer, playerState } from '../../shared/player/player.store';
import { fetchMethods, requestCashout, requestDeposit } from './cashbox.api';
import { loadPendingDeposit } from './deposit-status';
import { paths } from '../../shared/routing/paths';
import { MainAction } from '../../shared/bottom-bar/main-action';

// TON Connect is large: its chunk loads only when the player picks the TON method (never on the first load).
const TonDeposit = lazy(() => import('./ton-deposit').then((m) => ({ default: m.TonDeposit })));

// /cashbox/deposit and /cashbox/cashout: the methods this player is offered here, with their limits.
export function CashboxPage() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const { tab = 'deposit' } = useParams<{ tab: string }>();
  const clientType = getPlatform().kind === 'telegram' ? 'telegram' : 'web';
  const [methods, setMethods] = useState<PaymentMethod[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    fetchMethods(clientType).then(setMethods, () => setFailed(true));
  }, [clientType]);

  return (
    <div className="app-narrow" data-testid="cashbox-page">
      <Group>
        <Tabs>
          {(['deposit', 'cashout'] as const).map((id) => (
            <TabsItem
              key={id}
              selected={tab === id}
              onClick={() => navigate(paths.cashbox(id))}
              data-testid={`cashbox-tab-${id}`}
            >
              {t(`pages.${id}`)}
            </TabsItem>
          ))}
        </Tabs>
      </Group>
      <Group>
        {failed ? (
          <Placeholder>{t('common.load_failed')}</Placeholder>
        ) : !methods ? (
          <Spinner size="l" style={{ margin: 24 }} />
        ) : methods.length === 0 ? (
          <Placeholder>{t('cashbox.no_methods')}</Placeholder>
        ) : tab === 'cashout' ? (
          <CashoutForm methods={methods} clientType={clientType} />
        ) : (
          <DepositForm methods={methods} clientType={clientType} />
        )}
      </Group>
    </div>
  );
}

function inRange(amount: string, limits: { min: number; max: number }): boolean {
  const value = Number(amount);
  return amount !== '' && Number.isFinite(value) && value >= limits.min && value <= limits.max;
}

/** The bottom bar's label carries the amount once it is a number ("Deposit 50.00 USD"). */
function useAmountLabel() {
  const { t } = useTranslation();
  return (key: 'cashbox.deposit' | 'cashbox.cashout', amount: string, currency: string) => {
    const value = Number(amount);
    return amount && Number.isFinite(value) && value > 0
      ? t(`${key}_amount`, { amount: formatMoney(value, currency) })
      : t(key);
  };
}

/** The sandbox and TON have names in every language; a processor keeps the operator's name. */
function methodName(m: PaymentMethod, t: (key: string) => string): string {
  return m.kind === 'processor' ? m.name : t(`cashbox.method_${m.kind}`);
}

function MethodSelect({
  methods,
  value,
  onChange,
}: {
  methods: PaymentMethod[];
  value: string;
  onChange: (id: string) => void;
}) {
  const { t } = useTranslation();
  const method = methods.find((m) => m.id === value);
  const ton = method?.kind === 'ton';
  // a test method is told once, calmly, under the select: information, not an error
  return (
    <FormItem
      top={t('cashbox.method')}
      bottom={
        method?.is_test ? (
          <span className="cashbox-notice" data-testid={ton ? 'ton-testnet-label' : 'test-method-label'}>
            {ton ? t('cashbox.ton.testnet') : t('cashbox.test_method')}
          </span>
        ) : undefined
      }
    >
      <Select
        label={t('cashbox.method')}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        options={methods.map((m) => ({ value: m.id, label: methodName(m, t) }))}
        data-testid="cashbox-method"
      />
    </FormItem>
  );
}

function DepositForm({ methods, clientType }: { methods: PaymentMethod[]; clientType: 'web' | 'telegram' }) {
  const { t } = useTranslation();
  const offered = methods.filter((m) => m.deposit);
  // back from the wallet with a TON deposit still unsettled: open on TON, which shows it
  const [methodId, setMethodId] = useState(
    () =>
      (loadPendingDeposit(playerState.player?.id) && offered.find((m) => m.kind === 'ton')?.id) ||
      (offered[0]?.id ?? ''),
  );
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [bonusCode, setBonusCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const amountLabel = useAmountLabel();
  const method = offered.find((m) => m.id === methodId);
  if (!method?.deposit) return <Placeholder>{t('cashbox.no_methods')}</Placeholder>;
  const limits = method.deposit;
  if (method.kind === 'ton') {
    return (
      <div data-testid="deposit-form">
        <MethodSelect methods={offered} value={methodId} onChange={setMethodId} />
        <Suspense fallback={<Spinner size="l" style={{ margin: 24 }} />}>
          <TonDeposit method={method} clientType={clientType} />
        </Suspense>
      </div>
    );
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const value = Number(amount);
    if (!Number.isFinite(value) || value < limits.min || value > limits.max)
      return setError(t('cashbox.amount_invalid', limits));
    setBusy(true);
    setError(null);
    setCodeError(null);
    try {
      const res = await requestDeposit(methodId, value, clientType, bonusCode.trim());
      getPlatform().haptics.impact('medium');
      if (res.redirect_url) window.location.assign(res.redirect_url);
    } catch (err) {
      // the server's code in the player's language, never its English detail; a bonus code's refusal under the code
      if (err instanceof ApiError && err.code?.startsWith('BONUSES_')) setCodeError(errorText(err));
      else setError(errorText(err));
    } finally {
      setBusy(false);
    }
  }

  const limitsText = (l: { min: number; max: number }, currency: string) =>
    t('cashbox.limits_money', { min: formatMoney(l.min, currency), max: formatMoney(l.max, currency) });

  return (
    <form onSubmit={submit} noValidate data-testid="deposit-form">
      <MethodSelect methods={offered} value={methodId} onChange={setMethodId} />
      <FormItem
        top={t('cashbox.amount')}
        htmlFor="deposit-amount"
        status={error ? 'error' : 'default'}
        bottom={error ?? limitsText(limits, method.currency)}
      >
        <Input
          id="deposit-amount"
          type="number"
          inputMode="decimal"
          min={limits.min}
          max={limits.max}
          step="0.01"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          slotProps={{ input: { 'data-testid': 'deposit-amount' } }}
        />
      </FormItem>
      <FormItem
        top={t('cashbox.bonus_code')}
        htmlFor="deposit-bonus-code"
        status={codeError ? 'error' : 'default'}
        bottom={codeError}
      >
        <Input
          id="deposit-bonus-code"
          autoComplete="off"
          value={bonusCode}
          onChange={(e) => {
            setBonusCode(e.target.value);
            setCodeError(null);
          }}
          slotProps={{ input: { 'data-testid': 'deposit-bonus-code' } }}
        />
      </FormItem>
      <FormItem>
        <MainAction
          text={amountLabel('cashbox.deposit', amount, method.currency)}
          label={t('cashbox.deposit')}
          loading={busy}
          invalid={!inRange(amount, limits)}
          testId="deposit-submit"
        />
      </FormItem>
    </form>
  );
}

function CashoutForm({ methods, clientType }: { methods: PaymentMethod[]; clientType: 'web' | 'telegram' }) {
  const { t } = useTranslation();
  const { player } = useSnapshot(playerState);
  const offered = methods.filter((m) => m.withdrawal);
  const [methodId, setMethodId] = useState(offered[0]?.id ?? '');
  const [amount, setAmount] = useState('');
  const [destination, setDestination] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [destinationError, setDestinationError] = useState<string | null>(null);
  // a withdrawal while a bonus is wagering forfeits it: the player is told what first and confirms (issue 16)
  const [forfeit, setForfeit] = useState<number | null>(null);
  const [forfeitConfirmed, setForfeitConfirmed] = useState(false);
  const [busy, setBusy] = useState(false);
  const amountLabel = useAmountLabel();
  const method = offered.find((m) => m.id === methodId);
  if (!method?.withdrawal || !player) return <Placeholder>{t('cashbox.no_methods')}</Placeholder>;
  const limits = {
    min: method.withdrawal.min,
    max: Math.min(method.withdrawal.max, player.sum_available_for_withdraw),
  };

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const value = Number(amount);
    const amountError =
      !amount || !Number.isFinite(value) || value < limits.min || value > limits.max
        ? t('cashbox.amount_invalid', limits)
        : null;
    const missingDestination = destination.trim() ? null : t('cashbox.destination_required');
    // each problem under its own field
    setError(amountError);
    setDestinationError(missingDestination);
    if (amountError || missingDestination) return;
    setBusy(true);
    try {
      await requestCashout(methodId, value, destination.trim(), clientType, forfeit !== null && forfeitConfirmed);
      showToast({ severity: 'success', summary: 'toast.done', detail: 'cashbox.requested' });
      setAmount('');
      setForfeit(null);
      setForfeitConfirmed(false);
      await loadPlayer();
    } catch (err) {
      if (err instanceof ApiError && err.code === 'CASHBOX_BONUS_WAGERING') {
        // what is forfeited is the bonus balance (it belongs to the one bonus in play): the server's forfeit_amount
        await loadPlayer().catch(() => undefined);
        setForfeit(playerState.player?.bonus_balance ?? 0);
        setForfeitConfirmed(false);
        return;
      }
      setError(errorText(err)); // the server's code in the player's language, never its English detail
    } finally {
      setBusy(false);
    }
  }
  const limitsText = (l: { min: number; max: number }, currency: string) =>
    // less available than the minimum: say so, not "from 5.00 to 0.00"
    l.max < l.min
      ? t('cashbox.below_minimum_available', { min: formatMoney(l.min, currency) })
      : t('cashbox.limits_money', { min: formatMoney(l.min, currency), max: formatMoney(l.max, currency) });

  return (
    <form onSubmit={submit} noValidate data-testid="cashout-form">
      <Text style={{ padding: '8px 16px' }} data-testid="cashout-available">
        {t('cashbox.available', { amount: formatMoney(player.sum_available_for_withdraw, player.currency) })}
        {player.pending_withdraws_sum > 0 &&
          ` · ${t('cashbox.pending', { amount: formatMoney(player.pending_withdraws_sum, player.currency) })}`}
      </Text>
      <MethodSelect methods={offered} value={methodId} onChange={setMethodId} />
      <FormItem
        top={t('cashbox.amount')}
        htmlFor="cashout-amount"
        status={error ? 'error' : 'default'}
        bottom={<span data-testid="cashout-amount-hint">{error ?? limitsText(limits, method.currency)}</span>}
      >
        <Input
          id="cashout-amount"
          type="number"
          inputMode="decimal"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          slotProps={{ input: { 'data-testid': 'cashout-amount' } }}
        />
      </FormItem>
      <FormItem
        top={t('cashbox.destination')}
        htmlFor="cashout-destination"
        status={destinationError ? 'error' : 'default'}
        bottom={destinationError ? <span data-testid="destination-error">{destinationError}</span> : undefined}
      >
        <Input
          id="cashout-destination"
          value={destination}
          onChange={(e) => {
            setDestination(e.target.value);
            setDestinationError(null);
          }}
          slotProps={{ input: { 'data-testid': 'cashout-destination' } }}
        />
      </FormItem>
      {forfeit !== null && (
        <FormItem data-testid="cashout-forfeit">
          <Text className="cashbox-forfeit" role="alert">
            {t('cashbox.forfeit_warning', { amount: formatMoney(forfeit, player.currency) })}
          </Text>
          <Checkbox
            checked={forfeitConfirmed}
            onChange={(e) => setForfeitConfirmed(e.target.checked)}
            data-testid="cashout-forfeit-confirm"
          >
            {t('cashbox.forfeit_confirm')}
          </Checkbox>
        </FormItem>
      )}
      <FormItem>
        <MainAction
          text={amountLabel('cashbox.cashout', amount, method.currency)}
          label={t('cashbox.cashout')}
          loading={busy}
          invalid={!inRange(amount, limits) || !destination.trim()}
          disabled={forfeit !== null && !forfeitConfirmed}
          testId="cashout-submit"
          // the forfeit confirmation's way back: the bonus is kept, nothing is withdrawn
          secondary={
            forfeit !== null
              ? {
                  text: t('common.cancel'),
                  onClick: () => {
                    setForfeit(null);
                    setForfeitConfirmed(false);
                  },
                  testId: 'cashout-forfeit-cancel',
                }
              : undefined
          }
        />
      </FormItem>
    </form>
  );
}
