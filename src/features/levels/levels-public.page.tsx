import { Button, Div, FormItem, Group, Header, Text } from '@vkontakte/vkui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { useResource } from '../../shared/data/use-resource';
import { paths } from '../../shared/routing/paths';
import { LoadFailed } from '../../shared/ui/load-failed';
import { Select } from '../../shared/ui/select';
import { Spinner } from '../../shared/ui/spinner';
import { fetchCurrencies, fetchPublicLevels } from './levels.api';
import { Ladder } from './levels.page';
import './levels.css';

// /levels (guests, spec §2): the public ladder (names, descriptions, logos, thresholds in a currency, rewards) and a
// way to sign up. Signed-in players see their levels in the profile (the route is logged-out only).
export function LevelsPublicPage() {
  const { t, i18n } = useTranslation();
  const [, navigate] = useLocation();
  const [currency, setCurrency] = useState<string | undefined>(undefined);
  const levels = useResource([currency, i18n.language], () => fetchPublicLevels(currency, i18n.language));
  const data = levels.data;
  const currencies = useResource([], fetchCurrencies).data?.currencies ?? [data?.currency ?? 'USD'];
  return (
    <Group header={<Header size="l">{t('levels.title')}</Header>} data-testid="levels-public-page">
      <Div>
        <Text>{t('levels.guest_intro')}</Text>
      </Div>
      <FormItem top={t('levels.currency')} style={{ maxWidth: 200 }}>
        <Select
          label={t('levels.currency')}
          value={currency ?? data?.currency ?? 'USD'}
          onChange={(e) => setCurrency(e.target.value)}
          options={currencies.map((c) => ({ value: c, label: c }))}
          data-testid="levels-currency"
        />
      </FormItem>
      {!data || levels.loading ? (
        levels.failed ? (
          <LoadFailed onRetry={levels.reload} />
        ) : (
          <Spinner size="m" style={{ margin: 24 }} />
        )
      ) : (
        <Ladder view={data} />
      )}
      <Div>
        <Button size="l" stretched onClick={() => navigate(paths.signup())} data-testid="levels-sign-up">
          {t('levels.sign_up')}
        </Button>
      </Div>
    </Group>
  );
}
