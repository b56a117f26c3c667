import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AppRoot } from '@vkontakte/vkui';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { GameItem } from '@contracts/games';
import { createBrowserAdapter, setPlatformForTests } from '../../platform';
import { session } from '../../shared/session/session.store';
import { jsonResponse, renderAt, setupApp } from '../../test-utils';
import { playerState } from '../../shared/player/player.store';
import { BetsHistory, finiteSum, GamePage, Lobby, toggleFavourite, verifyLink } from './games.chunk';

const game = (id: number, stringId: string, extra: Partial<GameItem> = {}): GameItem => ({
  id,
  string_id: stringId,
  name: stringId.replace('house-', ''),
  provider: 'house',
  provider_name: 'House Originals',
  image: null,
  has_demo: true,
  is_house: true,
  rtp: '99.00',
  ...extra,
});
const page = (items: GameItem[]) => ({ items, total: items.length, size: 24, page: 1, pages: 1 });

describe('the lobby', () => {
  afterEach(() => {
    session.token = null;
  });

  it('shows the blocks for guests from the public lists, and filters by search', async () => {
    const { requests } = await setupApp((req) => {
      const url = new URL(req.url);
      if (url.pathname.endsWith('/games/blocks'))
        return jsonResponse([{ id: 1, string_id: 'popular', title: 'Popular', order: 0, games_count: 2 }]);
      if (url.pathname.endsWith('/games/providers'))
        return jsonResponse([{ id: 1, string_id: 'house', name: 'House Originals', games_count: 7 }]);
      if (url.searchParams.get('name') === 'roul') return jsonResponse(page([game(6, 'house-roulette')]));
      return jsonResponse(page([game(1, 'house-dice'), game(2, 'house-crash')]));
    });
    renderAt('/', <Lobby />);
    await waitFor(() => expect(screen.getByTestId('block-popular')).toBeInTheDocument());
    expect(screen.getAllByTestId('game-tile').map((t) => t.dataset.game)).toEqual(['house-dice', 'house-crash']);
    expect(screen.queryByTestId('favourite-toggle')).toBeNull(); // guests have no favourites
    fireEvent.change(
      screen.getByTestId('lobby-search').querySelector('input') ?? screen.getByPlaceholderText('Search games'),
      { target: { value: 'roul' } },
    );
    await waitFor(() => expect(screen.getByTestId('game-grid')).toHaveTextContent('European Roulette'));
    expect(requests.every((r) => !new URL(r.url).pathname.includes('/my/'))).toBe(true);
  });

  it('uses the /my lists for players, with favourites', async () => {
    session.token = 'player-token';
    const { requests } = await setupApp((req) => {
      const url = new URL(req.url);
      if (url.pathname.endsWith('/games/blocks'))
        return jsonResponse([{ id: 1, string_id: 'popular', title: 'Popular', order: 0, games_count: 1 }]);
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
    await setupApp((req) =>
      req.method === 'POST'
        ? jsonResponse({ detail: 'No such game', code: 'GAMES_NOT_FOUND' }, 404)
        : jsonResponse({ id: 1, is_favourite: false }),
    );
    const changes: Array<[number, boolean]> = [];
    await toggleFavourite(game(1, 'house-dice', { is_favourite: false }), (id, on) => changes.push([id, on]));
    expect(changes).toEqual([
      [1, true],
      [1, false],
    ]);
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
      ...base,
      calls,
      kind: 'telegram',
      setClosingConfirmation: (on: boolean) => void calls.push(`closing:${on}`),
      haptics: {
        impact: (s = 'medium') => void calls.push(`impact:${s}`),
        notification: (n) => void calls.push(`notify:${n}`),
        selection: () => undefined,
      },
    };
  });

  it('asks for the session URL with mode, language and client type, and reacts to the game’s messages', async () => {
    const { requests } = await setupApp(() =>
      jsonResponse({ ...game(1, 'house-dice'), url: '/house/?game=dice&token=abc', demo: true }),
    );
    setPlatformForTests(platform);
    renderAt('/game/house-dice/demo', <GamePageAt />);
    const frame = await screen.findByTestId('game-frame');
    expect(frame.getAttribute('src')).toMatch(/^\/house\/\?game=dice&token=abc&theme=(light|dark)&embedded=1$/);
    const q = new URL(requests[0]!.url).searchParams;
    expect([q.get('demo_flag'), q.get('language'), q.get('client_type')]).toEqual(['true', 'en', 'telegram']);

    const post = (data: unknown, origin = window.location.origin) =>
      act(() => void window.dispatchEvent(new MessageEvent('message', { data, origin })));
    post({ source: 'house-game', type: 'round_started', game: 'dice' });
    post({ source: 'house-game', type: 'round_finished', game: 'dice', result: 'win' });
    post({ source: 'house-game', type: 'round_started', game: 'dice' }, 'https://evil.example'); // another origin: ignored
    expect(platform.calls).toEqual(['closing:true', 'impact:light', 'closing:false', 'notify:success']);
  });
});

describe('the game page and the header balance', () => {
  afterEach(() => {
    session.token = null;
    playerState.player = null;
  });

  it('follows the balance the game reports, during a round too (the stake shows at once)', async () => {
    session.token = 'player-token';
    playerState.player = { id: 1, currency: 'USD', balance: 50, bonus_balance: 0 } as never;
    await setupApp(() => jsonResponse({ ...game(3, 'house-mines'), url: '/house/?game=mines&token=t', demo: false }));
    renderAt('/game/house-mines', <GamePageAt />);
    await screen.findByTestId('game-frame');
    expect(screen.getAllByText('Mines')).toHaveLength(1); // one title
    expect(screen.getAllByRole('button', { name: 'Close the game' })).toHaveLength(1);
    const post = (data: unknown) =>
      act(() => void window.dispatchEvent(new MessageEvent('message', { data, origin: window.location.origin })));
    post({ source: 'house-game', type: 'round_started', game: 'mines' });
    post({ source: 'house-game', type: 'balance', balance: 45, currency: 'USD' });
    expect((playerState.player as { balance: number } | null)?.balance).toBe(45);
  });

  // Issue 28, item 4: a new account opened Dice in real-money mode, got "Not enough money" and no way on.
  it('offers a deposit and the demo on real money with an empty balance, or after a stake refused for money', async () => {
    session.token = 'player-token';
    playerState.player = { id: 1, currency: 'USD', balance: 0, bonus_balance: 0 } as never;
    await setupApp(() =>
      jsonResponse({ ...game(1, 'house-dice'), url: '/house/?game=dice&token=abc', demo: false, has_demo: true }),
    );
    const memory = memoryLocation({ path: '/game/house-dice', record: true });
    const view = render(
      <AppRoot mode="embedded">
        <Router hook={memory.hook}>
          <GamePageAt />
        </Router>
      </AppRoot>,
    );
    expect(await screen.findByTestId('game-no-money')).toHaveTextContent('Your balance is empty');
    fireEvent.click(screen.getByTestId('no-money-demo'));
    expect(memory.history.at(-1)).toBe('/game/house-dice/demo');
    view.unmount();

    // money on the balance: nothing until a stake is refused for want of it
    playerState.player = { id: 1, currency: 'USD', balance: 0.05, bonus_balance: 0 } as never;
    const again = memoryLocation({ path: '/game/house-dice', record: true });
    render(
      <AppRoot mode="embedded">
        <Router hook={again.hook}>
          <GamePageAt />
        </Router>
      </AppRoot>,
    );
    await screen.findByTestId('game-frame');
    expect(screen.queryByTestId('game-no-money')).toBeNull();
    act(
      () =>
        void window.dispatchEvent(
          new MessageEvent('message', {
            data: { source: 'house-game', type: 'insufficient_funds' },
            origin: window.location.origin,
          }),
        ),
    );
    expect(screen.getByTestId('game-no-money')).toHaveTextContent('Not enough money for this bet');
    fireEvent.click(screen.getByTestId('no-money-deposit'));
    expect(again.history.at(-1)).toBe('/cashbox/deposit');
  });

  // Issue 28, item 11: dead ends for a guest.
  it('says a game that does not exist is not found, with no demo offer', async () => {
    await setupApp(() => jsonResponse({ detail: 'No such game', code: 'GAMES_NOT_FOUND' }, 404));
    renderAt('/game/no-such-game', <GamePageAt />);
    expect(await screen.findByTestId('not-found-page')).toHaveTextContent('Game not found');
    expect(screen.queryByTestId('guest-demo')).toBeNull();
    expect(screen.queryByTestId('game-guest')).toBeNull();
  });

  it('sends a guest’s random game straight to its demo, not to sign-up', async () => {
    await setupApp((req) => {
      const url = new URL(req.url);
      if (url.pathname.endsWith('/games/random')) return jsonResponse(game(4, 'house-plinko'));
      if (url.pathname.endsWith('/games/blocks')) return jsonResponse([]);
      if (url.pathname.endsWith('/games/providers')) return jsonResponse([]);
      return jsonResponse(page([]));
    });
    const memory = memoryLocation({ path: '/', record: true });
    render(
      <AppRoot mode="embedded">
        <Router hook={memory.hook}>
          <Lobby />
        </Router>
      </AppRoot>,
    );
    fireEvent.click(await screen.findByTestId('random-game'));
    await waitFor(() => expect(memory.history.at(-1)).toBe('/game/house-plinko/demo'));
  });

  it('offers a guest sign-up that comes back to the game, and the demo', async () => {
    await setupApp(() => jsonResponse({ ...game(1, 'house-dice'), url: '/house/?game=dice&token=abc', demo: true }));
    const memory = memoryLocation({ path: '/game/house-dice', record: true });
    render(
      <AppRoot mode="embedded">
        <Router hook={memory.hook}>
          <GamePageAt />
        </Router>
      </AppRoot>,
    );
    expect(await screen.findByTestId('game-guest')).toHaveTextContent('Sign up to play Dice');
    fireEvent.click(screen.getByTestId('guest-sign-up'));
    expect(memory.history.at(-1)).toBe('/auth/signup?next=%2Fgame%2Fhouse-dice');
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
        return jsonResponse({
          items: [
            {
              id: 31,
              game_string_id: 'house-dice',
              game_name: 'Dice',
              provider: 'house',
              currency: 'USD',
              bet_amount: 2,
              win_amount: 3.96,
              multiplier: '1.9800',
              status: 'closed',
              created_at: '2026-11-22T10:00:00Z',
              finished_at: '2026-11-22T10:00:00Z',
            },
          ],
          total: 1,
          size: 50,
          page: 1,
          pages: 1,
        });
      }
      if (url.pathname === '/int-api/spins/31/user') {
        expect(url.searchParams.get('size')).toBe('10');
        return jsonResponse({
          items: [{ id: 1, type: 'bet', amount: 2, currency: 'USD', created_at: '2026-11-22T10:00:00Z' }],
          total: 1,
          size: 10,
          page: 1,
          pages: 1,
          round: {
            id: 31,
            game_string_id: 'house-dice',
            game_name: 'Dice',
            provider: 'house',
            currency: 'USD',
            bet_amount: 2,
            win_amount: 3.96,
            multiplier: '1.9800',
            status: 'closed',
            created_at: '2026-11-22T10:00:00Z',
            finished_at: null,
          },
          proof: {
            game: 'dice',
            server_seed_hash: 'a'.repeat(64),
            server_seed: 'b'.repeat(64),
            client_seed: 'seed',
            nonce: 4,
            params: { direction: 'over', target: 5050 },
            outcome: {},
          },
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

  it('opens a crash bet: the crash point, the auto cash-out and a link that fills in the verify page', async () => {
    playerState.player = { id: 8, currency: 'USD' } as never;
    const crashRound = {
      id: 40,
      game_string_id: 'house-crash',
      game_name: 'Crash',
      provider: 'house',
      currency: 'USD',
      bet_amount: 10,
      win_amount: 0,
      multiplier: '0.0000',
      status: 'closed',
      created_at: '2026-11-22T10:00:00Z',
      finished_at: '2026-11-22T10:00:09Z',
    };
    await setupApp((req) => {
      const url = new URL(req.url);
      if (url.pathname.includes('sum_bet_by_user_id')) return jsonResponse(10);
      if (url.pathname === '/int-api/game_sessions/8/history')
        return jsonResponse({ items: [crashRound], total: 1, size: 50, page: 1, pages: 1 });
      if (url.pathname === '/int-api/spins/40/user')
        return jsonResponse({
          items: [{ id: 1, type: 'bet', amount: 10, currency: 'USD', created_at: '2026-11-22T10:00:00Z' }],
          total: 1,
          size: 10,
          page: 1,
          pages: 1,
          round: crashRound,
          proof: {
            game: 'crash',
            round_id: 12,
            game_number: 33,
            terminating_hash: 'c'.repeat(64),
            salt: 'salty',
            game_hash: 'd'.repeat(64),
            crash_point: 157,
            params: { auto_cashout: 200 },
            outcome: { crash_point: 157, cashout_at: null, status: 'lost' },
          },
        });
      return jsonResponse({});
    });
    renderAt('/profile/history/bets', <BetsHistory />);
    fireEvent.click(await screen.findByTestId('bet-row'));
    const outcome = await screen.findByTestId('bet-outcome');
    expect(outcome).toHaveTextContent('Crash point 1.57×');
    expect(outcome).toHaveTextContent('Lost');
    expect(screen.getByTestId('bet-params')).toHaveTextContent('Auto cash-out 2.00×');
    const href = screen.getByTestId('verify-link').getAttribute('href')!;
    const q = new URL(href, 'http://x').searchParams;
    expect([q.get('game'), q.get('server_seed'), q.get('client_seed')]).toEqual(['crash', 'd'.repeat(64), 'salty']);
    expect(JSON.parse(q.get('params')!)).toEqual({ terminating_hash: 'c'.repeat(64) });
  });

  it('says so, with a retry, when the details cannot be loaded (no endless spinner)', async () => {
    playerState.player = { id: 9, currency: 'USD' } as never;
    const round = {
      id: 41,
      game_string_id: 'house-dice',
      game_name: 'Dice',
      provider: 'house',
      currency: 'USD',
      bet_amount: 1,
      win_amount: 0,
      multiplier: '0.0000',
      status: 'closed',
      created_at: '2026-11-22T10:00:00Z',
      finished_at: null,
    };
    await setupApp((req) => {
      const url = new URL(req.url);
      if (url.pathname.includes('sum_bet_by_user_id')) return jsonResponse(1);
      if (url.pathname === '/int-api/game_sessions/9/history')
        return jsonResponse({ items: [round], total: 1, size: 50, page: 1, pages: 1 });
      if (url.pathname === '/int-api/spins/41/user') return jsonResponse({ detail: 'boom', code: 'INTERNAL' }, 500);
      return jsonResponse({});
    });
    renderAt('/profile/history/bets', <BetsHistory />);
    fireEvent.click(await screen.findByTestId('bet-row'));
    expect(await screen.findByTestId('bet-details-error')).toHaveTextContent('could not be loaded');
  });

  it('finiteSum and verifyLink', () => {
    expect(finiteSum(12.5)).toBe(12.5);
    expect(
      verifyLink({
        game: 'dice',
        server_seed_hash: 'x',
        server_seed: null,
        client_seed: 'c',
        nonce: 1,
        params: {},
        outcome: {},
      }),
    ).toBeNull();
  });
});
