import { useEffect, useState } from 'react';
import { Button, Div, Group, Placeholder, Spinner, Title } from '@vkontakte/vkui';
import { useTranslation } from 'react-i18next';
import type { ContentPage, ContentPageSlug } from '@contracts/content-pages';
import { fetchContentPage } from './content.api';
import { ContentBody } from './content-body';
import './content.css';

/** Loads a content page in the player's language; null while loading, an error to retry. */
export function useContentPage(slug: ContentPageSlug) {
  const { i18n } = useTranslation();
  const [state, setState] = useState<{ page: ContentPage | null; failed: boolean; attempt: number }>({
    page: null,
    failed: false,
    attempt: 0,
  });
  useEffect(() => {
    let live = true;
    setState((s) => ({ ...s, page: null, failed: false }));
    fetchContentPage(slug, i18n.language).then(
      (page) => live && setState((s) => ({ ...s, page })),
      () => live && setState((s) => ({ ...s, failed: true })),
    );
    return () => {
      live = false;
    };
  }, [slug, i18n.language, state.attempt]);
  return { ...state, retry: () => setState((s) => ({ ...s, attempt: s.attempt + 1 })) };
}

// /terms, /privacy, /responsible-gambling: the brand's text in the player's language, edited by the operator.
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
        <p className="content-page__updated">
          {t('content.updated', { date: new Date(page.updated_at).toLocaleDateString(i18n.language) })}
        </p>
      </Div>
    </Group>
  );
}
