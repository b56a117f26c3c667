import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, renderAt, setupApp } from '../../test-utils';
import { toasts } from '../../shared/toast/toast.store';
import { playerState } from '../../shared/player/player.store';
import { Route } from 'wouter';
import { ProfilePage } from '.';

const page = (
  <Route path="/profile/:section/:page">
    <ProfilePage onLanguage={async () => true} />
  </Route>
);

const player = {
  id: 1,
  email: 'ann@example.com',
  name: 'Ann',
  currency: 'USD',
  balance: 0,
  bonus_balance: 0,
  is_2fa_enabled: false,
  is_email_verified: false,
};

beforeEach(() => {
  playerState.player = { ...player } as never;
});

describe('personal data form', () => {
  it('limits the birthday to 18 years ago', async () => {
    await setupApp(() => jsonResponse(player));
    renderAt('/profile/general/me', page);
    const input = await screen.findByTestId('profile-birthday');
    const today = new Date();
    const expected = new Date(Date.UTC(today.getUTCFullYear() - 18, today.getUTCMonth(), today.getUTCDate()))
      .toISOString()
      .slice(0, 10);
    expect(input).toHaveAttribute('max', expected);
  });
});

describe('personal data form after a reload', () => {
  it('waits for the player, then fills the form from it', async () => {
    playerState.player = null;
    await setupApp(() => jsonResponse(player));
    renderAt('/profile/general/me', page);
    expect(await screen.findByTestId('profile-loading')).toBeInTheDocument();
    act(() => {
      playerState.player = { ...player } as never;
    });
    expect(await screen.findByTestId('profile-email')).toHaveValue('ann@example.com');
  });
});

describe('password form', () => {
  it('shows a wrong current password in the form, in the player’s language (not the server’s English), without a toast', async () => {
    await setupApp(() =>
      jsonResponse({ detail: 'old_password: the current password is wrong', code: 'ACCOUNTS_WRONG_PASSWORD' }, 400),
    );
    renderAt('/profile/general/security', page);
    fireEvent.change(await screen.findByTestId('old-password'), { target: { value: 'nope' } });
    fireEvent.change(screen.getByTestId('new-password'), { target: { value: 'new password 1' } });
    fireEvent.click(screen.getByTestId('password-submit'));
    expect(await screen.findByText('Wrong password')).toBeInTheDocument();
    expect(screen.queryByText(/old_password/)).toBeNull();
    await waitFor(() => expect(toasts.items).toHaveLength(0));
  });
});
