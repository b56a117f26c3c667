import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { closeLiveSocket, openLiveSocket } from '../../shared/live/live-socket';
import { FakeSocket, jsonResponse, renderAt, setupApp } from '../../test-utils';
import { SocialFeed } from '.';
import { wonAt } from './social-feed';

// Home's live feed (issue 27): what the server sends (names already masked), the player's own currency's wins, and
// the live messages applied as they come, without another request.
function liveSocket() {
  openLiveSocket('main', {
    url: 'ws://app.test/users/ws',
    getToken: () => 'test-token',
    WebSocketImpl: FakeSocket as unknown as typeof WebSocket,
  });
  const socket = FakeSocket.last!;
  act(() => socket.onopen?.());
  return socket;
}
afterEach(() => closeLiveSocket('main'));

const win = (amount: number, currency = 'USD', name = 'A***12') => ({
  name,
  avatar: null,
  is_streamer: false,
  amount,
  currency,
  game: 'house-dice',
  won_at: '2026-11-27T05:00:00.000Z',
});

describe('wonAt', () => {
  it('names our games in the player’s language and keeps a provider’s id', () => {
    expect(wonAt('house-dice', 'ru')).toBe('Кости');
    expect(wonAt('house-roulette', 'en')).toBe('European Roulette');
    expect(wonAt('acme-fruits', 'ru')).toBe('acme-fruits');
  });
});

describe('the social feed', () => {
  it('shows sign-ups masked as sent and my currency’s biggest wins, then follows the live messages', async () => {
    const { requests } = await setupApp((req) =>
      req.url.includes('get_new_players')
        ? jsonResponse([
            { id: 2, name: 'Z***02', avatar: null, is_streamer: false, created_at: '2026-11-27T05:00:00.000Z' },
            { id: 1, name: 'Stream Queen', avatar: null, is_streamer: true, created_at: '2026-11-27T04:00:00.000Z' },
          ])
        : jsonResponse({ items: [win(50), win(900, 'RUB')] }),
    );
    const socket = liveSocket();
    renderAt('/', <SocialFeed currency="USD" />);
    const players = await screen.findByTestId('social-new-players');
    await waitFor(() => expect(players).toHaveTextContent('Z***02'));
    expect(players).toHaveTextContent('Stream QueenStreamer');
    const wins = screen.getByTestId('social-top-wins');
    await waitFor(() => expect(wins).toHaveTextContent('$50.00'));
    expect(wins).toHaveTextContent('Dice'); // the game by its name in the player's language, not 'house-dice'
    expect(wins).not.toHaveTextContent('house-dice');
    expect(wins).not.toHaveTextContent('900');

    const asked = requests.length;
    socket.receive('new_player', {
      players: [{ id: 3, name: 'K***03', avatar: null, is_streamer: false, created_at: '2026-11-27T05:01:00.000Z' }],
    });
    socket.receive('top_players', { items: [win(75, 'USD', 'B***44'), win(50)] });
    expect(within(players).getAllByRole('listitem')[0]).toHaveTextContent('K***03');
    expect(within(wins).getAllByRole('listitem')[0]).toHaveTextContent('$75.00');
    expect(requests.length).toBe(asked);
  });
});
