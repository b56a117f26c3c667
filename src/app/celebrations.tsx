import { lazy, Suspense } from 'react';
import { proxy, useSnapshot } from 'valtio';
import type { NewLevelData } from '@contracts/levels';

// The celebration of a new level (issue 25): a live new_level shows the levels feature's modal over any page; its
// chunk is loaded only when a level is reached, never on the first load.
const LevelUpModal = lazy(() => import('../features/levels').then((m) => ({ default: m.LevelUpModal })));

const celebrations = proxy<{ level: NewLevelData | null }>({ level: null });

/** A live new_level: shown at once (a newer level replaces one not yet closed). */
export function celebrateLevel(data: unknown): void {
  const d = data as Partial<NewLevelData>;
  if (typeof d.level !== 'number') return;
  celebrations.level = {
    level: d.level,
    name: String(d.name ?? ''),
    logo: typeof d.logo === 'string' ? d.logo : null,
    reached: d.reached ?? [d.level],
    granted: { bonuses: d.granted?.bonuses ?? 0, wheel_spins: d.granted?.wheel_spins ?? 0 },
  };
}

export function LevelUpOverlay() {
  const { level } = useSnapshot(celebrations);
  if (!level) return null;
  return (
    <Suspense fallback={null}>
      <LevelUpModal
        data={{ ...level, reached: [...level.reached], granted: { ...level.granted } }}
        onClose={() => {
          celebrations.level = null;
        }}
      />
    </Suspense>
  );
}
