import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import type { Bonus, BonusesResponse, WelcomeResponse } from '@contracts/bonuses';
import { jsonResponse, renderAt, setupApp } from '../../test-utils';
import { BonusesPage, WelcomeBonusesPage } from '.';
import { timeLeft } from './bonuses.page';

const terms = {
  title: '100% on your first deposit',
  description: '',
  wagering_multiplier: 10,
  wagering_base: 'bonus' as const,
  max_bet: 5,
  max_conversion: 50,
  claim_days: 7,
  wagering_days: 30,
  max_bonus: 500,
  contributions: [
    { target: 'house', percent: 100 },
    { target: 'crash', percent: 50 },
  ],
  eligible_games: [],
};
const bonus = (over: Partial<Bonus>): Bonus => ({
  id: 1,
  type: 'welcome',
  status: 'wagering',
  bonus_percent: 100,
  currency_limits: { USD: { min_dep: 10, max_dep: null } },
  start_datetime: new Date().toISOString(),
  no_deposit_bonus_amount: null,
  fs_count_remaining: null,
  count: null,
  game: null,
  free_round_bet: null,
  currency: 'USD',
  amount: 25,
  wager_required: 250,
  wagered: 100,
  expires_at: new Date(Date.now() + 2 * 86_400_000 + 3_600_000 * 5 + 60_000).toISOString(),
  terms,
  ...over,
});

/** The fake server: the bonuses list, and what PATCH, DELETE and the promo POST answer. */
function bonusesServer(
  list: () => BonusesResponse,
  promo: () => Response = () => jsonResponse({}, 201),
  check: () => Response = promo,
) {
  return (req: Request) =>
    req.method === 'POST'
      ? req.url.includes('/promo-codes/check')
        ? check()
        : promo()
      : req.method === 'PATCH' || req.method === 'DELETE'
        ? new Response(null, { status: 204 })
        : req.url.includes('/users/me')
          ? jsonResponse({ id: 1, currency: 'USD', balance: 0, bonus_balance: 25 })
          : jsonResponse(list());
}
const page = (tab: string) =>
  renderAt(
    `/profile/promotions/bonuses/${tab}`,
    <Route path="/profile/:section/:page/:tab?">
      <BonusesPage />
    </Route>,
  );

describe('the bonuses page', () => {
  it('shows a wagering bonus with its bar, its terms in plain words and the time left', async () => {
    await setupApp(bonusesServer(() => ({ deposit: [bonus({})], free_rounds: [] })));
    page('my');
    const card = await screen.findByTestId('bonus-1');
    expect(within(card).getByTestId('bonus-status')).toHaveTextContent('Wagering');
    expect(within(card).getByTestId('bonus-wagered')).toHaveTextContent('Wagered $100.00 of $250.00');
    expect(within(card).getByTestId('bonus-terms')).toHaveTextContent('Wager 10× the bonus');
    expect(within(card).getByTestId('bonus-terms')).toHaveTextContent('Max bet $5.00 while wagering');
    expect(within(card).getByTestId('bonus-terms')).toHaveTextContent('At most $50.00 becomes real money');
    expect(within(card).getByTestId('bonus-terms')).toHaveTextContent('house games 100 %, crash 50 %');
    expect(card).toHaveTextContent('Ends in 2 d 5 h');
    expect(within(card).queryByTestId('bonus-activate')).toBeNull(); // in play: nothing to activate
  });

  it('deletes only after a confirmation that says what is forfeited', async () => {
    const { requests } = await setupApp(bonusesServer(() => ({ deposit: [bonus({})], free_rounds: [] })));
    page('my');
    fireEvent.click(await screen.findByTestId('bonus-delete'));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('$25.00 of bonus money leaves your bonus balance');
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(requests.find((r) => r.method === 'DELETE')?.url).toMatch(/\/bonuses\/my\/1$/));
  });

  it('lists waiting offers under Available, each behind the bonus in play', async () => {
    const { requests } = await setupApp(
      bonusesServer(() => ({
        deposit: [bonus({ id: 7, status: 'created', wagered: 0, wager_required: 0, amount: 0 }), bonus({ id: 8 })],
        free_rounds: [],
      })),
    );
    page('available');
    const card = await screen.findByTestId('bonus-7');
    expect(screen.queryByTestId('bonus-8')).toBeNull(); // the one in play is under My bonuses
    expect(card).toHaveTextContent('100 % of your deposit, up to $500.00');
    expect(card).toHaveTextContent('Deposit from $10.00');
    // it waits behind the bonus in play, and says so, instead of an Activate that is refused (issue 28)
    expect(within(card).getByTestId('bonus-waits-for')).toHaveTextContent(
      'Can be activated once “100% on your first deposit” ends.',
    );
    expect(within(card).getByTestId('bonus-activate')).toBeDisabled();
    expect(requests.some((r) => r.method === 'PATCH')).toBe(false);
  });

  it('activates a waiting offer when nothing is in play; declining one is called Decline', async () => {
    const { requests } = await setupApp(
      bonusesServer(() => ({
        deposit: [bonus({ id: 7, status: 'created', wagered: 0, wager_required: 0, amount: 0 })],
        free_rounds: [],
      })),
    );
    page('available');
    const card = await screen.findByTestId('bonus-7');
    expect(within(card).getByTestId('bonus-delete')).toHaveTextContent('Decline');
    fireEvent.click(within(card).getByTestId('bonus-activate'));
    await waitFor(() => expect(requests.find((r) => r.method === 'PATCH')?.url).toMatch(/\/bonuses\/7\/activate$/));
  });

  it('says a promo code entered while a bonus is in play will wait behind it, and adds it only when confirmed', async () => {
    const offer = {
      id: 3,
      type: 'no_deposit',
      bonus_percent: null,
      currency_limits: {},
      no_deposit_bonus_amount: 10,
      count: null,
      game: null,
      free_round_bet: null,
      currency: 'USD',
      terms: { ...terms, title: 'Free $10' },
    };
    const { requests } = await setupApp(
      bonusesServer(
        () => ({ deposit: [bonus({ id: 8 })], free_rounds: [] }),
        () => jsonResponse(bonus({ id: 9, status: 'created' }), 201),
        () =>
          jsonResponse({
            code: 'WELCOME10',
            outcome: 'queued',
            offer,
            in_play: { id: 8, type: 'welcome', title: 'Welcome', status: 'wagering', expires_at: null },
            activate_by: '2026-12-04T12:00:00.000Z',
          }),
      ),
    );
    page('my');
    fireEvent.change(await screen.findByTestId('promo-code'), { target: { value: 'welcome10' } });
    fireEvent.click(screen.getByTestId('promo-apply'));
    const outcome = await screen.findByTestId('promo-outcome-text');
    expect(outcome).toHaveTextContent('“Welcome” is in play, so this bonus (Bonus $10.00) cannot start now.');
    expect(outcome).toHaveTextContent('Activate it by');
    const posts = () => requests.filter((r) => r.method === 'POST').map((r) => new URL(r.url).pathname);
    expect(posts()).toEqual(['/main-api/bonuses/promo-codes/check']); // nothing redeemed yet
    fireEvent.click(screen.getByTestId('promo-confirm'));
    await waitFor(() => expect(posts()).toContain('/main-api/bonuses/promo-codes'));
  });

  it('with nothing in play, My bonuses leads to the offers waiting (a new Telegram player’s welcome offers)', async () => {
    await setupApp(
      bonusesServer(() => ({
        deposit: [bonus({ id: 7, status: 'created', wagered: 0, wager_required: 0, amount: 0 })],
        free_rounds: [],
      })),
    );
    page('my');
    expect(await screen.findByTestId('bonuses-empty')).toHaveTextContent('No bonus in play');
    fireEvent.click(screen.getByTestId('bonuses-see-available'));
    expect(await screen.findByTestId('bonus-7')).toHaveTextContent('100 % of your deposit, up to $500.00');
    expect(screen.getByTestId('bonus-activate')).toBeInTheDocument();
  });

  it('says why a promo code was refused, in the player’s language', async () => {
    await setupApp(
      bonusesServer(
        () => ({ deposit: [], free_rounds: [] }),
        () => jsonResponse({ detail: 'There is no such promo code', code: 'BONUSES_PROMO_EXPIRED' }, 410),
      ),
    );
    page('my');
    expect(await screen.findByTestId('bonuses-empty')).toBeInTheDocument();
    fireEvent.change(screen.getByTestId('promo-code'), { target: { value: 'OLD' } });
    fireEvent.click(screen.getByTestId('promo-apply'));
    expect(await screen.findByText('This promo code has expired')).toBeInTheDocument();
  });
});

describe('the welcome offers for guests', () => {
  it('shows the offer and its terms, and signs up keeping the choice', async () => {
    const offers: WelcomeResponse = {
      deposit: [
        {
          id: 3,
          type: 'welcome',
          bonus_percent: 100,
          currency_limits: { USD: { min_dep: 10, max_dep: null } },
          no_deposit_bonus_amount: null,
          count: null,
          game: null,
          free_round_bet: null,
          currency: 'USD',
          terms,
        },
      ],
      free_rounds: [],
    };
    await setupApp((req) =>
      req.url.includes('all_currencies') ? jsonResponse({ currencies: ['USD'], items: [] }) : jsonResponse(offers),
    );
    renderAt('/bonuses', <WelcomeBonusesPage />);
    const offer = await screen.findByTestId('welcome-offer-3');
    expect(offer).toHaveTextContent('Activate within 7 days');
    expect(offer).toHaveTextContent('Wager 10× the bonus');
    expect(within(offer).getByTestId('welcome-take')).toBeInTheDocument();
    // the currency picker is named by a visible label in this page's own texts
    expect(screen.getByText('Currency')).toBeVisible();
    expect(screen.queryByText(/auth\./)).toBeNull();
  });
});

describe('timeLeft', () => {
  it('reads in days, hours or minutes', () => {
    const now = Date.parse('2026-11-24T12:00:00Z');
    expect(timeLeft('2026-11-26T15:30:00Z', now)).toBe('2 d 3 h');
    expect(timeLeft('2026-11-24T14:05:00Z', now)).toBe('2 h 5 min');
    expect(timeLeft('2026-11-24T12:09:00Z', now)).toBe('9 min');
    expect(timeLeft('2026-11-24T11:00:00Z', now)).toBe('0 min');
    // in the player's language
    const ru = (u: 'd' | 'h' | 'min') => ({ d: 'д', h: 'ч', min: 'мин' })[u];
    expect(timeLeft('2026-11-26T15:30:00Z', now, ru)).toBe('2 д 3 ч');
    expect(timeLeft('2026-11-24T14:05:00Z', now, ru)).toBe('2 ч 5 мин');
  });
});
