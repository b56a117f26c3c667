import { useEffect, useRef, useState } from 'react';
import { Group, Header, Placeholder } from '@vkontakte/vkui';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { setToken } from '../../shared/session/session.store';
import { platformSettings } from '../site-status';
import { signInWithWidget } from './auth.api';
import { formError } from './form-error';

// /auth/telegram: Telegram's Login Widget (browser build). The widget's signed payload is checked on the server.
export function TelegramLoginPage() {
  const { t } = useTranslation();
  const { telegramBotUsername } = useSnapshot(platformSettings);
  const host = useRef<HTMLDivElement>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!telegramBotUsername || !host.current) return;
    const callback = '__onTelegramAuth';
    (window as unknown as Record<string, unknown>)[callback] = (user: Record<string, string | number>) => {
      signInWithWidget(user).then(
        (res) => {
          setToken(res.access_token);
          window.location.assign('/');
        },
        (err: unknown) => setError(formError(err)),
      );
    };
    const script = document.createElement('script');
    script.src = 'https://telegram.org/js/telegram-widget.js?22';
    script.async = true;
    script.dataset.telegramLogin = telegramBotUsername;
    script.dataset.size = 'large';
    script.dataset.onauth = `${callback}(user)`;
    script.dataset.requestAccess = 'write';
    host.current.appendChild(script);
    const el = host.current;
    return () => {
      el.innerHTML = '';
    };
  }, [telegramBotUsername]);

  return (
    <Group header={<Header size="l">{t('auth.telegram')}</Header>} data-testid="telegram-login-page">
      {telegramBotUsername ? (
        <Placeholder title={error ? t(error) : undefined}>
          {t('auth.telegram_hint')}
          <div ref={host} style={{ marginTop: 16 }} />
        </Placeholder>
      ) : (
        <Placeholder>{t('auth.telegram_not_configured')}</Placeholder>
      )}
    </Group>
  );
}
