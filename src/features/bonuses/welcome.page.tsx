import { useEffect, useState } from 'react';
import { useResource } from '../../shared/data/use-resource';
import { LoadFailed } from '../../shared/ui/load-failed';
import { Button, Card, Div, FormItem, Group, Header, Placeholder, Text } from '@vkontakte/vkui';
import { Select } from '../../shared/ui/select';
import { Spinner } from '../../shared/ui/spinner';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { session } from '../../shared/session/session.store';
import { formatMoney } from '../../shared/lib/money-format';
import { fetchCurrencies, fetchWelcomeOffers } from './bonuses.api';
import { offerLine, TermsLines } from './bonuses.page';
import './bonuses.css';
import { paths } from '../../shared/routing/paths';

// /bonuses (guests): the welcome offers per currency with their terms in plain words, and a sign-up that keeps the
// chosen offer (?welcome_bonus_id=…&currency=…).
export function WelcomeBonusesPage() {
  const { t, i18n } = useTranslation();
  const [, navigate] = useLocation();
  const { token } = useSnapshot(session);
  const [currency, setCurrency] = useState('USD');
  const currencies = useResource([], fetchCurrencies).data?.currencies ?? ['USD'];
  const welcome = useResource([currency, i18n.language], () =>
    fetchWelcomeOffers(currency, i18n.language).then((r) => [...r.deposit, ...r.free_rounds]),
  );
  const offers = welcome.loading ? undefined : welcome.data;
  // the welcome offers are for guests (spec §2): a signed-in player (a banner's link, or signed in on this page)
  // sees the offers made to their account
  useEffect(() => {
    if (token) navigate(paths.profile('promotions', 'bonuses', 'available'), { replace: true });
  }, [token, navigate]);
  return (
    <Group header={<Header size="l">{t('bonuses.welcome_title')}</Header>} data-testid="welcome-bonuses-page">
      <Div>
        <Text>{t('bonuses.welcome_intro')}</Text>
      </Div>
      <FormItem top={t('bonuses.currency')} style={{ maxWidth: 200 }}>
        <Select
          label={t('bonuses.currency')}
          value={currency}
          onChange={(e) => setCurrency(e.target.value)}
          options={currencies.map((c) => ({ value: c, label: c }))}
          data-testid="welcome-currency"
        />
      </FormItem>
      {!offers ? (
        welcome.failed ? (
          <LoadFailed onRetry={welcome.reload} />
        ) : (
          <Spinner size="m" style={{ margin: 24 }} />
        )
      ) : offers.length === 0 ? (
        <Placeholder>{t('bonuses.welcome_none')}</Placeholder>
      ) : (
        <div className="bonus-welcome">
          {offers.map((o) => {
            const minDep = o.currency_limits[o.currency]?.min_dep ?? 0;
            return (
              <Card Component="div" mode="outline" key={o.id} data-testid={`welcome-offer-${o.id}`}>
                <Div>
                  <Text weight="2">{o.terms.title || t(`bonuses.types.${o.type}`)}</Text>
                  <Text>{offerLine(t, o)}</Text>
                  {minDep > 0 && <Text>{t('bonuses.min_deposit', { min: formatMoney(minDep, o.currency) })}</Text>}
                  {o.terms.claim_days !== null && (
                    <Text>{t('bonuses.days_to_claim', { count: o.terms.claim_days })}</Text>
                  )}
                  <TermsLines terms={o.terms} currency={o.currency} />
                  <Button
                    size="l"
                    stretched
                    onClick={() => navigate(paths.signup({ welcome_bonus_id: o.id, currency: o.currency }))}
                    data-testid="welcome-take"
                  >
                    {t('bonuses.take')}
                  </Button>
                </Div>
              </Card>
            );
          })}
        </div>
      )}
    </Group>
  );
}
