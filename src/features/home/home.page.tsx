import { lazy, Suspense } from 'react';
import { Button, Div, Group, Title, Text } from '@vkontakte/vkui';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useSnapshot } from 'valtio';
import { session } from '../../shared/session/session.store';
import { HomeBanners } from './home-banners';
import { LobbySkeleton } from '../../shared/ui/skeletons';
import { paths } from '../../shared/routing/paths';
import { loadLobby } from '../games';

// a declared edge: home → games (the lobby), loaded after the first paint so Home's first load stays within budget
const Lobby = lazy(() => loadLobby().then((m) => ({ default: m.Lobby })));
const lobbySkeleton = <LobbySkeleton />;

// Home (spec §2 ''): banners for the device, the brand's tagline, for guests the way to sign up, and the game lobby.
export function HomePage() {
  const { t } = useTranslation();
  const { token } = useSnapshot(session);
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
    </div>
  );
}
