import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button, ButtonGroup, Group, Placeholder } from '@vkontakte/vkui';
import { Icon56ErrorTriangleOutline } from '@vkontakte/icons';
import { useTranslation } from 'react-i18next';
import { page } from '../../shared/lib/page';
import { paths } from '../../shared/routing/paths';

/** A lazily loaded page whose chunk did not arrive (offline, or a deploy replaced it): only a reload brings it. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /dynamically imported module|Importing a module script failed|Unable to preload|ChunkLoadError|Loading chunk|error loading dynamically/i.test(
    message,
  );
}

interface Props {
  children: ReactNode;
  /** Changes on navigation: a new page starts without the old page's error. */
  resetKey: string;
}

// Catches what a page throws while rendering or loading (a failed lazy chunk) and shows a translated error with
// a retry, instead of leaving a blank app. The header and the footer stay.
export class PageErrorBoundary extends Component<Props, { error: unknown; key: string }> {
  override state = { error: null as unknown, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: { error: unknown; key: string }) {
    return props.resetKey !== state.key ? { error: null, key: props.resetKey } : null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('A page failed to render', error, info.componentStack);
  }

  override render() {
    if (this.state.error === null) return this.props.children;
    const error = this.state.error;
    return <PageError onRetry={() => (isChunkLoadError(error) ? page.reload() : this.setState({ error: null }))} />;
  }
}

function PageError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Group>
      <Placeholder
        icon={<Icon56ErrorTriangleOutline />}
        title={t('boundary.title')}
        action={
          <ButtonGroup mode="vertical" align="center" gap="s">
            <Button size="m" onClick={onRetry} data-testid="page-error-retry">
              {t('common.retry')}
            </Button>
            <Button size="m" mode="tertiary" href={paths.home()}>
              {t('common.go_home')}
            </Button>
          </ButtonGroup>
        }
        data-testid="page-error"
        role="alert"
      >
        {t('boundary.text')}
      </Placeholder>
    </Group>
  );
}
