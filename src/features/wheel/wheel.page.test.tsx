import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { floatsFor, sha256Hex, wheelSegmentIndex } from '@contracts/fairness';
import type { WheelSpinRecord, WheelSpinResult, WheelView } from '@contracts/wheel';
import { jsonResponse, renderAt, setupApp } from '../../test-utils';
import { landingRotation, sliceAt } from './wheel.geometry';
import { wheelTexts } from './wheel.locales';
import { timeUntil, wheelVerifyLink } from './wheel.page';
import { Route } from 'wouter';
import { ProfilePage } from '../profile';
import { WheelPage } from '.';

const SERVER = '735249f062ac025044a8523aa92e034803f02d6b75129abc97e8b1be19aab9b4';
const CLIENT = 'ec75fca98de6f2d9';
const weights = [20, 15, 12, 15, 6, 15, 2, 15];
const money = (amount: number) => ({ kind: 'real_money' as const, amount, currency: 'USD' });
const prizes = [money(0.1), null, money(0.5), null, money(1), null, money(5), money(0.1)];

async function wheelView(over: Partial<WheelView> = {}): Promise<WheelView> {
  return {
    is_available: true,
    version: 1,
    segments: weights.map((w, i) => ({
      id: `s${i}`,
      label_key: prizes[i] ? 'small' : 'nothing',
      weight: w,
      probability: w / 100,
      prize: prizes[i] ?? { kind: 'nothing' },
    })),
    spins_available: 1,
    granted_spins: 0,
    next_free_spin_at: null,
    server_seed_hash: await sha256Hex(SERVER),
    client_seed: CLIENT,
    nonce: 20,
    ...over,
  };
}

async function spinResult(): Promise<WheelSpinResult> {
  const index = wheelSegmentIndex(await floatsFor(SERVER, CLIENT, 20, 1), weights);
  return {
    spin_id: 9,
    version: 1,
    segment_index: index,
    segment_id: `s${index}`,
    prize: prizes[index] ?? { kind: 'nothing' },
    bonus_grant_id: null,
    server_seed: SERVER,
    server_seed_hash: await sha256Hex(SERVER),
    client_seed: CLIENT,
    nonce: 20,
    weights,
    next_server_seed_hash: 'ab'.repeat(32),
    spins_available: 0,
    next_free_spin_at: new Date(Date.now() + 86_400_000).toISOString(),
  };
}

/** The fake server: the spins history (empty unless given), the spin (POST), else the wheel. */
const wheelServer =
  (wheel: () => WheelView, spin?: () => Response, spins: () => WheelSpinRecord[] = () => []) =>
  (req: Request) =>
    req.url.endsWith('/wheel/spins')
      ? jsonResponse({ items: spins() })
      : req.method === 'POST' && spin
        ? spin()
        : jsonResponse(wheel());

const reduceMotion = (reduce: boolean) =>
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: reduce && query.includes('reduce'),
        media: query,
        addEventListener() {},
        removeEventListener() {},
        addListener() {},
        removeListener() {},
      }) as unknown as MediaQueryList,
  );

afterEach(() => vi.restoreAllMocks());

describe('the wheel page', () => {
  it('publishes the chances and the committed hash, spins, lands on the server’s segment, reveals the seed', async () => {
    const view = await wheelView();
    const result = await spinResult();
    let spun = false;
    const { requests } = await setupApp(
      wheelServer(
        () => view,
        () => {
          spun = true;
          return jsonResponse(result);
        },
        () => (spun ? [{ ...result, created_at: new Date().toISOString() }] : []),
      ),
    );
    renderAt('/profile/promotions/wheel', <WheelPage />);
    expect(await screen.findByTestId('wheel-committed-hash')).toHaveTextContent(view.server_seed_hash);
    expect(screen.getByTestId('wheel-odds-0')).toHaveTextContent('20 %');
    expect(screen.getByTestId('wheel-odds-6')).toHaveTextContent('2 %');
    expect(screen.getAllByText('$5.00').length).toBeGreaterThan(0);
    expect(screen.getByTestId('wheel-spins-available')).toHaveTextContent('1 spin available');

    fireEvent.click(screen.getByTestId('wheel-spin'));
    await waitFor(() => expect(requests.some((r) => r.method === 'POST')).toBe(true));
    const disc = screen.getByTestId('wheel-disc');
    await waitFor(() => expect(Number(disc.dataset.rotation)).toBeGreaterThan(360 * 5));
    expect(sliceAt(Number(disc.dataset.rotation), weights.length)).toBe(result.segment_index);
    // the result waits for the animation to end
    expect(screen.queryByTestId('wheel-result')).toBeNull();
    fireEvent.transitionEnd(disc);
    expect(await screen.findByTestId('wheel-revealed-seed')).toHaveTextContent(SERVER);
    // the result is named in words, never as a segment number (issue 28)
    const won =
      result.prize.kind === 'real_money' ? `You won $${result.prize.amount.toFixed(2)}!` : 'No prize this time.';
    expect(screen.getByTestId('wheel-result-text')).toHaveTextContent(won);
    expect(document.body).not.toHaveTextContent(/Segment #/);
    expect(screen.getByTestId('wheel-verify-link')).toHaveAttribute('href', wheelVerifyLink(result));
    // the history lists the spin with its own verify link
    expect(await screen.findByTestId(`wheel-history-verify-${result.spin_id}`)).toHaveAttribute(
      'href',
      wheelVerifyLink(result),
    );
    // the next spin's commitment, and the time until the free spin comes back
    expect(screen.getByTestId('wheel-committed-hash')).toHaveTextContent(result.next_server_seed_hash);
    expect(screen.getByTestId('wheel-next-spin')).toHaveTextContent(/Next free spin in (23:59:5\d|24:00:00)/);
  });

  it('names bonus prizes in words on the wheel and in the result; an empty slice reads "No prize"', async () => {
    reduceMotion(true);
    const bonusPrizes = [
      { kind: 'free_rounds_template' as const, template_id: 3, count: 10, game: 'dice', currency: 'USD' },
      { kind: 'bonus_template' as const, template_id: 2, amount: 5, currency: 'USD', percent: null },
    ];
    const base = await wheelView();
    const view = {
      ...base,
      segments: base.segments.map((seg, i) => (i < 2 ? { ...seg, label_key: 'bonus', prize: bonusPrizes[i]! } : seg)),
    };
    const result = { ...(await spinResult()), segment_index: 0, segment_id: 's0', prize: bonusPrizes[0]! };
    await setupApp(
      wheelServer(
        () => view,
        () => jsonResponse(result),
      ),
    );
    renderAt('/profile/promotions/wheel', <WheelPage />);
    expect(await screen.findByTestId('wheel-slice-0')).toHaveTextContent('10 free spins');
    expect(screen.getByText('10 free spins on Dice')).toBeInTheDocument(); // the chances list names the game
    expect(screen.getByTestId('wheel-slice-1')).toHaveTextContent('$5.00 bonus');
    expect(screen.getByTestId('wheel-slice-3')).toHaveTextContent('No prize');
    expect(document.body).not.toHaveTextContent('Try again');
    fireEvent.click(screen.getByTestId('wheel-spin'));
    expect(await screen.findByTestId('wheel-result-text')).toHaveTextContent(
      'You won 10 free spins on Dice! Find it in Promotions → Bonuses.',
    );
  });

  it('with reduced motion the result shows at once', async () => {
    reduceMotion(true);
    const view = await wheelView();
    const result = await spinResult();
    await setupApp(
      wheelServer(
        () => view,
        () => jsonResponse(result),
      ),
    );
    renderAt('/profile/promotions/wheel', <WheelPage />);
    fireEvent.click(await screen.findByTestId('wheel-spin'));
    expect(await screen.findByTestId('wheel-result-text')).toHaveTextContent(
      result.prize.kind === 'real_money' ? /You won \$/ : 'No prize this time.',
    );
  });

  it('says why a spin paid nothing when the bonus its slice showed could not be granted', async () => {
    reduceMotion(true);
    const view = await wheelView();
    const result = {
      ...(await spinResult()),
      prize: { kind: 'nothing' as const },
      unpaid_reason: 'not_granted' as const,
    };
    await setupApp(
      wheelServer(
        () => view,
        () => jsonResponse(result),
      ),
    );
    renderAt('/profile/promotions/wheel', <WheelPage />);
    fireEvent.click(await screen.findByTestId('wheel-spin'));
    expect(await screen.findByTestId('wheel-result-text')).toHaveTextContent('No prize this time.');
    expect(screen.getByTestId('wheel-result-unpaid')).toHaveTextContent(/ran out just as the wheel stopped/);
  });

  it('without spins shows the time until the next free one; a refused spin is explained', async () => {
    const next = new Date(Date.now() + 5 * 3_600_000 + 3 * 60_000 + 9_000).toISOString();
    const waiting = await wheelView({ spins_available: 0, next_free_spin_at: next });
    await setupApp(wheelServer(() => waiting));
    const page = renderAt('/profile/promotions/wheel', <WheelPage />);
    expect(await screen.findByTestId('wheel-next-spin')).toHaveTextContent(/Next free spin in 5:03:(0\d|1\d)/);
    expect(screen.queryByTestId('wheel-spin')).toBeNull();
    page.unmount();

    const open = await wheelView();
    await setupApp(
      wheelServer(
        () => open,
        () => jsonResponse({ code: 'WHEEL_COOLDOWN', detail: 'taken' }, 409),
      ),
    );
    renderAt('/profile/promotions/wheel', <WheelPage />);
    fireEvent.click(await screen.findByTestId('wheel-spin'));
    expect(await screen.findByTestId('wheel-notice')).toHaveTextContent('the wheel has been refreshed');
  });

  it('when the countdown ends, reads the wheel again and offers the spin', async () => {
    const waiting = await wheelView({
      spins_available: 0,
      next_free_spin_at: new Date(Date.now() + 1200).toISOString(),
    });
    const open = await wheelView();
    let reads = 0;
    await setupApp(wheelServer(() => (++reads === 1 ? waiting : open)));
    renderAt('/profile/promotions/wheel', <WheelPage />);
    expect(await screen.findByTestId('wheel-next-spin')).toHaveTextContent(/Next free spin in 0:00:0[12]/);
    expect(await screen.findByTestId('wheel-spin', {}, { timeout: 5000 })).toBeEnabled();
    expect(reads).toBe(2);
  });

  it('is the profile’s promotions → wheel tab, loaded on demand', async () => {
    const view = await wheelView();
    await setupApp(wheelServer(() => view));
    renderAt(
      '/profile/promotions/wheel',
      <Route path="/profile/:section/:page">
        <ProfilePage onLanguage={async () => true} />
      </Route>,
    );
    expect(await screen.findByTestId('wheel-page')).toBeInTheDocument();
    expect(screen.getByTestId('profile-tab-wheel')).toHaveAttribute('aria-selected', 'true');
  });

  it('says so when the wheel is not available', async () => {
    const view = await wheelView({ is_available: false, segments: [], spins_available: 0 });
    await setupApp(wheelServer(() => view));
    renderAt('/profile/promotions/wheel', <WheelPage />);
    expect(await screen.findByTestId('wheel-not-available')).toBeInTheDocument();
    expect(screen.queryByTestId('wheel-spin')).toBeNull();
  });
});

describe('the wheel geometry', () => {
  it('lands every slice under the pointer, always turning forward', () => {
    let from = 0;
    for (const n of [3, 8, 20])
      for (let i = 0; i < n; i++) {
        const to = landingRotation(i, n, from);
        expect(to - from).toBeGreaterThanOrEqual(5 * 360);
        expect(to - from).toBeLessThan(6 * 360);
        expect(sliceAt(to, n)).toBe(i);
        from = to;
      }
    expect(timeUntil(new Date(61_000).toISOString(), 0)).toBe('0:01:01');
    expect(timeUntil(new Date(0).toISOString(), 5_000)).toBe('0:00:00');
  });
});

describe('the wheel texts', () => {
  it('have the same keys in English and Russian (plural forms aside)', () => {
    const keys = (o: unknown, prefix = ''): string[] =>
      o && typeof o === 'object'
        ? Object.entries(o).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k))
        : [prefix.replace(/_(zero|one|two|few|many|other)$/, '')];
    const unique = (list: string[]) => [...new Set(list)].sort();
    expect(unique(keys(wheelTexts.ru))).toEqual(unique(keys(wheelTexts.en)));
  });
});
