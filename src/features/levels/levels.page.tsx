import { Div, Group, Header, Placeholder, Progress, Text } from '@vkontakte/vkui';
import { useTranslation } from 'react-i18next';
import type { LevelsView } from '@contracts/levels';
import { useResource } from '../../shared/data/use-resource';
import { formatMoney } from '../../shared/lib/money-format';
import { onLive } from '../../shared/live/live-socket';
import { LoadFailed } from '../../shared/ui/load-failed';
import { Spinner } from '../../shared/ui/spinner';
import { LevelCard } from './level-card';
import { fetchMyLevels } from './levels.api';
import './levels.css';

const levelNews = onLive('new_level');

// Profile → Promotions → Levels (the default tab): the player's level, progress to the next as a bar (at least 1 %),
// and the ladder with the completed, current and locked levels. Read again on a live new_level (spec §4).
export function LevelsPage() {
  const { t, i18n } = useTranslation();
  const levels = useResource([i18n.language], () => fetchMyLevels(i18n.language), { refreshOn: levelNews });
  const data = levels.data;
  if (!data)
    return levels.failed ? <LoadFailed onRetry={levels.reload} /> : <Spinner size="m" style={{ margin: 24 }} />;
  return (
    <div data-testid="levels-page">
      <Group header={<Header size="l">{t('levels.title')}</Header>}>
        <Standing view={data} />
      </Group>
      <Group>
        <Ladder view={data} />
      </Group>
    </div>
  );
}

function Standing({ view }: { view: LevelsView }) {
  const { t } = useTranslation();
  const s = view.standing;
  if (!s) return null;
  const current = view.items.find((l) => l.order === s.level);
  const next = view.items.find((l) => l.order > s.level);
  const money = (n: number) => formatMoney(n, view.currency);
  return (
    <Div className="levels-standing" data-testid="levels-standing">
      <Text weight="1" data-testid="levels-current">
        {t('levels.your_level', { name: current?.name ?? s.level })}
      </Text>
      {s.is_max_level || !next ? (
        <Text>{t('levels.max_level')}</Text>
      ) : (
        <>
          <Text data-testid="levels-progress-text">
            {t('levels.progress', { percent: s.progress, name: next.name })}
          </Text>
          <Progress
            className="levels-progress"
            height={10}
            value={s.progress}
            aria-label={t('levels.progress_label')}
            data-testid="levels-progress"
          />
          <Text className="levels-standing__small">
            {t('levels.wagered', { amount: money(s.wagered) })} · {t('levels.left', { amount: money(s.left_amount) })}
          </Text>
        </>
      )}
    </Div>
  );
}

/** The ladder: every level as a card, in order. */
export function Ladder({ view }: { view: LevelsView }) {
  const { t } = useTranslation();
  if (!view.items.length) return <Placeholder>{t('levels.empty')}</Placeholder>;
  return (
    // a list of levels: each card is its item
    <ul className="levels-ladder" data-testid="levels-ladder" aria-label={t('levels.title')}>
      {view.items.map((l) => (
        <LevelCard key={l.id} level={l} currency={view.currency} />
      ))}
    </ul>
  );
}
