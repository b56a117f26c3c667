import { Button, ButtonGroup, Group, Placeholder } from '@vkontakte/vkui';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { addBundledTexts } from '../../shared/i18n/i18n';
import { paths } from '../../shared/routing/paths';
import { routerTexts } from './router.locales';

addBundledTexts(routerTexts);

/** `?next=` for the auth pages: where to come back to after signing in or up (a same-site path). */
export function nextQuery(path: string, search = ''): string {
  return `?next=${encodeURIComponent(search ? `${path}?${search}` : path)}`;
}

/** A guest on a player page: the page stays at its address and says what to do; signing in comes back here. */
export function SignInRequired() {
  const { t } = useTranslation();
  const [location, navigate] = useLocation();
  const search = useSearch();
  const next = nextQuery(location, search);
  return (
    <Group data-testid="sign-in-required">
      <Placeholder
        title={t('router.sign_in_title')}
        action={
          <ButtonGroup mode="horizontal" gap="m">
            <Button size="l" onClick={() => navigate(`${paths.login()}${next}`)} data-testid="sign-in-continue">
              {t('router.sign_in')}
            </Button>
            <Button size="l" mode="secondary" onClick={() => navigate(`${paths.signup()}${next}`)}>
              {t('router.sign_up')}
            </Button>
          </ButtonGroup>
        }
      >
        {t('router.sign_in_text')}
      </Placeholder>
    </Group>
  );
}

/** An address the app has no page for. */
export function NotFoundPage() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  return (
    <Group data-testid="not-found-page">
      <Placeholder
        title={t('router.not_found_title')}
        action={
          <Button size="l" onClick={() => navigate(paths.home())}>
            {t('router.home')}
          </Button>
        }
      >
        {t('router.not_found_text')}
      </Placeholder>
    </Group>
  );
}
