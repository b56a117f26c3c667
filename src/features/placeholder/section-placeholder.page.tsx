import { Button, Group, Placeholder } from '@vkontakte/vkui';
import { Icon56HourglassOutline } from '@vkontakte/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { paths } from '../../shared/routing/paths';

// Sections whose capability has not landed yet: an honest, translated "opens soon" with a way home.
export function SectionPlaceholderPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <Group>
      <Placeholder
        icon={<Icon56HourglassOutline />}
        title={t(titleKey)}
        action={
          <Link href={paths.home()} asChild>
            <Button size="m" mode="secondary">
              {t('common.go_home')}
            </Button>
          </Link>
        }
        data-testid="section-placeholder"
      >
        {t('common.coming_soon')}
      </Placeholder>
    </Group>
  );
}
