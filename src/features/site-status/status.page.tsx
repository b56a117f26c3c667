import { Placeholder } from '@vkontakte/vkui';
import { useTranslation } from 'react-i18next';
import { Icon56GlobeCrossOutline, Icon56SettingsOutline } from '@vkontakte/icons';
import { SupportLink } from './support-link';

// /maintenance and /blocked (spec §2): reachable only in those states; the router guards that.
export function MaintenancePage() {
  const { t } = useTranslation();
  return (
    <Placeholder
      icon={<Icon56SettingsOutline />}
      title={t('status.maintenance_title')}
      data-testid="maintenance-page"
      stretched
    >
      {t('status.maintenance_text')} <SupportLink testId="maintenance-support" />
    </Placeholder>
  );
}

export function BlockedPage() {
  const { t } = useTranslation();
  return (
    <Placeholder
      icon={<Icon56GlobeCrossOutline />}
      title={t('status.blocked_title')}
      data-testid="blocked-page"
      stretched
    >
      {t('status.blocked_text')}
    </Placeholder>
  );
}
