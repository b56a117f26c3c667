import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { platformSettings } from '../site-status';
import { jsonResponse, renderAt, setupApp } from '../../test-utils';
import { SignupPage, LoginPage } from '.';

describe('sign-up form', () => {
  let requests: Request[];
  beforeEach(async () => {
    ({ requests } = await setupApp((req) =>
      req.url.includes('all_currencies')
        ? jsonResponse({ currencies: ['USD', 'EUR', 'RUB'], items: [] })
        : jsonResponse(
            { detail: 'email: an account with this email already exists', code: 'ACCOUNTS_EMAIL_TAKEN' },
            409,
          ),
    ));
  });

  it('shows what is wrong and sends nothing', async () => {
    renderAt('/auth/signup', <SignupPage />);
    fireEvent.change(screen.getByTestId('signup-email'), { target: { value: 'not-an-email' } });
    fireEvent.change(screen.getByTestId('signup-password'), { target: { value: 'short' } });
    fireEvent.click(screen.getByTestId('signup-submit'));
    expect(await screen.findByText('Enter a valid email')).toBeInTheDocument();
    expect(screen.getByText('Accept the terms to continue')).toBeInTheDocument();
    expect(screen.getAllByText('At least 8 characters').length).toBeGreaterThan(0);
    expect(requests.filter((r) => r.url.includes('signup'))).toHaveLength(0);
  });

  it('offers the currencies from all_currencies, USD first, and shows the server’s refusal in the player’s words', async () => {
    renderAt('/auth/signup', <SignupPage />);
    await waitFor(() => expect(screen.getByRole('option', { name: 'RUB' })).toBeInTheDocument());
    fireEvent.change(screen.getByTestId('signup-email'), { target: { value: 'ann@example.com' } });
    fireEvent.change(screen.getByTestId('signup-password'), { target: { value: 'long enough' } });
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByTestId('signup-submit'));
    expect(await screen.findByText('An account with this email already exists')).toBeInTheDocument();
    const sent = requests.find((r) => r.url.includes('signup'))!;
    expect(await sent.json()).toMatchObject({ email: 'ann@example.com', currency: 'USD', accept_terms: true });
  });
});

describe('sign-in form', () => {
  it('asks for the 2FA code when the server requires it', async () => {
    const { requests } = await setupApp(() =>
      jsonResponse({ detail: 'two_factor_code_required', code: 'ACCOUNTS_2FA_REQUIRED' }, 401),
    );
    renderAt('/auth/login', <LoginPage />);
    fireEvent.change(screen.getByTestId('login-email'), { target: { value: 'ann@example.com' } });
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'secret pass' } });
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByTestId('login-code')).toBeInTheDocument();
    expect(await requests[0]!.text()).toBe('username=ann%40example.com&password=secret+pass');
  });
});

// Issue 28, item 11: "Sign in with Telegram" led to "Telegram sign-in is not set up on this site".
describe('the Telegram sign-in link', () => {
  afterEach(() => {
    platformSettings.telegramBotUsername = null;
  });
  it('is offered only when the Login Widget is set up (the bot’s username is known)', async () => {
    await setupApp(() => jsonResponse({}));
    const first = renderAt('/auth/login', <LoginPage />);
    await screen.findByTestId('login-submit');
    expect(screen.queryByTestId('login-telegram')).toBeNull();
    first.unmount();
    platformSettings.telegramBotUsername = 'casino_bot';
    renderAt('/auth/login', <LoginPage />);
    expect(await screen.findByTestId('login-telegram')).toHaveAttribute('href', '/auth/telegram');
  });
});
