import { Search as VkuiSearch, type SearchProps } from '@vkontakte/vkui';
import { useTranslation } from 'react-i18next';

// VKUI's search field names its clear, cancel and find buttons in Russian whatever the locale (issue 28, item 7).
export function Search(props: SearchProps) {
  const { t } = useTranslation();
  return (
    <VkuiSearch
      clearLabel={t('common.clear')}
      after={t('common.cancel')}
      findButtonText={t('common.find')}
      placeholder={t('common.search')}
      {...props}
    />
  );
}
