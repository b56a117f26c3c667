import { useEffect, useId, useRef } from 'react';
import { Button } from '@vkontakte/vkui';
import { Spinner } from '../../shared/ui/spinner';
import { useTranslation } from 'react-i18next';
import type { ContentPageSlug } from '@contracts/content-pages';
import { ContentBody } from './content-body';
import { useContentPage } from './content.page';
import './content.css';

// A content page over the current one (the sign-up form keeps what was typed): a named dialog, focus inside,
// Escape or the button closes it.
export function ContentDialog({ slug, onClose }: { slug: ContentPageSlug; onClose: () => void }) {
  const { t } = useTranslation();
  const { page, failed, retry } = useContentPage(slug);
  const titleId = useId();
  const box = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    box.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close.current();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      before?.focus?.();
    };
  }, []);
  return (
    <div className="content-dialog__backdrop" role="presentation" onClick={onClose}>
      <div
        ref={box}
        className="content-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        data-testid="content-dialog"
        onClick={(e) => e.stopPropagation()}
      >
        <div className="content-page">
          <h1 id={titleId}>{page?.title ?? t(`pages.${slug}`)}</h1>
          {page ? (
            <ContentBody text={page.body} />
          ) : failed ? (
            <p>
              {t('content.load_failed')}{' '}
              <Button mode="link" onClick={retry}>
                {t('common.retry')}
              </Button>
            </p>
          ) : (
            <Spinner size="m" />
          )}
        </div>
        <Button size="l" stretched onClick={onClose} data-testid="content-dialog-close">
          {t('content.close')}
        </Button>
      </div>
    </div>
  );
}
