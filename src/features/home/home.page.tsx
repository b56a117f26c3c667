import { Button, Div, Group, Placeholder, Title, Text } from '@vkontakte/vkui';
import { Icon56GameOutline } from '@vkontakte/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useSnapshot } from 'valtio';
import { session } from '../../shared/session/session.store';
import { HomeBanners } from './home-banners';

// Home (spec §2 ''): banners for the device, the brand's tagline and, for guests, the way to sign up.
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
          <Title level="2" weight="2">{t('home.welcome')}</Title>
          <Text data-testid="home-tagline">{t('home.tagline')}</Text>
        </Div>
        {!token && (
          <Div>
            <Link href="/auth/signup" asChild>
              <Button size="l" stretched mode="primary">{t('home.guest_cta')}</Button>
            </Link>
          </Div>
        )}
      </Group>
      <Group>
        <Placeholder icon={<Icon56GameOutline />}>{t('home.games_soon')}</Placeholder>
      </Group>
    </div>
  );
}
