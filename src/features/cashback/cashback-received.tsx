import { Button, Text, Title } from '@vkontakte/vkui';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { ReceivedCashback } from '@contracts/cashback';
import { getPlatform } from '../../platform';
import { formatMoney } from '../../shared/lib/money-format';
import { paths } from '../../shared/routing/paths';

// The "cashback received" modal (spec §2, max width 500 px): shown on the live `cashback` message with the amount,
// the percentage, the cap and the period.
export function CashbackReceivedModal({ data, onClose }: { data: ReceivedCashback; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const [, navigate] = useLocation();
  const ok = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    ok.current?.focus();
    getPlatform().haptics.notification('success'); // inside Telegram a success haptic; nothing in a browser
  }, []);
  const day = (iso: string) => new Date(iso).toLocaleDateString(i18n.language);
  return (
    <div
      role="presentation"
      onClick={onClose}
      onKeyDown={(e) => e.key === 'Escape' && onClose()}
      style={{
        position: 'fixed',
        inset: 0,
        zIndex: 1000,
        background: 'rgba(0,0,0,0.45)',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        padding: 16,
      }}
    >
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="cashback-received-title"
        data-testid="cashback-received"
        onClick={(e) => e.stopPropagation()}
        style={{
          width: '100%',
          maxWidth: 500,
          background: 'var(--vkui--color_background_content)',
          borderRadius: 16,
          padding: 20,
          display: 'flex',
          flexDirection: 'column',
          gap: 12,
          boxShadow: '0 8px 32px rgba(0,0,0,0.3)',
        }}
      >
        <Title level="2" id="cashback-received-title">
          {t('cashback.received_title')}
        </Title>
        <Text data-testid="cashback-received-amount" style={{ fontSize: 28, fontWeight: 700 }}>
          +{formatMoney(data.cashback_amount, data.currency)}
        </Text>
        <Text>
          {t('cashback.received_text', {
            amount: formatMoney(data.cashback_amount, data.currency),
            percent: data.cashback_percentage,
          })}
          {data.max_cashback_amount !== null
            ? ` ${t('cashback.received_cap', { max: formatMoney(data.max_cashback_amount, data.currency) })}`
            : ''}
        </Text>
        <Text style={{ color: 'var(--vkui--color_text_secondary)' }}>
          {t('cashback.received_period', {
            frequency: t(`cashback.frequency.${data.frequency}`),
            start: day(data.period_start),
            end: day(data.period_end),
          })}
        </Text>
        <Button getRootRef={ok} size="l" stretched onClick={onClose} data-testid="cashback-received-ok">
          {t('cashback.ok')}
        </Button>
        <Button
          size="l"
          mode="secondary"
          stretched
          onClick={() => {
            onClose();
            navigate(paths.profile('history', 'cashbacks'));
          }}
        >
          {t('cashback.history_link')}
        </Button>
      </div>
    </div>
  );
}
