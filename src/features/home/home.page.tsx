import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, Div, Group, Title, Text } from '@vkontakte/vkui';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useSnapshot } from 'valtio';
import { session } from '../../shared/session/session.store';
import { playerState } from '../../shared/player/player.store';
import { HomeBanners } from './home-banners';
import { LobbySkeleton } from '../../shared/ui/skeletons';
import { paths } from '../../shared/routing/paths';
import { loadLobby } from '../games';

// a declared edge: home → games (the lobby), loaded after the first paint so Home's first load stays within budget
const Lobby = lazy(() => loadLobby().then((m) => ({ default: m.Lobby })));
const lobbySkeleton = <LobbySkeleton />;
// a declared edge: home → social (the live feed), loaded only once its place scrolls near the viewport
const SocialFeed = lazy(() => import('../social').then((m) => ({ default: m.SocialFeed })));

// Home (spec §2 ''): banners for the device, the brand's tagline, for guests the way to sign up, and the game lobby.
export function HomePage() {
  const { t } = useTranslation();
  const { token } = useSnapshot(session);
  const { player } = useSnapshot(playerState);
  return (
    <div data-testid="home-page">
      <Div>
        <HomeBanners />
      </Div>
      <Group>
        <Div>
          <Title level="2" weight="2">
            {t('home.welcome')}
          </Title>
          <Text data-testid="home-tagline">{t('home.tagline')}</Text>
        </Div>
        {!token && (
          <Div>
            <Link href={paths.signup()} asChild>
              <Button size="l" stretched mode="primary">
                {t('home.guest_cta')}
              </Button>
            </Link>
          </Div>
        )}
      </Group>
      <Suspense fallback={lobbySkeleton}>
        <Lobby />
      </Suspense>
      <WhenNear>
        <Suspense fallback={null}>
          <SocialFeed currency={player?.currency ?? null} />
        </Suspense>
      </WhenNear>
    </div>
  );
}

/** Renders its children once its place comes within 300 px of the viewport: below-the-fold blocks cost Home nothing. */
function WhenNear({ children }: { children: ReactNode }) {
  const anchor = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = anchor.current;
    if (near || !el) return;
    if (typeof IntersectionObserver === 'undefined') return setNear(true);
    const seen = new IntersectionObserver((e) => e.some((x) => x.isIntersecting) && setNear(true), {
      rootMargin: '300px',
    });
    seen.observe(el);
    return () => seen.disconnect();
  }, [near]);
  return (
    <div ref={anchor} data-testid="home-below-fold">
      {near && children}
    </div>
  );
}
