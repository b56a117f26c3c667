import { HorizontalScroll as VkuiHorizontalScroll, type HorizontalScrollProps } from '@vkontakte/vkui';
import { useTranslation } from 'react-i18next';

// VKUI names a scroller's arrows "Назад"/"Вперед" whatever the locale (issue 28, item 7): named in the app's language.
export function HorizontalScroll({ slotProps, ...props }: HorizontalScrollProps) {
  const { t } = useTranslation();
  return (
    <VkuiHorizontalScroll
      {...props}
      slotProps={{
        ...slotProps,
        prevArrow: { label: t('common.previous'), ...slotProps?.prevArrow },
        nextArrow: { label: t('common.next'), ...slotProps?.nextArrow },
      }}
    />
  );
}
