import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import { jsonResponse, renderAt, setupApp } from '../../test-utils';
import { session } from '../../shared/session/session.store';
import { WelcomeBonusesPage } from '.';

// Decision 019, item 4: the spec keeps /bonuses for guests and sends a player to /; the app opens it for anyone and
// sends a signed-in player on to their own available bonuses.
afterEach(() => {
  session.token = null;
});

describe('/bonuses for a signed-in player', () => {
  it('goes on to their available bonuses, not to Home', async () => {
    await setupApp((req) =>
      req.url.includes('all_currencies')
        ? jsonResponse({ currencies: ['USD'], items: [] })
        : jsonResponse({ offers: [], free_rounds: [] }),
    );
    session.token = 'a-player-token';
    renderAt(
      '/bonuses',
      <>
        <Route path="/bonuses">
          <WelcomeBonusesPage />
        </Route>
        <Route path="/profile/promotions/bonuses/available">
          <p data-testid="my-available-bonuses" />
        </Route>
        <Route path="/">
          <p data-testid="home" />
        </Route>
      </>,
    );
    expect(await screen.findByTestId('my-available-bonuses')).toBeInTheDocument();
    expect(screen.queryByTestId('home')).toBeNull();
  });
});
