import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Button, ButtonGroup, Placeholder } from '@vkontakte/vkui';
import { Spinner } from '../../shared/ui/spinner';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useLocation, useParams } from 'wouter';
import type { SessionUrlResponse } from '@contracts/games';
import { isHouseFrameMessage, type HouseActionState } from '@contracts/house-protocol';
import { getPlatform } from '../../platform';
import { formatMoney } from '../../shared/lib/money-format';
import { paths } from '../../shared/routing/paths';
import { ApiError } from '../../shared/api';
import { session } from '../../shared/session/session.store';
import { holdBalance, playerState, releaseBalance } from '../../shared/player/player.store';
import { fetchSessionUrl } from './games.api';
import { useGameNative } from './use-game-native';
import { useMainButton, useSecondaryButton } from '../../shared/bottom-bar/use-bottom-button';
import './game.page.css';
import { gameName } from './game-name';
import { housePalette, paletteHash } from './game-palette';

/** Where a guest goes to play for real: sign-up (or sign-in), then straight back to this game. */
const back = (stringId: string) => `?next=${encodeURIComponent(paths.game(stringId))}`;

/**
 * /game/:game_string_id/:demo?: the game's session URL in an iframe under one bar (title, real/demo, close): the
 * game page inside draws no title, close or balance of its own (the header's balance follows what it reports). The
 * frame fills the viewport under the header (and above the tab bar on phones), and grows with the game's content
 * instead of scrolling inside. A guest gets sign-up (coming back here) or the demo, which needs no account.
 */
export function GamePage() {
  const { t, i18n } = useTranslation();
  const [, navigate] = useLocation();
  const { game_string_id: stringId, demo } = useParams<{ game_string_id: string; demo?: string }>();
  const { token } = useSnapshot(session);
  const isDemo = demo === 'demo';
  const guest = !token;
  const [game, setGame] = useState<SessionUrlResponse | null>(null);
  const [failed, setFailed] = useState(false);
  // no such game (issue 28: /game/no-such-game offered its demo); a guest's gate offers the demo only if there is one
  const [isMissing, setMissing] = useState(false);
  const [hasNoDemo, setNoDemo] = useState(false);
  const [demoBalance, setDemoBalance] = useState<{ balance: number; currency: string } | null>(null);
  const { player } = useSnapshot(playerState);
  const [isRefusedForMoney, setRefusedForMoney] = useState(false);
  // the house game's main action (Bet, Cash out…), shown on Telegram's bottom bar and pressed from there
  const [frameAction, setFrameAction] = useState<HouseActionState | null>(null);
  const roundOpen = useRef(false);
  const platform = getPlatform();
  const frameRef = useRef<HTMLIFrameElement | null>(null);
  const native = useGameNative(!!game, frameRef);
  const [contentHeight, setContentHeight] = useState(0);
  const [available, setAvailable] = useState(0);
  const pageRef = useRef<HTMLDivElement | null>(null);
  // the frame's URL hash with the app's palette (house games only), read once the page is laid out
  const [palette, setPalette] = useState<string | null>(null);
  const theme = platform.getColorScheme();
  useLayoutEffect(() => {
    if (!game || !pageRef.current) return setPalette(null);
    setPalette(game.is_house ? paletteHash(housePalette(pageRef.current)) : '');
  }, [game, theme]);

  useEffect(() => {
    let stale = false;
    setGame(null);
    setFailed(false);
    setMissing(false);
    setNoDemo(false);
    setDemoBalance(null);
    setRefusedForMoney(false);
    setFrameAction(null);
    fetchSessionUrl(stringId, {
      language: i18n.language,
      // a guest can play only the demo: on the real path its session says whether the game exists and has one
      demo_flag: isDemo || guest,
      client_type: platform.kind === 'telegram' ? 'telegram' : 'web',
    }).then(
      (g) => !stale && setGame(g),
      (err: unknown) => {
        if (stale) return;
        if (err instanceof ApiError && err.status === 404) setMissing(true);
        else if (err instanceof ApiError && err.code === 'GAMES_NO_DEMO' && guest && !isDemo) setNoDemo(true);
        else setFailed(true);
      },
    );
    return () => {
      stale = true;
    };
  }, [stringId, isDemo, guest, i18n.language, platform.kind]);

  // what the game page inside the iframe tells us: rounds (closing confirmation, haptics), balance, size, leave
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || !isHouseFrameMessage(event.data)) return;
      const msg = event.data;
      if (msg.type === 'round_started') {
        roundOpen.current = true;
        holdBalance();
        platform.setClosingConfirmation(true);
        native.lockOrientation(true);
        platform.haptics.impact('light');
      } else if (msg.type === 'round_finished') {
        roundOpen.current = false;
        releaseBalance();
        platform.setClosingConfirmation(false);
        native.lockOrientation(false);
        if (msg.result === 'win') platform.haptics.notification('success');
        else platform.haptics.impact('light');
      } else if (msg.type === 'balance') {
        if (isDemo) setDemoBalance({ balance: msg.balance, currency: msg.currency });
        else {
          // the game shows this balance already (a stake taken, a result shown): the header agrees at once; the
          // game reports real + bonus, the header shows the bonus on its own line
          const player = playerState.player;
          if (player && player.currency === msg.currency)
            player.balance = Math.max(0, msg.balance - (player.bonus_balance ?? 0));
        }
      } else if (msg.type === 'size') {
        setContentHeight(msg.height);
      } else if (msg.type === 'leave') {
        navigate(paths.home());
      } else if (msg.type === 'insufficient_funds') {
        setRefusedForMoney(true);
      } else if (msg.type === 'state') {
        setFrameAction(msg.action);
        if (toldHost.current === null) tellHostRef.current();
      }
    };
    window.addEventListener('message', onMessage);
    return () => {
      window.removeEventListener('message', onMessage);
      releaseBalance();
      if (roundOpen.current) platform.setClosingConfirmation(false);
    };
  }, [navigate, platform, isDemo, native]);

  const isBarNative = useMainButton({
    text: frameActionText(frameAction, i18n.language),
    disabled: !frameAction?.enabled,
    loading: frameAction?.loading,
    onClick: () =>
      frameRef.current?.contentWindow?.postMessage({ source: 'house-app', type: 'press' }, window.location.origin),
    hidden: !frameAction || !game?.is_house,
  });
  const playable = player ? player.balance + (player.bonus_balance ?? 0) : null;
  const isEmptyBalance = playable !== null && playable <= 0;
  // less on the balance than the stake in the game's amount field (while no round is in flight: a stake just
  // taken lowers the balance until the round settles)
  const isShortOfStake =
    playable !== null &&
    !!frameAction?.enabled &&
    frameAction.stake !== null &&
    frameAction.currency === player?.currency &&
    playable < frameAction.stake;
  useSecondaryButton({
    text: t('games.deposit'),
    onClick: () => navigate(paths.cashbox('deposit')),
    hidden: !game || isDemo || guest || !(isEmptyBalance || isRefusedForMoney || isShortOfStake),
  });

  // Telegram's bottom bar shows the house game's main action (7.10+): the game is told, and draws no button of its
  // own beside it (the player never sees both). Told when the frame loads, when this changes, and on the frame's
  // first state (a frame still starting when it loaded hears it then).
  const hostShowsAction = isBarNative && !!game?.is_house;
  const toldHost = useRef<boolean | null>(null);
  const tellHost = useCallback(() => {
    const win = frameRef.current?.contentWindow;
    if (!win) return;
    toldHost.current = hostShowsAction;
    win.postMessage({ source: 'house-app', type: 'host_action', shown: hostShowsAction }, window.location.origin);
  }, [hostShowsAction]);
  const tellHostRef = useRef(tellHost);
  tellHostRef.current = tellHost;
  useEffect(() => tellHost(), [tellHost]);

  // the viewport's height under the frame's top (and above the phone's tab bar)
  const measure = useCallback(() => {
    const frame = frameRef.current;
    if (!frame) return;
    const top = frame.getBoundingClientRect().top + window.scrollY;
    const tabbar = document.querySelector('.app-tabbar')?.getBoundingClientRect().height ?? 0;
    setAvailable(Math.max(320, Math.floor(window.innerHeight - top - tabbar - 8)));
  }, []);
  useLayoutEffect(() => {
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [measure, game, palette]);

  if (isMissing)
    return (
      <Placeholder
        data-testid="not-found-page"
        title={t('games.not_found_title')}
        action={<Button onClick={() => navigate(paths.home())}>{t('games.back')}</Button>}
      >
        {t('games.not_found_text')}
      </Placeholder>
    );
  if (guest && !isDemo) {
    if (!game && !hasNoDemo && !failed) return <Placeholder icon={<Spinner size="l" />} />;
    return <GuestGate stringId={stringId} hasDemo={!!game} />;
  }
  if (failed) {
    return (
      <Placeholder action={<Button onClick={() => navigate(paths.home())}>{t('games.back')}</Button>}>
        {t('games.load_failed')}
      </Placeholder>
    );
  }
  if (!game) return <Placeholder icon={<Spinner size="l" />}>{t('games.loading_game')}</Placeholder>;
  // real money with nothing to stake (a new account), or a stake just refused for want of money: the ways on
  const isEmpty = isEmptyBalance;
  const needsMoney = !isDemo && !guest && (isEmpty || isRefusedForMoney);
  const src = `${game.url}${game.url.includes('?') ? '&' : '?'}theme=${theme}&embedded=1${palette ?? ''}`;
  return (
    <div data-testid="game-page" className="game-page" ref={pageRef}>
      <div className="game-page__bar">
        <h1 className="game-page__title" data-testid="game-title">
          {gameName(game)}
        </h1>
        {isDemo && (
          <span className="game-page__demo" data-testid="game-demo-balance">
            {t('games.demo')}
            {demoBalance && ` · ${formatMoney(demoBalance.balance, demoBalance.currency, i18n.language)}`}
          </span>
        )}
        {game.has_demo && !guest && (
          <ButtonGroup mode="horizontal" gap="s">
            <Button
              size="m"
              mode={isDemo ? 'secondary' : 'primary'}
              aria-pressed={!isDemo}
              onClick={() => navigate(paths.game(stringId))}
              data-testid="mode-real"
            >
              {t('games.real')}
            </Button>
            <Button
              size="m"
              mode={isDemo ? 'primary' : 'secondary'}
              aria-pressed={isDemo}
              onClick={() => navigate(paths.game(stringId, true))}
              data-testid="mode-demo"
            >
              {t('games.demo')}
            </Button>
          </ButtonGroup>
        )}
        {guest && (
          <Button size="m" onClick={() => navigate(`${paths.signup()}${back(stringId)}`)} data-testid="demo-sign-up">
            {t('games.sign_up')}
          </Button>
        )}
        <Button
          mode="tertiary"
          size="m"
          onClick={() => navigate(paths.home())}
          aria-label={t('games.close')}
          data-testid="game-close"
        >
          ✕
        </Button>
      </div>
      {needsMoney && (
        <div className="game-page__no-money" role="status" data-testid="game-no-money">
          <span>{t(isEmpty ? 'games.no_money' : 'games.not_enough_money')}</span>
          <ButtonGroup mode="horizontal" gap="s">
            <Button size="m" onClick={() => navigate(paths.cashbox('deposit'))} data-testid="no-money-deposit">
              {t('games.deposit')}
            </Button>
            {game.has_demo && (
              <Button
                size="m"
                mode="secondary"
                onClick={() => navigate(paths.game(stringId, true))}
                data-testid="no-money-demo"
              >
                {t('games.play_demo')}
              </Button>
            )}
          </ButtonGroup>
        </div>
      )}
      {palette !== null && (
        <iframe
          ref={frameRef}
          key={src}
          src={src}
          title={gameName(game)}
          data-testid="game-frame"
          onLoad={() => {
            toldHost.current = null;
            tellHostRef.current();
          }}
          allow="clipboard-write; fullscreen"
          scrolling="no"
          className="game-page__frame"
          style={{ height: Math.max(available, contentHeight) || '70vh' }}
        />
      )}
    </div>
  );
}

/** The bottom bar's label: the game's own ("Roll"), with the stake when the label has no amount of its own. */
function frameActionText(action: HouseActionState | null, language: string): string {
  if (!action) return '';
  if (action.stake === null || !action.currency || /\d/.test(action.label)) return action.label;
  return `${action.label} · ${formatMoney(action.stake, action.currency, language)}`;
}

/** A guest on a game: sign up (or in) and come back to it, or try its demo right away. */
function GuestGate({ stringId, hasDemo }: { stringId: string; hasDemo: boolean }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const name = stringId.replace(/^house-/, '').replace(/[-_]/g, ' ');
  return (
    <Placeholder
      data-testid="game-guest"
      title={t('games.guest_title', {
        name: gameName({ string_id: stringId, name: name.charAt(0).toUpperCase() + name.slice(1) }),
      })}
      action={
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, justifyContent: 'center' }}>
          <Button size="l" onClick={() => navigate(`${paths.signup()}${back(stringId)}`)} data-testid="guest-sign-up">
            {t('games.sign_up')}
          </Button>
          <Button size="l" mode="secondary" onClick={() => navigate(`${paths.login()}${back(stringId)}`)}>
            {t('games.sign_in')}
          </Button>
          {hasDemo && (
            <Button
              size="l"
              mode="outline"
              onClick={() => navigate(paths.game(stringId, true))}
              data-testid="guest-demo"
            >
              {t('games.try_demo')}
            </Button>
          )}
        </div>
      }
    >
      {t('games.guest_text')} {hasDemo && t('games.guest_demo_text')}
    </Placeholder>
  );
}
