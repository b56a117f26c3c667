import { Spinner as VkuiSpinner, type SpinnerProps } from '@vkontakte/vkui';
import { useTranslation } from 'react-i18next';

// VKUI spells its built-in texts in Russian whatever the locale (issue 28, item 7): the app's spinner names itself in
// the app's language. Use this, not VKUI's, wherever a spinner is shown.
export function Spinner(props: SpinnerProps) {
  const { t } = useTranslation();
  return <VkuiSpinner {...props}>{props.children ?? t('common.loading')}</VkuiSpinner>;
}
