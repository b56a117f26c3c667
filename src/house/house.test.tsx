import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HouseSession } from '@contracts/games';
import { HouseApp } from './main';
import { resetBonusCap } from './bonus-cap';

const fairness = { server_seed_hash: 'f'.repeat(64), client_seed: 'abc', nonce: 3 };
const session = (game: HouseSession['game'], extra: Partial<HouseSession> = {}): HouseSession => ({
  game,
  name: game,
  demo: false,
  currency: 'USD',
  digits: 2,
  balance: 50,
  min_bet: 0.1,
  max_bet: 1000,
  rtp: '98.99',
  rtp_note: 'note',
  language: 'en',
  client_type: 'web',
  fairness,
  open_round: null,
  ...extra,
});
let calls: Array<{ path: string; body: unknown; token: string | null }>;
function serve(routes: Record<string, (body: unknown) => unknown>) {
  calls = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const path = new URL(input, 'http://x').pathname.replace('/house-api', '');
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ path, body, token: new Headers(init.headers).get('x-game-token') });
    const handler = routes[path];
    if (!handler)
      return new Response(
        JSON.stringify({ detail: 'Not enough money on the balance', code: 'WALLET_INSUFFICIENT_FUNDS' }),
        { status: 402 },
      );
    return new Response(JSON.stringify(handler(body)), { status: 200 });
  });
}
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  sessionStorage.clear(); // the player's stake is kept per tab
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the house game page', () => {
  it('dice: sends the bet with the launch token, shows the roll and then the new balance', async () => {
    serve({
      '/session': () => session('dice'),
      '/bet': () => ({
        round_id: 1,
        game: 'dice',
        amount: 2,
        payout: 3.96,
        multiplier_bp: 19800,
        nonce: 3,
        outcome: { roll: 7777, isWin: true },
        balance: 51.96,
        fairness: { ...fairness, nonce: 4 },
      }),
    });
    render(<HouseApp token="launch-token-123456" />);
    fireEvent.change(await screen.findByTestId('bet-amount'), { target: { value: '2' } });
    fireEvent.click(screen.getByTestId('bet-button'));
    await waitFor(() => expect(screen.getByTestId('dice-roll')).toHaveTextContent('77.77'));
    const rolled = screen.getByTestId('dice-roll');
    await waitFor(() => expect(screen.getByTestId('balance')).toHaveTextContent('$51.96'));
    // the roll popped once: the balance's re-render keeps its element (a new one would play the pop again, and the
    // number would fade in again in front of a reader or an accessibility scan)
    expect(screen.getByTestId('dice-roll')).toBe(rolled);
    expect(calls.find((c) => c.path === '/bet')).toEqual({
      path: '/bet',
      body: { game: 'dice', amount: 2, params: { direction: 'over', target: 5050 } },
      token: 'launch-token-123456',
    });
    expect(screen.getByTestId('nonce')).toHaveTextContent('4');
  });

  it('dice: a free round shows and sends its fixed stake, locked; unticked, the player’s own amount is back in their hands', async () => {
    serve({
      '/session': () => session('dice', { free_rounds: { left: 3, total: 10, bet: 0.5 } }),
      '/bet': () => ({
        round_id: 1,
        game: 'dice',
        amount: 0.5,
        payout: 0,
        multiplier_bp: 0,
        nonce: 3,
        outcome: { roll: 1000, isWin: false },
        balance: 50,
        fairness: { ...fairness, nonce: 4 },
        free_rounds: { left: 2, total: 10, bet: 0.5 },
      }),
    });
    render(<HouseApp token="launch-token-123456" />);
    const amount = await screen.findByTestId('bet-amount');
    await waitFor(() => expect(amount).toHaveValue(0.5));
    expect(amount).toBeDisabled();
    expect(screen.getByTestId('free-round-count')).toHaveTextContent('Free round 8 of 10');
    fireEvent.click(screen.getByTestId('bet-button'));
    await waitFor(() => expect(screen.getByTestId('free-round-count')).toHaveTextContent('Free round 9 of 10'));
    expect(calls.find((c) => c.path === '/bet')?.body).toMatchObject({ amount: 0.5, free_round: true });
    fireEvent.click(screen.getByTestId('free-round-use'));
    await waitFor(() => expect(amount).toBeEnabled());
    expect(amount).toHaveValue(1); // the player's own stake, not the free round's
  });

  it('dice: the stake the player chose stays theirs after free rounds and when the page loads again', async () => {
    let left = 1;
    serve({
      '/session': () => session('dice', left > 0 ? { free_rounds: { left, total: 10, bet: 0.5 } } : {}),
      '/bet': () => ({
        round_id: 1,
        game: 'dice',
        amount: 0.5,
        payout: 0,
        multiplier_bp: 0,
        nonce: 3,
        outcome: { roll: 1000, isWin: false },
        balance: 50,
        fairness: { ...fairness, nonce: 4 },
        free_rounds: { left: --left, total: 10, bet: 0.5 },
      }),
    });
    // chosen before: 2.50 (kept in this tab)
    sessionStorage.setItem('house:stake:dice:USD', '2.5');
    const first = render(<HouseApp token="launch-token-123456" />);
    const amount = await screen.findByTestId('bet-amount');
    await waitFor(() => expect(amount).toHaveValue(0.5)); // the free round's stake while it lasts
    fireEvent.click(screen.getByTestId('bet-button'));
    await waitFor(() => expect(screen.queryByTestId('free-rounds')).toBeNull(), { timeout: 3000 });
    await waitFor(() => expect(amount).toHaveValue(2.5)); // the last free round played: the player's own again
    fireEvent.change(amount, { target: { value: '0.5' } });
    first.unmount();
    // the page loads again (the frame reloaded): the player's 0.50, not the game's default 1
    render(<HouseApp token="launch-token-123456" />);
    expect(await screen.findByTestId('bet-amount')).toHaveValue(0.5);
  });

  it('shows a refusal in place and keeps the balance', async () => {
    serve({ '/session': () => session('limbo') });
    render(<HouseApp token="launch-token-123456" />);
    fireEvent.click(await screen.findByTestId('bet-button'));
    expect(await screen.findByTestId('game-error')).toHaveTextContent('Not enough money on the balance');
    expect(screen.getByTestId('balance')).toHaveTextContent('$50.00');
  });

  it('while a bonus is wagering: the range shows its max bet, Max stops there, a refusal names the cap', async () => {
    resetBonusCap();
    serve({ '/session': () => session('dice', { bonus_max_bet: 5 }) });
    render(<HouseApp token="launch-token-123456" />);
    expect(await screen.findByTestId('bet-range')).toHaveTextContent('0.10 – 5.00 · bonus max bet 5.00');
    fireEvent.click(screen.getByRole('button', { name: 'Max' }));
    expect(screen.getByTestId('bet-amount')).toHaveValue(5);
    // a bonus with a lower cap started meanwhile: the refusal says the amount, and the range follows it
    vi.stubGlobal(
      'fetch',
      async () =>
        new Response(
          JSON.stringify({
            detail: 'While a bonus is wagering a bet may be at most 2 USD',
            code: 'BONUSES_MAX_BET',
            max_bet: 2,
          }),
          { status: 403 },
        ),
    );
    fireEvent.click(screen.getByTestId('bet-button'));
    expect(await screen.findByTestId('game-error')).toHaveTextContent(
      'While your bonus is wagering, a bet may be at most 2.00. Lower the stake.',
    );
    expect(screen.getByTestId('bet-range')).toHaveTextContent('0.10 – 2.00 · bonus max bet 2.00');
    resetBonusCap();
  });

  it('says a refusal in the player’s language, not the server’s English', async () => {
    serve({ '/session': () => session('limbo', { language: 'ru' }) });
    render(<HouseApp token="launch-token-123456" />);
    fireEvent.click(await screen.findByTestId('bet-button'));
    expect(await screen.findByTestId('game-error')).toHaveTextContent('Недостаточно денег на балансе');
  });

  it('a refusal whose code has no text of its own, or a lost connection, is still said in the player’s language', async () => {
    serve({ '/session': () => session('limbo', { language: 'ru' }) });
    const { unmount } = render(<HouseApp token="launch-token-123456" />);
    const base = vi.mocked(fetch);
    vi.stubGlobal('fetch', async (input: string, init?: RequestInit) =>
      input.endsWith('/bet')
        ? new Response(JSON.stringify({ detail: 'params.target: must be >= 101', code: 'HOUSE_NEW_REASON' }), {
            status: 400,
          })
        : base(input, init),
    );
    fireEvent.click(await screen.findByTestId('bet-button'));
    expect(await screen.findByTestId('game-error')).toHaveTextContent('Игра не приняла это действие');
    expect(screen.getByTestId('game-error')).not.toHaveTextContent('must be');
    vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
      if (input.endsWith('/bet')) throw new TypeError('Failed to fetch');
      return base(input, init);
    });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    fireEvent.click(screen.getByTestId('bet-button'));
    await waitFor(() => expect(screen.getByTestId('game-error')).toHaveTextContent('Что-то пошло не так'));
    expect(screen.getByTestId('game-error')).not.toHaveTextContent('Failed to fetch');
    unmount();
  });

  it('mines: resumes the open round after a reload, reveals a tile and cashes out', async () => {
    const state = (extra: object) => ({
      round_id: 9,
      amount: 1,
      mines: 3,
      revealed: [0],
      status: 'open',
      multiplier_bp: 11250,
      next_multiplier_bp: 12840,
      payout: 0,
      mine_tiles: null,
      nonce: 3,
      balance: 49,
      fairness,
      ...extra,
    });
    serve({
      '/session': () =>
        session('mines', { open_round: { round_id: 9, amount: 1, mines: 3, revealed: [], multiplier_bp: 0 } }),
      '/mines/reveal': () => state({}),
      '/mines/cashout': () => state({ status: 'cashed_out', payout: 1.12, mine_tiles: [4, 10, 20], balance: 50.12 }),
    });
    render(<HouseApp token="launch-token-123456" />);
    // the grid is drawn before the open round is resumed, its tiles disabled until then: a click must wait for it
    await waitFor(() => expect(screen.getByTestId('tile-0')).toBeEnabled());
    fireEvent.click(screen.getByTestId('tile-0'));
    await waitFor(() => expect(screen.getByTestId('cashout-button')).toBeEnabled());
    expect(calls.find((c) => c.path === '/mines/reveal')?.body).toEqual({ tile: 0 });
    fireEvent.click(screen.getByTestId('cashout-button'));
    await waitFor(() => expect(screen.getByTestId('balance')).toHaveTextContent('$50.12'));
    expect(screen.getByTestId('tile-4')).toHaveTextContent('✖');
  });

  it('crash: a bet asked for during a flight waits for the next round and goes in when it opens', async () => {
    const sockets: FakeSocket[] = [];
    class FakeSocket {
      onopen: (() => void) | null = null;
      onmessage: ((e: { data: string }) => void) | null = null;
      onclose: (() => void) | null = null;
      constructor() {
        sockets.push(this);
      }
      send() {}
      close() {}
    }
    vi.stubGlobal('WebSocket', FakeSocket);
    const now = Date.now();
    const crashState = (extra: object) => ({
      round_id: 5,
      game_number: 40,
      terminating_hash: 'a'.repeat(64),
      salt: 's',
      phase: 'running',
      starts_at: new Date(now - 1000).toISOString(),
      now: new Date(now).toISOString(),
      multiplier: 106,
      crash_point: null,
      game_hash: null,
      history: [],
      players: 1,
      ...extra,
    });
    serve({
      '/session': () => session('crash'),
      '/crash/state': () => crashState({}),
      '/crash/bet': () => ({
        round_id: 6,
        amount: 1,
        auto_cashout: null,
        status: 'active',
        cashout_at: null,
        payout: 0,
        balance: 49,
      }),
    });
    render(<HouseApp token="launch-token-123456" />);
    const button = await screen.findByTestId('bet-button');
    // the state is in (a flight): the button queues a bet instead of being disabled
    await waitFor(() => expect(screen.getByTestId('crash-phase')).toHaveTextContent('Flying'));
    await waitFor(() => expect(button).toBeEnabled());
    expect(button).toHaveTextContent('Bet next round');
    fireEvent.click(button);
    expect(await screen.findByTestId('crash-queued')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/crash/bet')).toBe(false);
    // the next round opens for bets: the queued bet goes in by itself
    const next = crashState({
      round_id: 6,
      phase: 'betting',
      starts_at: new Date(Date.now() + 4000).toISOString(),
      now: new Date().toISOString(),
      multiplier: 100,
      players: 0,
    });
    sockets.at(-1)!.onmessage?.({ data: JSON.stringify({ type: 'crash', data: next }) });
    await waitFor(() => expect(calls.some((c) => c.path === '/crash/bet')).toBe(true));
    await waitFor(() => expect(screen.getByTestId('balance')).toHaveTextContent('$49.00'));
    // the round's count was read before the bet: the player's own bet is in it all the same (issue 28)
    expect(screen.getByTestId('crash-phase')).toHaveTextContent('Players: 1');
    // it crashes: the bet reads Lost for that round, and is gone once the next round opens
    const send = (data: object) => sockets.at(-1)!.onmessage?.({ data: JSON.stringify({ type: 'crash', data }) });
    send(crashState({ round_id: 6, phase: 'crashed', crash_point: 120, players: 1 }));
    expect(await screen.findByTestId('crash-my-bet')).toHaveTextContent('Lost');
    send(
      crashState({
        round_id: 7,
        phase: 'betting',
        starts_at: new Date(Date.now() + 4000).toISOString(),
        now: new Date().toISOString(),
        players: 0,
      }),
    );
    await waitFor(() => expect(screen.queryByTestId('crash-my-bet')).toBeNull());
  });

  it('the fairness panel saves a client seed and rotates, revealing the old server seed', async () => {
    serve({
      '/session': () => session('dice'),
      '/seeds/client': (b) => ({ ...fairness, client_seed: (b as { client_seed: string }).client_seed, nonce: 3 }),
      '/seeds/rotate': () => ({
        revealed: {
          server_seed: 'e'.repeat(64),
          server_seed_hash: fairness.server_seed_hash,
          client_seed: 'mine',
          nonce: 3,
        },
        fairness: { server_seed_hash: 'a'.repeat(64), client_seed: 'mine', nonce: 0 },
      }),
    });
    render(<HouseApp token="launch-token-123456" />);
    fireEvent.change(await screen.findByTestId('client-seed'), { target: { value: 'mine' } });
    fireEvent.click(screen.getByText('Save'));
    await waitFor(() => expect(calls.some((c) => c.path === '/seeds/client')).toBe(true));
    fireEvent.click(screen.getByTestId('rotate-seed'));
    await waitFor(() => expect(screen.getByTestId('revealed-seed')).toHaveTextContent('e'.repeat(64)));
    expect(screen.getByTestId('server-seed-hash')).toHaveTextContent('a'.repeat(64));
    expect(screen.getByTestId('nonce')).toHaveTextContent('0');
  });
});
