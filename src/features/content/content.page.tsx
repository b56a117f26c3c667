import { Button, Div, Group, Placeholder, Title } from '@vkontakte/vkui';
import { Spinner } from '../../shared/ui/spinner';
import { useTranslation } from 'react-i18next';
import type { ContentPageSlug } from '@contracts/content-pages';
import { useResource } from '../../shared/data/use-resource';
import { fetchContentPage } from './content.api';
import { ContentBody } from './content-body';
import './content.css';
import { SupportLink } from '../site-status';

/** Loads a content page in the player's language; null while loading, an error to retry. */
export function useContentPage(slug: ContentPageSlug) {
  const { i18n } = useTranslation();
  const res = useResource([slug, i18n.language], () => fetchContentPage(slug, i18n.language));
  return { page: res.loading ? null : (res.data ?? null), failed: res.failed, retry: res.reload };
}

// /terms, /privacy, /responsible-gambling, /support: the brand's text in the player's language, edited by the operator.
export function ContentPageView({ slug }: { slug: ContentPageSlug }) {
  const { t, i18n } = useTranslation();
  const { page, failed, retry } = useContentPage(slug);
  if (failed)
    return (
      <Group>
        <Placeholder
          title={t(`pages.${slug}`)}
          action={
            <Button size="m" onClick={retry}>
              {t('common.retry')}
            </Button>
          }
        >
          {t('content.load_failed')}
        </Placeholder>
      </Group>
    );
  if (!page) return <Spinner size="xl" style={{ margin: '48px auto' }} />;
  return (
    <Group data-testid="content-page" data-slug={slug}>
      <Div className="content-page">
        <Title level="1" Component="h1">
          {page.title}
        </Title>
        <ContentBody text={page.body} />
        {slug !== 'support' && (
          <p>
            <SupportLink testId="content-support" />
          </p>
        )}
        <p className="content-page__updated">
          {t('content.updated', { date: new Date(page.updated_at).toLocaleDateString(i18n.language) })}
        </p>
      </Div>
    </Group>
  );
}
