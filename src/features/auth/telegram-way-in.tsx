import { useState } from 'react';
import { Div, FormItem, Placeholder } from '@vkontakte/vkui';
import { useTranslation } from 'react-i18next';
import { setToken } from '../../shared/session/session.store';
import { MainAction } from '../../shared/bottom-bar/main-action';
import { signInWithInitData } from './auth.api';
import { afterSignInPath, formError } from './form-error';

/**
 * Sign-up and sign-in inside Telegram (issue 28: no email sign-up there): the Telegram account is the way in, so
 * the pages offer that instead of an email form. Signed in, the player goes where they were heading.
 */
export function TelegramWayIn({ initData }: { initData: string }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const signIn = () => {
    setBusy(true);
    setError(null);
    signInWithInitData(initData).then(
      (res) => {
        setToken(res.access_token);
        window.location.assign(afterSignInPath());
      },
      (err: unknown) => {
        setError(formError(err));
        setBusy(false);
      },
    );
  };
  return (
    <Div className="app-narrow" data-testid="telegram-way-in">
      <Placeholder title={t('auth.telegram_way_in_title')}>{t('auth.telegram_way_in_text')}</Placeholder>
      <FormItem status={error ? 'error' : 'default'} bottom={error}>
        <MainAction
          type="button"
          text={t('auth.telegram')}
          loading={busy}
          onClick={signIn}
          testId="telegram-way-in-submit"
        />
      </FormItem>
    </Div>
  );
}
