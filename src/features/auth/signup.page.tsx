import { useEffect, useState } from 'react';
import { Checkbox, FormItem, FormLayoutGroup, Group, Header, Input, Div, Text } from '@vkontakte/vkui';
import { Select } from '../../shared/ui/select';
import { Trans, useTranslation } from 'react-i18next';
import type { ContentPageSlug } from '@contracts/content-pages';
import { ContentDialog } from '../content';
import { Link } from 'wouter';
import { getPlatform } from '../../platform';
import { ApiError } from '../../shared/api';
import { setToken } from '../../shared/session/session.store';
import { fetchCurrencies, signUpRequest } from './auth.api';
import { afterSignInPath, EMAIL_RE, formError } from './form-error';
import { CaptchaField } from './captcha-field';
import { paths } from '../../shared/routing/paths';
import { MainAction } from '../../shared/bottom-bar/main-action';
import { TelegramWayIn } from './telegram-way-in';

// /auth/signup: email, password, currency (from all_currencies, default USD) and the terms. Inside Telegram the
// Telegram account is the way in: no email form there.
export function SignupPage() {
  const initData = getPlatform().getInitData();
  return initData ? <TelegramWayIn initData={initData} /> : <EmailSignupPage />;
}

function EmailSignupPage() {
  const { t, i18n } = useTranslation();
  const [currencies, setCurrencies] = useState<string[]>(['USD']);
  // the welcome offer chosen on /bonuses (?welcome_bonus_id=) and a promo code (issue 16)
  const welcomeBonusId = Number(new URLSearchParams(window.location.search).get('welcome_bonus_id')) || undefined;
  const [form, setForm] = useState({
    email: '',
    password: '',
    currency: new URLSearchParams(window.location.search).get('currency') ?? 'USD',
    accept: false,
    promo: '',
  });
  const [errors, setErrors] = useState<Partial<Record<'email' | 'password' | 'accept' | 'promo' | 'form', string>>>({});
  const [busy, setBusy] = useState(false);
  const [captcha, setCaptcha] = useState<string | undefined>();
  const [reading, setReading] = useState<ContentPageSlug | null>(null);
  const docLink = (slug: ContentPageSlug) => (
    <a
      href={paths.content(slug)}
      data-testid={`signup-${slug}-link`}
      onClick={(e) => {
        e.preventDefault(); // read it over the form: what was typed stays
        setReading(slug);
      }}
    />
  );

  useEffect(() => {
    fetchCurrencies().then(
      (c) => setCurrencies(c.currencies),
      () => undefined,
    );
  }, []);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const next: typeof errors = {};
    if (!EMAIL_RE.test(form.email)) next.email = t('auth.email_invalid');
    if (form.password.length < 8) next.password = t('auth.password_rule');
    if (!form.accept) next.accept = t('auth.terms_required');
    setErrors(next);
    if (Object.keys(next).length) return;
    setBusy(true);
    try {
      const res = await signUpRequest({
        email: form.email.trim(),
        password: form.password,
        currency: form.currency,
        accept_terms: true,
        language_code: i18n.language,
        start_param: getPlatform().getStartParam() ?? undefined,
        captcha_token: captcha,
        promo_code: form.promo.trim() || undefined,
        welcome_bonus_id: welcomeBonusId,
      });
      setToken(res.access_token);
      window.location.assign(afterSignInPath());
    } catch (err) {
      // a promo code's refusal goes under the code, the rest under the form
      const code = err instanceof ApiError ? (err.code ?? '') : '';
      setErrors(code.startsWith('BONUSES_PROMO') ? { promo: formError(err) } : { form: formError(err) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Group header={<Header size="l">{t('pages.signup')}</Header>} data-testid="signup-page">
      <form onSubmit={submit} noValidate>
        <FormLayoutGroup>
          <FormItem
            top={t('auth.email')}
            htmlFor="su-email"
            status={errors.email ? 'error' : 'default'}
            bottom={errors.email}
          >
            <Input
              id="su-email"
              type="email"
              autoComplete="email"
              value={form.email}
              onChange={(e) => setForm({ ...form, email: e.target.value })}
              slotProps={{ input: { 'data-testid': 'signup-email' } }}
            />
          </FormItem>
          <FormItem
            top={t('auth.password')}
            htmlFor="su-password"
            status={errors.password ? 'error' : 'default'}
            bottom={errors.password ?? t('auth.password_rule')}
          >
            <Input
              id="su-password"
              type="password"
              autoComplete="new-password"
              value={form.password}
              onChange={(e) => setForm({ ...form, password: e.target.value })}
              slotProps={{ input: { 'data-testid': 'signup-password' } }}
            />
          </FormItem>
          <FormItem top={t('auth.currency')}>
            <Select
              label={t('auth.currency')}
              value={form.currency}
              onChange={(e) => setForm({ ...form, currency: e.target.value })}
              options={currencies.map((c) => ({ value: c, label: c }))}
              data-testid="signup-currency"
            />
          </FormItem>
          {welcomeBonusId && (
            <FormItem>
              <Text data-testid="signup-welcome-chosen">{t('auth.welcome_chosen')}</Text>
            </FormItem>
          )}
          <FormItem
            top={t('auth.promo_code')}
            htmlFor="su-promo"
            status={errors.promo ? 'error' : 'default'}
            bottom={errors.promo}
          >
            <Input
              id="su-promo"
              autoComplete="off"
              value={form.promo}
              onChange={(e) => setForm({ ...form, promo: e.target.value })}
              slotProps={{ input: { 'data-testid': 'signup-promo' } }}
            />
          </FormItem>
          <FormItem status={errors.accept ? 'error' : 'default'} bottom={errors.accept}>
            <Checkbox
              checked={form.accept}
              onChange={(e) => setForm({ ...form, accept: e.target.checked })}
              data-testid="signup-terms"
            >
              <Trans
                i18nKey="auth.accept_terms_linked"
                components={{ terms: docLink('terms'), privacy: docLink('privacy') }}
              />
            </Checkbox>
          </FormItem>
          <CaptchaField onToken={setCaptcha} />
          {errors.form && (
            <FormItem status="error" bottom={t(errors.form)} data-testid="signup-error">
              {null}
            </FormItem>
          )}
          <FormItem>
            <MainAction text={t('auth.sign_up')} loading={busy} testId="signup-submit" />
          </FormItem>
        </FormLayoutGroup>
      </form>
      {reading && <ContentDialog slug={reading} onClose={() => setReading(null)} />}
      <Div>
        <Text>
          {t('auth.have_account')} <Link href={paths.login()}>{t('common.sign_in')}</Link>
        </Text>
      </Div>
    </Group>
  );
}
