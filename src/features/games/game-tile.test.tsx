import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { GameItem } from '@contracts/games';
import { houseGameIds } from '@contracts/games';
import { jsonResponse, renderAt, setupApp } from '../../test-utils';
import { GameTile } from './game-tile';

const game = (stringId: string, extra: Partial<GameItem> = {}): GameItem => ({
  id: 1,
  string_id: stringId,
  name: stringId.replace('house-', 'House '),
  provider: 'house',
  provider_name: 'House Originals',
  image: null,
  has_demo: true,
  is_house: true,
  rtp: '99.00',
  ...extra,
});

describe('game tiles (issue 15: artwork, names)', () => {
  it.each(houseGameIds)('draws our artwork for the house game %s, named by its visible name', async (id) => {
    await setupApp(() => jsonResponse({}));
    const { container } = renderAt('/', <GameTile game={game(`house-${id}`)} />);
    expect(container.querySelector(`svg[data-art="${id}"]`)).not.toBeNull();
    expect(container.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    // the button's name is its visible text (name and the provably-fair line), nothing hidden or different
    expect(screen.getByRole('button', { name: new RegExp(`^House ${id}`) })).toBeInTheDocument();
  });

  it("shows a provider game's own image", async () => {
    await setupApp(() => jsonResponse({}));
    const { container } = renderAt(
      '/',
      <GameTile
        game={game('prov-1', {
          is_house: false,
          image: '/covers/1.png',
          name: 'Gates',
          provider: 'acme',
          provider_name: 'Acme',
        })}
      />,
    );
    expect(container.querySelector('img')).toHaveAttribute('src', '/covers/1.png');
    expect(screen.getByRole('button', { name: /^Gates\s*Acme$/ })).toBeInTheDocument();
  });
});
