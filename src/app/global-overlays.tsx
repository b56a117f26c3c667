import { Alert, Button, Snackbar } from '@vkontakte/vkui';
import {
  Icon28CancelCircleFillRed,
  Icon28CheckCircleOutline,
  Icon28InfoOutline,
  Icon28ErrorCircleOutline,
} from '@vkontakte/icons';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { useWindowWidth } from '../shared/lib/use-window-width';
import { playerState } from '../shared/player/player.store';
import { LimitModals } from '../features/limits/limit-modals';
import { CashbackReceivedOverlay } from './cashback-received';
import { LevelUpOverlay } from './celebrations';
import { signOut } from '../shared/session/session.store';
import { dismissToast, isTranslationKey, toasts, type ToastSeverity } from '../shared/toast/toast.store';

// Global overlays (spec §2 modals): the toast host, the ban modal and the limit modals. Rendered only in the full layout.
export function GlobalOverlays() {
  return (
    <>
      <ToastHost />
      <BanModal />
      <LimitModals />
      <CashbackReceivedOverlay />
      <LevelUpOverlay />
    </>
  );
}

const ICONS: Record<ToastSeverity, React.ReactNode> = {
  success: <Icon28CheckCircleOutline fill="var(--vkui--color_icon_positive)" />,
  info: <Icon28InfoOutline fill="var(--vkui--color_icon_accent)" />,
  warn: <Icon28ErrorCircleOutline fill="var(--vkui--color_icon_warning, #ffa000)" />,
  error: <Icon28CancelCircleFillRed />,
  secondary: <Icon28InfoOutline />,
  contrast: <Icon28InfoOutline />,
};

function ToastHost() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const { items } = useSnapshot(toasts);
  const isDesktop = useWindowWidth() >= 1024;
  const toast = items[0];
  if (!toast) return null;
  const detail = toast.detail ? (isTranslationKey(toast.detail) ? t(toast.detail) : toast.detail) : undefined;
  return (
    <Snackbar
      key={toast.id}
      // never over the header (balance, sign-in): at the bottom, above the phone's tab bar
      // a phone's toast spans the screen's width (bottom-end ran off its right edge at 390 px, issue 28)
      placement={isDesktop ? 'bottom-end' : 'bottom'}
      offsetY={isDesktop ? undefined : 'calc(64px + var(--app-safe-bottom, 0px))'}
      duration={toast.life}
      onClosed={() => dismissToast(toast.id)}
      before={ICONS[toast.severity]}
      subtitle={detail}
      data-testid="toast"
      data-severity={toast.severity}
      after={
        toast.action ? (
          <Button size="s" mode="link" onClick={() => navigate(toast.action!.href)}>
            {t(toast.action.labelKey)}
          </Button>
        ) : undefined
      }
    >
      {t(toast.summary)}
    </Snackbar>
  );
}

function BanModal() {
  const { t, i18n } = useTranslation();
  const { ban } = useSnapshot(playerState);
  if (!ban?.modal) return null;
  const permanent = ban.type === 'block_permanent';
  const title = permanent
    ? t('ban.account_blocked_forever')
    : `${t('ban.account_blocked_temp')}${ban.time ? ` ${t('common.until')} ${new Date(ban.time).toLocaleString(i18n.language)}` : ''}`;
  return (
    <Alert
      title={title}
      description={t('ban.text')}
      actions={[{ title: t('ban.accept'), mode: 'default', action: () => signOut() }]}
      onClosed={() => signOut()}
      data-testid="ban-modal"
    />
  );
}
