import { Button, ButtonGroup, ModalCard } from '@vkontakte/vkui';
import { Icon56CheckCircleOutline } from '@vkontakte/icons';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { NewLevelData } from '@contracts/levels';
import { getPlatform } from '../../platform';
import { paths } from '../../shared/routing/paths';

/**
 * The celebration of a live `new_level` (issue 25): a card with the level reached and its rewards' whereabouts, and a
 * success haptic inside Telegram (the browser adapter's haptics do nothing).
 */
export function LevelUpModal({ data, onClose }: { data: NewLevelData; onClose: () => void }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  useEffect(() => {
    getPlatform().haptics.notification('success');
  }, [data]);
  const many = data.reached.length > 1;
  return (
    <ModalCard
      id="level-up"
      open
      onClose={onClose}
      icon={<Icon56CheckCircleOutline fill="var(--vkui--color_icon_positive)" />}
      title={t('levels.level_up_title', { name: data.name })}
      description={t(many ? 'levels.level_up_text_many' : 'levels.level_up_text', { level: data.level })}
      dismissLabel={t('common.close')}
      actions={
        <ButtonGroup mode="vertical" stretched>
          <Button
            size="l"
            stretched
            onClick={() => {
              onClose();
              navigate(paths.profile('promotions', 'levels'));
            }}
            data-testid="level-up-see"
          >
            {t('levels.see_levels')}
          </Button>
          <Button size="l" mode="secondary" stretched onClick={onClose} data-testid="level-up-close">
            {t('levels.close')}
          </Button>
        </ButtonGroup>
      }
      data-testid="level-up-modal"
    />
  );
}
