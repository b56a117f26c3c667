import { Button, Placeholder } from '@vkontakte/vkui';
import { useTranslation } from 'react-i18next';

/** What a page shows where its data could not be read: says so, with a retry (never an endless spinner). */
export function LoadFailed({ onRetry, text, testId }: { onRetry: () => void; text?: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Placeholder
      data-testid={testId}
      action={
        <Button mode="secondary" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
    >
      {text ?? t('common.load_failed')}
    </Placeholder>
  );
}
