import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Level, LevelsView } from '@contracts/levels';
import { getPlatform } from '../../platform';
import { jsonResponse, renderAt, setupApp } from '../../test-utils';
import { LevelsPage, LevelsPublicPage, LevelUpModal } from '.';

const level = (order: number, name: string, cumulative: number, over: Partial<Level> = {}): Level => ({
  id: order,
  order,
  name,
  description: `${name} level`,
  logo: null,
  next_level_amount: { USD: cumulative },
  cost_level_amount: cumulative,
  cumulative_cost: cumulative,
  free_rounds_bonus: null,
  dep_bonus: null,
  reward: { bonus_template_id: null, bonus_type: null, bonus_amount: null, wheel_spins: 0 },
  current: false,
  is_completed: false,
  is_locked: false,
  flip: false,
  ...over,
});

const mine: LevelsView = {
  currency: 'USD',
  items: [
    level(1, 'Newcomer', 0, { is_completed: true }),
    level(2, 'Bronze', 50, { current: true, reward: { ...level(0, '', 0).reward, wheel_spins: 1 } }),
    level(3, 'Silver', 250, {
      is_locked: true,
      free_rounds_bonus: 10,
      reward: { bonus_template_id: 5, bonus_type: 'free_rounds', bonus_amount: null, wheel_spins: 2 },
    }),
  ],
  standing: { level: 2, wagered: 60, next_level_amount: 250, left_amount: 190, progress: 5, is_max_level: false },
};

afterEach(() => vi.restoreAllMocks());

describe('the player’s levels (profile → promotions → levels)', () => {
  it('shows the current level, the progress bar, completed and locked levels, and a level’s rewards turned over', async () => {
    await setupApp(() => jsonResponse(mine));
    renderAt('/profile/promotions/levels', <LevelsPage />);
    expect(await screen.findByTestId('levels-current')).toHaveTextContent('Your level: Bronze');
    expect(screen.getByTestId('levels-progress-text')).toHaveTextContent('5 % to Silver');
    expect(screen.getByTestId('levels-progress')).toHaveAttribute('aria-valuenow', '5');
    expect(screen.getByTestId('levels-standing')).toHaveTextContent('$190.00 more to wager');
    expect(screen.getByTestId('level-1')).toHaveAttribute('data-state', 'completed');
    expect(screen.getByTestId('level-2')).toHaveAttribute('data-state', 'current');
    expect(screen.getByTestId('level-3')).toHaveAttribute('data-state', 'locked');
    expect(screen.getByTestId('level-3')).toHaveTextContent('From $250.00 wagered');
    fireEvent.click(screen.getByTestId('level-3').querySelector('[data-testid="level-flip"]')!);
    expect(screen.getByTestId('level-3')).toHaveTextContent('10 free rounds');
    expect(screen.getByTestId('level-3')).toHaveTextContent('2 wheel spins');
  });

  it('says so at the top level, with no bar', async () => {
    await setupApp(() =>
      jsonResponse({
        ...mine,
        standing: {
          level: 3,
          wagered: 300,
          next_level_amount: null,
          left_amount: 0,
          progress: 100,
          is_max_level: true,
        },
      }),
    );
    renderAt('/profile/promotions/levels', <LevelsPage />);
    expect(await screen.findByText('You have reached the top level.')).toBeInTheDocument();
    expect(screen.queryByTestId('levels-progress')).toBeNull();
  });
});

describe('the guests’ ladder (/levels)', () => {
  it('asks for the public ladder without a token and shows it with no flags', async () => {
    const { requests } = await setupApp((req) =>
      req.url.includes('/levels/public')
        ? jsonResponse({
            ...mine,
            standing: null,
            items: mine.items.map((l) => ({ ...l, current: false, is_completed: false, is_locked: false })),
          })
        : jsonResponse({ currencies: ['USD', 'RUB'], items: [] }),
    );
    renderAt('/levels', <LevelsPublicPage />);
    expect(await screen.findByTestId('level-3')).toHaveAttribute('data-state', 'none');
    const asked = requests.find((r) => r.url.includes('/levels/public'))!;
    expect(asked.headers.get('authorization')).toBeNull();
    expect(screen.getByTestId('levels-sign-up')).toBeInTheDocument();
  });
});

describe('the celebration', () => {
  it('names the level reached and gives a success haptic', async () => {
    await setupApp(() => jsonResponse({}));
    const haptic = vi.spyOn(getPlatform().haptics, 'notification');
    const closed = vi.fn();
    renderAt(
      '/',
      <LevelUpModal
        data={{ level: 3, name: 'Silver', logo: null, reached: [2, 3], granted: { bonuses: 1, wheel_spins: 3 } }}
        onClose={closed}
      />,
    );
    expect(await screen.findByText('New level: Silver!')).toBeInTheDocument();
    expect(screen.getByText(/climbed to level 3/)).toBeInTheDocument();
    expect(screen.getByTestId('level-up-granted')).toHaveTextContent(
      'On your account: a bonus (see Promotions → Bonuses), 3 wheel spins.',
    );
    expect(haptic).toHaveBeenCalledWith('success');
    fireEvent.click(screen.getByTestId('level-up-close'));
    expect(closed).toHaveBeenCalled();
  });
});
