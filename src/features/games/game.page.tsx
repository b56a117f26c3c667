import { useEffect, useRef, useState } from 'react';
import { Button, ButtonGroup, Placeholder, Spinner } from '@vkontakte/vkui';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'wouter';
import { isHouseFrameMessage, type SessionUrlResponse } from '@contracts/games';
import { getPlatform } from '../../platform';
import { useWindowWidth } from '../../shared/lib/use-window-width';
import { holdBalance, releaseBalance } from '../player';
import { fetchSessionUrl } from './games.api';

/** /game/:game_string_id/:demo?: the game's session URL in an iframe; full height on phones. */
export function GamePage() {
  const { t, i18n } = useTranslation();
  const [, navigate] = useLocation();
  const { game_string_id: stringId, demo } = useParams<{ game_string_id: string; demo?: string }>();
  const isDemo = demo === 'demo';
  const [game, setGame] = useState<SessionUrlResponse | null>(null);
  const [failed, setFailed] = useState(false);
  const roundOpen = useRef(false);
  const width = useWindowWidth();
  const phone = width < 768;
  const platform = getPlatform();

  useEffect(() => {
    let stale = false;
    setGame(null);
    setFailed(false);
    fetchSessionUrl(stringId, { language: i18n.language, demo_flag: isDemo, client_type: platform.kind === 'telegram' ? 'telegram' : 'web' }).then(
      (g) => !stale && setGame(g),
      () => !stale && setFailed(true),
    );
    return () => {
      stale = true;
    };
  }, [stringId, isDemo, i18n.language, platform.kind]);

  // what the game page inside the iframe tells us: rounds (closing confirmation, haptics), balance, leave
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || !isHouseFrameMessage(event.data)) return;
      const msg = event.data;
      if (msg.type === 'round_started') {
        roundOpen.current = true;
        holdBalance();
        platform.setClosingConfirmation(true);
        platform.haptics.impact('light');
      } else if (msg.type === 'round_finished') {
        roundOpen.current = false;
        releaseBalance();
        platform.setClosingConfirmation(false);
        if (msg.result === 'win') platform.haptics.notification('success');
        else platform.haptics.impact('light');
      } else if (msg.type === 'leave') {
        navigate('/');
      }
    };
    window.addEventListener('message', onMessage);
    return () => {
      window.removeEventListener('message', onMessage);
      releaseBalance();
      if (roundOpen.current) platform.setClosingConfirmation(false);
    };
  }, [navigate, platform]);

  if (failed) {
    return (
      <Placeholder action={<Button onClick={() => navigate('/')}>{t('games.back')}</Button>}>{t('games.load_failed')}</Placeholder>
    );
  }
  if (!game) return <Placeholder icon={<Spinner size="l" />}>{t('games.loading_game')}</Placeholder>;
  const theme = platform.getColorScheme();
  const src = `${game.url}${game.url.includes('?') ? '&' : '?'}theme=${theme}`;
  return (
    <div data-testid="game-page" style={{ display: 'flex', flexDirection: 'column', gap: 8, padding: phone ? 0 : '8px 16px', maxWidth: phone ? undefined : 1100, margin: '0 auto' }}>
      {!phone && (
        <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
          <strong style={{ flex: 1, fontSize: 18 }}>{game.name}</strong>
          {game.has_demo && (
            <ButtonGroup mode="horizontal" gap="s">
              <Button mode={isDemo ? 'secondary' : 'primary'} onClick={() => navigate(`/game/${stringId}`)} data-testid="mode-real">{t('games.real')}</Button>
              <Button mode={isDemo ? 'primary' : 'secondary'} onClick={() => navigate(`/game/${stringId}/demo`)} data-testid="mode-demo">{t('games.demo')}</Button>
            </ButtonGroup>
          )}
          <Button mode="tertiary" onClick={() => navigate('/')} aria-label={t('games.close')}>✕</Button>
        </div>
      )}
      <iframe
        key={src}
        src={src}
        title={game.name}
        data-testid="game-frame"
        allow="clipboard-write; fullscreen"
        style={{ border: 0, width: '100%', height: phone ? 'calc(100dvh - 110px)' : 'min(78vh, 820px)', borderRadius: phone ? 0 : 12, background: 'transparent' }}
      />
    </div>
  );
}
