import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { i18next, loadLanguage } from '../../shared/i18n/i18n';
import { jsonResponse, renderAt, setupApp } from '../../test-utils';
import { VerifyPage } from '.';

// The public Stake verifier vectors (see contracts/fairness/vectors.test.ts): the page recomputes them in the browser.
const SERVER = '735249f062ac025044a8523aa92e034803f02d6b75129abc97e8b1be19aab9b4';
const CLIENT = 'ec75fca98de6f2d9';

describe('the verify page', () => {
  it('prefilled from a link, recomputes a dice roll and shows the seed hash to compare', async () => {
    await setupApp(() => jsonResponse({}));
    window.history.replaceState(
      null,
      '',
      `/fairness?game=dice&server_seed=${SERVER}&client_seed=${CLIENT}&nonce=20&params=${encodeURIComponent('{"direction":"over","target":5050}')}`,
    );
    renderAt(`/fairness${window.location.search}`, <VerifyPage />);
    await waitFor(() => expect(screen.getByTestId('result-value')).toHaveTextContent('93.08'));
    expect(screen.getByTestId('seed-hash').textContent).toMatch(/^[0-9a-f]{64}$/);
  });

  it('says in words whether the revealed seed matches the hash committed before play', async () => {
    await setupApp(() => jsonResponse({}));
    const { sha256Hex } = await import('@contracts/fairness');
    const committed = await sha256Hex(SERVER);
    const link = (hash: string) =>
      `/fairness?game=roulette&server_seed=${SERVER}&server_seed_hash=${hash}&client_seed=${CLIENT}&nonce=20`;
    window.history.replaceState(null, '', link(committed));
    const view = renderAt(`/fairness${window.location.search}`, <VerifyPage />);
    expect(await screen.findByTestId('verify-verdict')).toHaveTextContent('✓ Match');
    expect(screen.getByTestId('verify-verdict')).toHaveAttribute('data-verdict', 'match');
    view.unmount();
    window.history.replaceState(null, '', link('ab'.repeat(32)));
    renderAt(`/fairness${window.location.search}`, <VerifyPage />);
    expect(await screen.findByTestId('verify-verdict')).toHaveTextContent('✗ No match');
    expect(screen.getByRole('textbox', { name: 'Server seed hash shown before play' })).toHaveValue('ab'.repeat(32));
  });

  it('recomputes roulette and mines for other nonces', async () => {
    await setupApp(() => jsonResponse({}));
    window.history.replaceState(
      null,
      '',
      `/fairness?game=roulette&server_seed=${SERVER}&client_seed=${CLIENT}&nonce=21`,
    );
    const view = renderAt(`/fairness${window.location.search}`, <VerifyPage />);
    await waitFor(() => expect(screen.getByTestId('result-value')).toHaveTextContent('0 (green)'));
    view.unmount();
    window.history.replaceState(
      null,
      '',
      `/fairness?game=roulette&server_seed=${SERVER}&client_seed=${CLIENT}&nonce=20`,
    );
    renderAt(`/fairness${window.location.search}`, <VerifyPage />);
    await waitFor(() => expect(screen.getByTestId('result-value')).toHaveTextContent('34 (red)'));
  });

  it('recomputes a wheel spin from the link the wheel page gives, with the spin’s weights', async () => {
    await setupApp(() => jsonResponse({}));
    const params = encodeURIComponent(JSON.stringify({ weights: '92,1,7' }));
    window.history.replaceState(
      null,
      '',
      `/fairness?game=wheel&server_seed=${SERVER}&client_seed=${CLIENT}&nonce=20&params=${params}`,
    );
    const view = renderAt(`/fairness${window.location.search}`, <VerifyPage />);
    // the float of nonce 20 is 0.9308…: floor(f × 100) = 93 falls in the third segment (93 … 99)
    await waitFor(() => expect(screen.getByTestId('result-value')).toHaveTextContent('#3'));
    expect(screen.getByTestId('verify-result')).toHaveTextContent('Weights: 92, 1, 7');
    // edited weights recompute: ten equal segments → the tenth
    fireEvent.change(screen.getByTestId('param-weights'), { target: { value: '1 1 1 1 1 1 1 1 1 1' } });
    fireEvent.click(screen.getByTestId('verify-submit'));
    await waitFor(() => expect(screen.getByTestId('result-value')).toHaveTextContent('#10'));
    view.unmount();
  });

  it('values the maths refuses are explained in the player’s language, not as the code’s English error', async () => {
    await setupApp(() => jsonResponse({}));
    await loadLanguage('ru');
    await i18next.changeLanguage('ru');
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    window.history.replaceState(null, '', `/fairness?game=dice&server_seed=${SERVER}&client_seed=${CLIENT}&nonce=-1`);
    renderAt(`/fairness${window.location.search}`, <VerifyPage />);
    await waitFor(() => expect(screen.getByTestId('verify-error')).toHaveTextContent('Эти значения нельзя проверить'));
    expect(screen.getByTestId('verify-error')).not.toHaveTextContent('nonce must be');
  });
});
