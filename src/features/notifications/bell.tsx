import { Counter, IconButton } from '@vkontakte/vkui';
import { Icon24NotificationOutline } from '@vkontakte/icons';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { getPlatform } from '../../platform';
import { session } from '../../shared/session/session.store';
import { paths } from '../../shared/routing/paths';
import {
  askWriteAccessAfterDeposit,
  notificationsState,
  refreshUnviewed,
  resetNotifications,
} from './notifications.store';

// The header's bell (issue 24): the unviewed count, raised live by the `notification` message; opens the list.
export function NotificationBell() {
  const { t } = useTranslation();
  const { token } = useSnapshot(session);
  const { unviewed } = useSnapshot(notificationsState);
  useEffect(() => {
    if (token) void refreshUnviewed();
    else resetNotifications();
  }, [token]);
  // a deposit credited: inside Telegram, the moment to ask whether the bot may write (once; never at launch). The live
  // client is a lazy chunk (app/live-channel loads it): imported here too, never in the first load.
  useEffect(() => {
    if (!token || getPlatform().kind !== 'telegram') return;
    let off: (() => void) | undefined;
    let cancelled = false;
    void import('../../shared/live/live-socket').then(({ onLiveMessage }) => {
      if (cancelled) return;
      off = onLiveMessage('notification', (data) => {
        if (data.kind === 'deposit_credited') void askWriteAccessAfterDeposit().catch(() => undefined);
      });
    });
    return () => {
      cancelled = true;
      off?.();
    };
  }, [token]);
  if (!token) return null;
  const count = unviewed ?? 0;
  const href = paths.profile('general', 'notifications');
  return (
    <Link href={href} asChild>
      <IconButton
        Component="a"
        href={href}
        className="notification-bell"
        data-testid="header-bell"
        data-count={count}
        label={count ? t('notifications.bell_unviewed', { count }) : t('notifications.bell')}
      >
        <Icon24NotificationOutline />
        {count > 0 && (
          <Counter size="s" mode="primary" appearance="accent-red" className="notification-bell__count" aria-hidden>
            {count > 99 ? '99+' : count}
          </Counter>
        )}
      </IconButton>
    </Link>
  );
}
