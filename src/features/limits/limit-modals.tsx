import { Alert } from '@vkontakte/vkui';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { addBundledTexts } from '../../shared/i18n/i18n';
import { signOut } from '../../shared/session/session.store';
import { endSession } from './limits.api';
import { closeLimitReached, closeSessionLimit, closesTheGame, limitModals } from './limits.store';
import { limitsTexts } from './limits.locales';

addBundledTexts(limitsTexts); // this chunk's texts join the bundle when it loads

// The limit modals of spec §2. The session-limit modal's "play more" extension and saving the limit come with the
// session timer (issue 6); today "play more" closes, sign-out signs out, the settings link opens the limits page.
export function LimitModals() {
  const { reached, sessionLimit } = useSnapshot(limitModals);
  if (reached) return <LimitReachedModal />;
  if (sessionLimit) return <SessionLimitModal />;
  return null;
}

function LimitReachedModal() {
  const { t, i18n } = useTranslation();
  const [, navigate] = useLocation();
  const { reached } = useSnapshot(limitModals);
  if (!reached) return null;
  const closeGame = closesTheGame(reached.limit_type);
  const end = reached.limit_end_date ? new Date(reached.limit_end_date).toLocaleString(i18n.language) : null;
  const close = () => {
    if (!limitModals.reached) return; // the action and the Alert's own close both end here
    closeLimitReached();
    if (closeGame) navigate('/');
  };
  return (
    <Alert
      title={t(`limits.${reached.limit_type}_title`)}
      description={[t('limits.reached_text', { usage: reached.limit_usage, value: reached.limit_value }), end ? t('limits.period', { end }) : '']
        .filter(Boolean)
        .join(' ')}
      actions={[{ title: closeGame ? t('limits.close_game') : t('limits.close'), mode: 'default', action: close }]}
      onClosed={close}
      data-testid="limit-modal"
      data-limit-type={reached.limit_type}
    />
  );
}

function SessionLimitModal() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  return (
    <Alert
      title={t('limits.session_title')}
      description={t('limits.session_text')}
      actions={[
        { title: t('limits.play_more'), mode: 'default', action: closeSessionLimit },
        { title: t('limits.logout'), mode: 'destructive', action: () => void endSession().finally(() => signOut()) },
        { title: t('limits.change_settings'), mode: 'cancel', action: () => navigate('/profile/general/limits') },
      ]}
      onClosed={closeSessionLimit}
      data-testid="session-limit-modal"
    />
  );
}
