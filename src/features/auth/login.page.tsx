import { useState } from 'react';
import { Button, FormItem, FormLayoutGroup, Group, Header, Input, Link as VkLink, Div, Text } from '@vkontakte/vkui';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { getPlatform } from '../../platform';
import { ApiError } from '../../shared/api';
import { setToken } from '../../shared/session/session.store';
import { showToast } from '../../shared/toast/toast.store';
import { requestPasswordReset, resetPassword, signInRequest } from './auth.api';
import { afterSignInPath, EMAIL_RE, formError } from './form-error';
import { CaptchaField } from './captcha-field';
import { paths } from '../../shared/routing/paths';
import { platformSettings } from '../site-status';

export const RESET_TOKEN_KEY = 'password_reset_token';

// /auth/login: email + password, the 2FA code when the server asks for it, forgotten password, and setting a new
// password when the page was opened from a reset link (the shell kept the token).
export function LoginPage() {
  const { t } = useTranslation();
  const [resetToken, setResetToken] = useState(() => getPlatform().storage.get(RESET_TOKEN_KEY));
  const [mode, setMode] = useState<'sign-in' | 'forgot'>('sign-in');
  if (resetToken) return <SetPasswordForm token={resetToken} onDone={() => setResetToken(null)} />;
  return (
    <Group
      header={<Header size="l">{mode === 'sign-in' ? t('pages.login') : t('auth.forgot')}</Header>}
      data-testid="login-page"
    >
      {mode === 'sign-in' ? (
        <SignInForm onForgot={() => setMode('forgot')} />
      ) : (
        <ForgotForm onBack={() => setMode('sign-in')} />
      )}
    </Group>
  );
}

function SignInForm({ onForgot }: { onForgot: () => void }) {
  const { telegramBotUsername } = useSnapshot(platformSettings);
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [needsCode, setNeedsCode] = useState(false);
  const [captcha, setCaptcha] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!EMAIL_RE.test(email)) return setError(t('auth.email_invalid'));
    setBusy(true);
    setError(null);
    try {
      const res = await signInRequest(email.trim(), password, needsCode ? code.trim() : undefined, captcha);
      setToken(res.access_token);
      window.location.assign(afterSignInPath());
    } catch (err) {
      if (err instanceof ApiError && err.code === 'ACCOUNTS_2FA_REQUIRED') setNeedsCode(true);
      else setError(formError(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <FormLayoutGroup>
        <FormItem top={t('auth.email')} htmlFor="email">
          <Input
            id="email"
            type="email"
            autoComplete="username"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            slotProps={{ input: { 'data-testid': 'login-email' } }}
          />
        </FormItem>
        <FormItem top={t('auth.password')} htmlFor="password">
          <Input
            id="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            slotProps={{ input: { 'data-testid': 'login-password' } }}
          />
        </FormItem>
        {needsCode && (
          <FormItem top={t('auth.two_factor_code')} bottom={t('auth.two_factor_hint')} htmlFor="code">
            <Input
              id="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              slotProps={{ input: { 'data-testid': 'login-code' } }}
              autoFocus
            />
          </FormItem>
        )}
        <CaptchaField onToken={setCaptcha} />
        {error && (
          <FormItem status="error" bottom={t(error)} data-testid="login-error">
            {null}
          </FormItem>
        )}
        <FormItem>
          <Button size="l" stretched type="submit" loading={busy} data-testid="login-submit">
            {t('auth.sign_in')}
          </Button>
        </FormItem>
      </FormLayoutGroup>
      <Div>
        <VkLink onClick={onForgot}>{t('auth.forgot')}</VkLink>
        <Text>
          {t('auth.no_account')} <Link href={paths.signup()}>{t('common.sign_up')}</Link>
        </Text>
        {/* the Login Widget needs the bot's username: without it the link led to "not set up on this site" */}
        {telegramBotUsername && (
          <Text>
            <Link href={paths.telegramLogin()} data-testid="login-telegram">
              {t('auth.telegram')}
            </Link>
          </Text>
        )}
      </Div>
    </form>
  );
}

function ForgotForm({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!EMAIL_RE.test(email)) return;
    await requestPasswordReset(email.trim()).then(
      () => setSent(true),
      () => undefined,
    );
  }
  return (
    <form onSubmit={submit} noValidate>
      <FormItem
        top={t('auth.email')}
        htmlFor="reset-email"
        status={sent ? 'valid' : 'default'}
        bottom={sent ? t('auth.reset_sent') : undefined}
      >
        <Input
          id="reset-email"
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          slotProps={{ input: { 'data-testid': 'reset-email' } }}
        />
      </FormItem>
      <FormItem>
        <Button size="l" stretched type="submit" disabled={sent}>
          {t('auth.send_reset')}
        </Button>
      </FormItem>
      <Div>
        <VkLink onClick={onBack}>{t('auth.back_to_sign_in')}</VkLink>
      </Div>
    </form>
  );
}

function SetPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (password.length < 8) return setError(t('auth.password_rule'));
    try {
      await resetPassword(token, password);
      getPlatform().storage.remove(RESET_TOKEN_KEY);
      showToast({ severity: 'success', summary: 'toast.done', detail: 'reset_password_detail' });
      onDone();
    } catch (err) {
      if (err instanceof ApiError && err.status === 403) {
        getPlatform().storage.remove(RESET_TOKEN_KEY);
        onDone();
      } else setError(formError(err));
    }
  }
  return (
    <Group header={<Header size="l">{t('auth.set_password')}</Header>} data-testid="set-password-page">
      <form onSubmit={submit} noValidate>
        <FormItem
          top={t('auth.new_password')}
          htmlFor="new-password"
          status={error ? 'error' : 'default'}
          bottom={error ?? t('auth.password_rule')}
        >
          <Input
            id="new-password"
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </FormItem>
        <FormItem>
          <Button size="l" stretched type="submit">
            {t('auth.set_password')}
          </Button>
        </FormItem>
      </form>
    </Group>
  );
}
