import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route } from 'wouter';
import type { GameItem } from '@contracts/games';
import { createBrowserAdapter, setPlatformForTests } from '../../platform';
import { session } from '../../shared/session/session.store';
import { jsonResponse, renderAt, setupApp } from '../../test-utils';
import { playerState } from '../player';
import { BetsHistory, finiteSum, GamePage, Lobby, toggleFavourite, verifyLink } from '.';

const game = (id: number, stringId: string, extra: Partial<GameItem> = {}): GameItem => ({
  id, string_id: stringId, name: stringId.replace('house-', ''), provider: 'house', provider_name: 'House Originals', image: null, has_demo: true, is_house: true, rtp: '99.00', ...extra,
});
const page = (items: GameItem[]) => ({ items, total: items.length, size: 24, page: 1, pages: 1 });

describe('the lobby', () => {
  afterEach(() => {
    session.token = null;
  });

  it('shows the blocks for guests from the public lists, and filters by search', async () => {
    const { requests } = await setupApp((req) => {
      const url = new URL(req.url);
      if (url.pathname.endsWith('/games/blocks')) return jsonResponse([{ id: 1, string_id: 'popular', title: 'Popular', order: 0, games_count: 2 }]);
      if (url.pathname.endsWith('/games/providers')) return jsonResponse([{ id: 1, string_id: 'house', name: 'House Originals', games_count: 7 }]);
      if (url.searchParams.get('name') === 'roul') return jsonResponse(page([game(6, 'house-roulette')]));
      return jsonResponse(page([game(1, 'house-dice'), game(2, 'house-crash')]));
    });
    renderAt('/', <Lobby />);
    await waitFor(() => expect(screen.getByTestId('block-popular')).toBeInTheDocument());
    expect(screen.getAllByTestId('game-tile').map((t) => t.dataset.game)).toEqual(['house-dice', 'house-crash']);
    expect(screen.queryByTestId('favourite-toggle')).toBeNull(); // guests have no favourites
    fireEvent.change(screen.getByTestId('lobby-search').querySelector('input') ?? screen.getByPlaceholderText('Search games'), { target: { value: 'roul' } });
    await waitFor(() => expect(screen.getByTestId('game-grid')).toHaveTextContent('roulette'));
    expect(requests.every((r) => !new URL(r.url).pathname.includes('/my/'))).toBe(true);
  });

  it('uses the /my lists for players, with favourites', async () => {
    session.token = 'player-token';
    const { requests } = await setupApp((req) => {
      const url = new URL(req.url);
      if (url.pathname.endsWith('/games/blocks')) return jsonResponse([{ id: 1, string_id: 'popular', title: 'Popular', order: 0, games_count: 1 }]);
      if (url.pathname.endsWith('/my/providers')) return jsonResponse([]);
      return jsonResponse(page([game(1, 'house-dice', { is_favourite: true })]));
    });
    renderAt('/', <Lobby />);
    await waitFor(() => expect(screen.getByTestId('favourite-toggle')).toHaveAttribute('aria-pressed', 'true'));
    expect(requests.some((r) => new URL(r.url).pathname === '/main-api/games/my/filter')).toBe(true);
  });
});

describe('favourites', () => {
  it('flips at once and flips back when the server refuses', async () => {
    await setupApp((req) => (req.method === 'POST' ? jsonResponse({ detail: 'No such game', code: 'GAMES_NOT_FOUND' }, 404) : jsonResponse({ id: 1, is_favourite: false })));
    const changes: Array<[number, boolean]> = [];
    await toggleFavourite(game(1, 'house-dice', { is_favourite: false }), (id, on) => changes.push([id, on]));
    expect(changes).toEqual([[1, true], [1, false]]);
    const kept: Array<[number, boolean]> = [];
    await toggleFavourite(game(1, 'house-dice', { is_favourite: true }), (id, on) => kept.push([id, on]));
    expect(kept).toEqual([[1, false]]);
  });
});

describe('the game page', () => {
  let platform: ReturnType<typeof createBrowserAdapter> & { calls: string[] };
  beforeEach(() => {
    const base = createBrowserAdapter();
    const calls: string[] = [];
    platform = {
      ...base, calls, kind: 'telegram',
      setClosingConfirmation: (on: boolean) => void calls.push(`closing:${on}`),
      haptics: { impact: (s = 'medium') => void calls.push(`impact:${s}`), notification: (n) => void calls.push(`notify:${n}`), selection: () => undefined },
    };
  });

  it('asks for the session URL with mode, language and client type, and reacts to the game’s messages', async () => {
    const { requests } = await setupApp(() => jsonResponse({ ...game(1, 'house-dice'), url: '/house/?game=dice&token=abc', demo: true }));
    setPlatformForTests(platform);
    renderAt('/game/house-dice/demo', <GamePageAt />);
    const frame = await screen.findByTestId('game-frame');
    expect(frame.getAttribute('src')).toMatch(/^\/house\/\?game=dice&token=abc&theme=(light|dark)$/);
    const q = new URL(requests[0]!.url).searchParams;
    expect([q.get('demo_flag'), q.get('language'), q.get('client_type')]).toEqual(['true', 'en', 'telegram']);

    const post = (data: unknown, origin = window.location.origin) => act(() => void window.dispatchEvent(new MessageEvent('message', { data, origin })));
    post({ source: 'house-game', type: 'round_started', game: 'dice' });
    post({ source: 'house-game', type: 'round_finished', game: 'dice', result: 'win' });
    post({ source: 'house-game', type: 'round_started', game: 'dice' }, 'https://evil.example'); // another origin: ignored
    expect(platform.calls).toEqual(['closing:true', 'impact:light', 'closing:false', 'notify:success']);
  });
});

function GamePageAt() {
  return <Route path="/game/:game_string_id/:demo?" component={GamePage} />;
}

describe('bets history', () => {
  afterEach(() => {
    playerState.player = null;
  });

  it('lists the rounds, treats a non-number total as 0, and opens the details with a verify link', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    playerState.player = { id: 7, currency: 'USD' } as never;
    await setupApp((req) => {
      const url = new URL(req.url);
      if (url.pathname.includes('sum_bet_by_user_id')) return jsonResponse('NaN');
      if (url.pathname === '/int-api/game_sessions/7/history') {
        expect(url.searchParams.get('size')).toBe('50');
        return jsonResponse({ items: [{ id: 31, game_string_id: 'house-dice', game_name: 'Dice', provider: 'house', currency: 'USD', bet_amount: 2, win_amount: 3.96, multiplier: '1.9800', status: 'closed', created_at: '2026-11-22T10:00:00Z', finished_at: '2026-11-22T10:00:00Z' }], total: 1, size: 50, page: 1, pages: 1 });
      }
      if (url.pathname === '/int-api/spins/31/user') {
        expect(url.searchParams.get('size')).toBe('10');
        return jsonResponse({
          items: [{ id: 1, type: 'bet', amount: 2, currency: 'USD', created_at: '2026-11-22T10:00:00Z' }], total: 1, size: 10, page: 1, pages: 1,
          round: { id: 31, game_string_id: 'house-dice', game_name: 'Dice', provider: 'house', currency: 'USD', bet_amount: 2, win_amount: 3.96, multiplier: '1.9800', status: 'closed', created_at: '2026-11-22T10:00:00Z', finished_at: null },
          proof: { game: 'dice', server_seed_hash: 'a'.repeat(64), server_seed: 'b'.repeat(64), client_seed: 'seed', nonce: 4, params: { direction: 'over', target: 5050 }, outcome: {} },
        });
      }
      return jsonResponse({});
    });
    renderAt('/profile/history/bets', <BetsHistory />);
    await waitFor(() => expect(screen.getByTestId('bets-total')).toHaveTextContent('Total wagered: $0.00'));
    expect(warn).toHaveBeenCalled();
    fireEvent.click(await screen.findByTestId('bet-row'));
    const link = await screen.findByTestId('verify-link');
    expect(link.getAttribute('href')).toContain('/fairness?game=dice&server_seed=bbbb');
    warn.mockRestore();
  });

  it('finiteSum and verifyLink', () => {
    expect(finiteSum(12.5)).toBe(12.5);
    expect(verifyLink({ game: 'dice', server_seed_hash: 'x', server_seed: null, client_seed: 'c', nonce: 1, params: {}, outcome: {} })).toBeNull();
  });
});
