import { Button, Card, Div, Text, Title } from '@vkontakte/vkui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { Level } from '@contracts/levels';
import { formatMoney } from '../../shared/lib/money-format';

/** One level: its logo, name, description and threshold; turned over (`flip`), its rewards. Flags as a badge. */
export function LevelCard({ level, currency }: { level: Level; currency: string }) {
  const { t } = useTranslation();
  const [flip, setFlip] = useState(level.flip);
  const state = level.current ? 'current' : level.is_completed ? 'completed' : level.is_locked ? 'locked' : null;
  const rewards = rewardLines(t, level, currency);
  return (
    <Card
      Component="li"
      mode="outline"
      className={`level-card${state ? ` level-card--${state}` : ''}`}
      data-testid={`level-${level.order}`}
      data-state={state ?? 'none'}
    >
      <Div className="level-card__body">
        {level.logo ? (
          <img className="level-card__logo" src={level.logo} alt="" width={48} height={48} />
        ) : (
          <span className="level-card__logo level-card__logo--order" aria-hidden>
            {level.order}
          </span>
        )}
        <div className="level-card__text">
          <div className="level-card__head">
            <Title level="3" Component="h3">
              {level.name}
            </Title>
            {state && <span className={`level-badge level-badge--${state}`}>{t(`levels.${state}`)}</span>}
          </div>
          {flip ? (
            <div data-testid="level-rewards">
              <Text weight="2">{t('levels.rewards')}</Text>
              {rewards.length ? rewards.map((r) => <Text key={r}>{r}</Text>) : <Text>{t('levels.no_rewards')}</Text>}
            </div>
          ) : (
            <>
              {level.description && <Text>{level.description}</Text>}
              <Text className="level-card__threshold">
                {level.cumulative_cost > 0
                  ? t('levels.threshold', { amount: formatMoney(level.cumulative_cost, currency) })
                  : t('levels.start')}
              </Text>
            </>
          )}
          <div className="level-card__flip">
            <Button
              mode="link"
              size="s"
              onClick={() => setFlip((f) => !f)}
              aria-pressed={flip}
              data-testid="level-flip"
            >
              {flip ? t('levels.show_level', { name: level.name }) : t('levels.show_rewards', { name: level.name })}
            </Button>
          </div>
        </div>
      </Div>
    </Card>
  );
}

/** A level's rewards in words, in the shown currency. */
export function rewardLines(t: TFunction, level: Level, currency: string): string[] {
  const lines: string[] = [];
  if (level.free_rounds_bonus) lines.push(t('levels.reward_free_rounds', { count: level.free_rounds_bonus }));
  else if (level.dep_bonus) lines.push(t('levels.reward_deposit', { percent: level.dep_bonus }));
  else if (level.reward.bonus_amount)
    lines.push(t('levels.reward_bonus_amount', { amount: formatMoney(level.reward.bonus_amount, currency) }));
  else if (level.reward.bonus_template_id !== null) lines.push(t('levels.reward_bonus'));
  if (level.reward.wheel_spins > 0) lines.push(t('levels.reward_spins', { count: level.reward.wheel_spins }));
  return lines;
}
