import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route } from 'wouter';
import type { Leaderboard, Tournament } from '@contracts/tournaments';
import { session } from '../../shared/session/session.store';
import { jsonResponse, renderAt, setupApp } from '../../test-utils';
import { TournamentPage, TournamentsPromotions } from '.';
import { whileVisible } from './leaderboard';

// The tournament screens (issue 27) against a fake server: the info tab with the rules and prizes, joining, the board
// with my place far below, the lists with their "new" marks and empty states, and the visible-only polling.
const tournament = (over: Partial<Tournament> = {}): Tournament => ({
  id: 7,
  name: 'Weekly race',
  description: 'Every bet counts.',
  image: null,
  status: 'ongoing',
  is_cancelled: false,
  starts_at: '2026-11-26T00:00:00.000Z',
  ends_at: '2026-12-03T00:00:00.000Z',
  scoring: 'stakes',
  games: [],
  min_bet: 0.1,
  currency: 'USD',
  is_currency_admitted: true,
  prizes: [
    { place: 1, kind: 'money', amount: 100, currency: 'USD', percent: null, template_id: null },
    { place: 2, kind: 'bonus', amount: null, currency: null, percent: null, template_id: 3 },
  ],
  participants: 12,
  leaderboard: [],
  leaderboard_position: null,
  points: null,
  final_prize_amount: null,
  participation_id: null,
  is_user_auto_subscribe_enabled: false,
  is_new: false,
  ...over,
});
const board: Leaderboard = {
  tournament_id: 7,
  status: 'ongoing',
  participants: 80,
  items: Array.from({ length: 50 }, (_, i) => ({
    position: i + 1,
    player_id: i + 100,
    name: i === 0 ? 'Anna' : `P***${i}`,
    is_streamer: i === 0,
    avatar: null,
    points: 500 - i,
    is_me: false,
    prize:
      i === 0
        ? { place: 1, kind: 'money' as const, amount: 100, currency: 'USD', percent: null, template_id: null }
        : null,
  })),
  me: { position: 77, points: 3.5 },
};

afterEach(() => {
  session.token = null;
  vi.useRealTimers();
});

describe('the tournament page', () => {
  it('shows the rules and prizes, and joins', async () => {
    session.token = 'test-token';
    let joined = false;
    const { requests } = await setupApp((req) => {
      if (req.method === 'POST' && req.url.includes('/tournaments/7/join')) {
        joined = true;
        return jsonResponse(tournament({ participation_id: 1, leaderboard_position: 12, points: 0 }));
      }
      return jsonResponse(
        joined ? tournament({ participation_id: 1, leaderboard_position: 12, points: 0 }) : tournament(),
      );
    });
    renderAt(
      '/tournament/7/info',
      <Route path="/tournament/:id/:tab">
        <TournamentPage />
      </Route>,
    );
    const info = await screen.findByTestId('tournament-info');
    expect(info).toHaveTextContent('Points: every stake × the game’s contribution');
    expect(screen.getByTestId('tournament-min-bet')).toHaveTextContent('$0.10');
    const prizes = screen.getByTestId('tournament-prizes');
    expect(prizes).toHaveTextContent('$100.00');
    expect(prizes).toHaveTextContent('A bonus');
    fireEvent.click(screen.getByTestId('tournament-join'));
    expect(await screen.findByTestId('tournament-my-place')).toHaveTextContent('Your place: 12 · 0 points');
    expect(requests.some((r) => r.method === 'POST' && r.url.includes('/main-api/tournaments/7/join'))).toBe(true);
    expect(screen.getByTestId('tournament-leave')).toBeInTheDocument();
  });

  it('shows the final place and prize once completed', async () => {
    session.token = 'test-token';
    await setupApp(() =>
      jsonResponse(
        tournament({ status: 'completed', participation_id: 1, leaderboard_position: 1, final_prize_amount: 100 }),
      ),
    );
    renderAt(
      '/tournament/7/info',
      <Route path="/tournament/:id/:tab">
        <TournamentPage />
      </Route>,
    );
    expect(await screen.findByTestId('tournament-final')).toHaveTextContent('place 1 · Your prize: $100.00');
    expect(screen.queryByTestId('tournament-join')).toBeNull();
  });

  it('shows the top 50 and my place far below them', async () => {
    await setupApp((req) => (req.url.includes('/leaderboard') ? jsonResponse(board) : jsonResponse(tournament())));
    renderAt(
      '/tournament/7/leaderboard',
      <Route path="/tournament/:id/:tab">
        <TournamentPage />
      </Route>,
    );
    const list = await screen.findByTestId('tournament-leaderboard');
    expect(within(list).getAllByTestId('board-row')).toHaveLength(50);
    expect(within(list).getAllByTestId('board-row')[0]).toHaveTextContent('Anna');
    expect(within(list).getAllByTestId('board-row')[0]).toHaveTextContent('Streamer');
    expect(screen.getByTestId('board-me')).toHaveTextContent('Your place: 77 · 3.5 points');
  });
});

describe('the lists', () => {
  it('marks new tournaments and says when I take part in none', async () => {
    session.token = 'test-token';
    await setupApp((req) =>
      req.url.includes('/available')
        ? jsonResponse([tournament({ is_new: true })])
        : req.url.includes('/auto_subscribe')
          ? jsonResponse({ is_user_auto_subscribe_enabled: false })
          : jsonResponse({ items: [], total: 0, page: 1, size: 25, pages: 1 }),
    );
    renderAt(
      '/profile/promotions/tournaments/my',
      <Route path="/profile/:section/:page/:tab?">
        <TournamentsPromotions />
      </Route>,
    );
    expect(await screen.findByText('You are not in any tournament now.')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('tournaments-tab-available'));
  });

  it('shows the available ones with their new mark', async () => {
    session.token = 'test-token';
    const { requests } = await setupApp((req) =>
      req.url.includes('/available')
        ? jsonResponse([tournament({ is_new: true })])
        : jsonResponse({ is_user_auto_subscribe_enabled: true }),
    );
    renderAt(
      '/profile/promotions/tournaments/available',
      <Route path="/profile/:section/:page/:tab?">
        <TournamentsPromotions />
      </Route>,
    );
    const card = await screen.findByTestId('tournament-card');
    expect(within(card).getByTestId('tournament-new')).toHaveTextContent('New');
    expect(card).toHaveTextContent('12 players');
    await waitFor(() => expect(screen.getByTestId('tournaments-auto-subscribe').querySelector('input')).toBeChecked());
    fireEvent.click(screen.getByTestId('tournaments-auto-subscribe').querySelector('input')!);
    await waitFor(() => expect(requests.some((r) => r.method === 'PUT')).toBe(true));
  });
});

describe('polling the board', () => {
  it('fires only while the page is visible', () => {
    vi.useFakeTimers();
    const fire = vi.fn();
    const stop = whileVisible(1000)(fire);
    act(() => vi.advanceTimersByTime(3000));
    expect(fire).toHaveBeenCalledTimes(3);
    const hidden = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    act(() => vi.advanceTimersByTime(3000));
    expect(fire).toHaveBeenCalledTimes(3);
    hidden.mockReturnValue('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(fire).toHaveBeenCalledTimes(4);
    stop();
    act(() => vi.advanceTimersByTime(3000));
    expect(fire).toHaveBeenCalledTimes(4);
  });
});
