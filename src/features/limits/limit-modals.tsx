import { useState } from 'react';
import { Button, ButtonGroup, Link, Text, Title } from '@vkontakte/vkui';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { addBundledTexts } from '../../shared/i18n/i18n';
import { formatMoney } from '../../shared/lib/money-format';
import { signOutByPlayer } from '../../shared/session/session.store';
import { showToast } from '../../shared/toast/toast.store';
import { playerState } from '../../shared/player/player.store';
import { endSession, fetchPlaySession, saveTimeLimit } from './limits.api';
import { closeLimitReached, closeSessionLimit, closesTheGame, limitModals } from './limits.store';
import { limitsTexts } from './limits.locales';
import { roundUpToMinutes } from './session-timer';
import { currentSessionTimer } from './limit-timers';
import { paths } from '../../shared/routing/paths';

addBundledTexts(limitsTexts); // this chunk's texts join the bundle when it loads

// The limit modals of spec §2 (500 px wide, §9), the session time-limit timer and the reality check.
export function LimitModals() {
  const { reached, sessionLimit, realityCheck } = useSnapshot(limitModals);
  if (reached) return <LimitReachedModal />;
  if (sessionLimit) return <SessionLimitModal />;
  if (realityCheck) return <RealityCheckModal />;
  return null;
}

function Modal({ testId, children, onClose }: { testId: string; children: React.ReactNode; onClose?: () => void }) {
  return (
    <div
      role="presentation"
      onClick={onClose}
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
        data-testid={testId}
        onClick={(e) => e.stopPropagation()}
        style={{
          width: 500,
          maxWidth: '100%',
          background: 'var(--vkui--color_background_content)',
          borderRadius: 16,
          padding: 20,
          display: 'flex',
          flexDirection: 'column',
          gap: 12,
          boxShadow: '0 8px 32px rgba(0,0,0,0.3)',
        }}
      >
        {children}
      </div>
    </div>
  );
}

function LimitReachedModal() {
  const { t, i18n } = useTranslation();
  const [, navigate] = useLocation();
  const { reached } = useSnapshot(limitModals);
  const currency = playerState.player?.currency ?? 'USD';
  if (!reached) return null;
  const closeGame = closesTheGame(reached.limit_type);
  const end = reached.limit_end_date ? new Date(reached.limit_end_date).toLocaleString(i18n.language) : null;
  const close = () => {
    closeLimitReached();
    if (closeGame) navigate(paths.home());
  };
  return (
    <Modal testId="limit-modal" onClose={closeGame ? undefined : close}>
      <Title level="2" data-limit-type={reached.limit_type}>
        {t(`limits.${reached.limit_type}_title`)}
      </Title>
      <Text>
        {t('limits.reached_text', {
          usage: formatMoney(reached.limit_usage, currency, i18n.language),
          value: formatMoney(reached.limit_value, currency, i18n.language),
        })}
        {end ? ` ${t('limits.period', { end })}` : ''}
      </Text>
      <Button size="l" stretched onClick={close} data-testid="limit-modal-close">
        {closeGame ? t('limits.close_game') : t('limits.close')}
      </Button>
    </Modal>
  );
}

async function saveRounded(): Promise<number> {
  const rounded = roundUpToMinutes(Number(playerState.player?.time_limit ?? 60));
  await saveTimeLimit(rounded);
  if (playerState.player) playerState.player.time_limit = rounded;
  currentSessionTimer()?.restart(rounded);
  return rounded;
}

// Issue 28: stopping is the highlighted default; playing on is a second, deliberate step.
function SessionLimitModal() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const [isConfirming, setConfirming] = useState(false);
  const minutes = roundUpToMinutes(Number(playerState.player?.time_limit ?? 60)) / 60;
  const playMore = async () => {
    await saveRounded().catch(() => undefined);
    closeSessionLimit();
  };
  const logout = async () => {
    await endSession().catch(() => undefined);
    closeSessionLimit();
    signOutByPlayer();
  };
  const settings = async () => {
    await saveRounded().catch(() => undefined);
    closeSessionLimit();
    navigate(paths.profile('general', 'limits'));
  };
  const stop = (
    <Button size="l" stretched onClick={logout} data-testid="session-logout">
      {t('limits.logout')}
    </Button>
  );
  if (isConfirming)
    return (
      <Modal testId="session-limit-modal">
        <Title level="2">{t('limits.play_more_title')}</Title>
        <Text>{t('limits.play_more_text', { minutes })}</Text>
        <ButtonGroup stretched gap="s" mode="vertical">
          {stop}
          <Button size="l" stretched mode="tertiary" onClick={playMore} data-testid="session-play-more-confirm">
            {t('limits.play_more_confirm', { minutes })}
          </Button>
        </ButtonGroup>
      </Modal>
    );
  return (
    <Modal testId="session-limit-modal">
      <Title level="2">{t('limits.session_title')}</Title>
      <Text>{t('limits.session_text', { minutes })}</Text>
      <ButtonGroup stretched gap="s" mode="vertical">
        {stop}
        <Button size="l" stretched mode="secondary" onClick={() => setConfirming(true)} data-testid="session-play-more">
          {t('limits.play_more')}
        </Button>
      </ButtonGroup>
      <Link onClick={settings} data-testid="session-settings">
        {t('limits.change_settings')}
      </Link>
    </Modal>
  );
}

function RealityCheckModal() {
  const { t, i18n } = useTranslation();
  const [, navigate] = useLocation();
  const { realityCheck } = useSnapshot(limitModals);
  if (!realityCheck) return null;
  const close = (stop: boolean) => {
    limitModals.realityCheck = null;
    if (stop) {
      navigate(paths.home());
      showToast({ severity: 'info', summary: 'limits.reality_stopped' });
    } else {
      // the next reminder after another full interval
      void fetchPlaySession().then(
        (s) => {
          if (!s.reality_check_minutes) return;
          setTimeout(
            () => void fetchPlaySession().then((x) => (limitModals.realityCheck = x)),
            s.reality_check_minutes * 60_000,
          );
        },
        () => undefined,
      );
    }
  };
  return (
    <Modal testId="reality-check-modal">
      <Title level="2">{t('limits.reality_title')}</Title>
      <Text>
        {t('limits.reality_text', {
          minutes: realityCheck.minutes_played,
          result: formatMoney(realityCheck.net_result, realityCheck.currency, i18n.language),
        })}
      </Text>
      <ButtonGroup stretched gap="s">
        <Button size="l" stretched onClick={() => close(false)} data-testid="reality-continue">
          {t('limits.reality_continue')}
        </Button>
        <Button size="l" stretched mode="secondary" onClick={() => close(true)} data-testid="reality-stop">
          {t('limits.reality_stop')}
        </Button>
      </ButtonGroup>
    </Modal>
  );
}
