import { Button, ButtonGroup, Text, Title } from '@vkontakte/vkui';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { NewLevelData } from '@contracts/levels';
import { getPlatform } from '../../platform';
import { paths } from '../../shared/routing/paths';

/**
 * The celebration of a live `new_level` (issue 25): a card with the level reached (its logo, name, and where its
 * rewards are), and a success haptic inside Telegram (the browser adapter's haptics do nothing). Escape, the backdrop
 * or either button closes it.
 */
export function LevelUpModal({ data, onClose }: { data: NewLevelData; onClose: () => void }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const titleId = useId();
  const first = useRef<HTMLElement>(null);
  useEffect(() => {
    getPlatform().haptics.notification('success');
  }, [data]);
  useEffect(() => {
    first.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  const many = data.reached.length > 1;
  // only what was granted is named (a reward skipped for a reason is not promised)
  const gifts = [
    data.granted.bonuses > 0 ? t('levels.granted_bonuses', { count: data.granted.bonuses }) : null,
    data.granted.wheel_spins > 0 ? t('levels.reward_spins', { count: data.granted.wheel_spins }) : null,
  ].filter((g): g is string => g !== null);
  return (
    <div className="level-up-backdrop" role="presentation" onClick={onClose}>
      <div
        className="level-up"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-testid="level-up-modal"
        onClick={(e) => e.stopPropagation()}
      >
        <div className="level-up__medal" aria-hidden>
          {data.logo ? <img src={data.logo} alt="" width={96} height={96} /> : <span>{data.level}</span>}
        </div>
        <Title level="2" Component="h2" id={titleId}>
          {t('levels.level_up_title', { name: data.name })}
        </Title>
        <Text>{t(many ? 'levels.level_up_text_many' : 'levels.level_up_text', { level: data.level })}</Text>
        {gifts.length > 0 && (
          <Text weight="2" data-testid="level-up-granted">
            {t('levels.granted', { gifts: gifts.join(', ') })}
          </Text>
        )}
        <ButtonGroup mode="vertical" stretched gap="s">
          <Button
            getRootRef={first}
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
      </div>
    </div>
  );
}
