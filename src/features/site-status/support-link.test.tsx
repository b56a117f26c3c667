import { fireEvent, render, screen } from '@testing-library/react';
import { AppRoot } from '@vkontakte/vkui';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { createBrowserAdapter, setPlatformForTests } from '../../platform';
import { jsonResponse, setupApp } from '../../test-utils';
import { platformSettings } from './site-status.store';
import { MaintenancePage } from './status.page';
import { SupportLink } from './support-link';

// Issue 28, item 3: with SUPPORT_URL unset there was no Support link anywhere, though the terms send players there.
function renderLink() {
  const memory = memoryLocation({ path: '/terms', record: true });
  render(
    <AppRoot mode="embedded">
      <Router hook={memory.hook}>
        <SupportLink testId="support" />
      </Router>
    </AppRoot>,
  );
  return memory;
}

describe('where Support goes', () => {
  afterEach(() => {
    platformSettings.supportUrl = null;
    platformSettings.telegramBotUsername = null;
  });

  it('to the support page on the web while SUPPORT_URL is unset', async () => {
    await setupApp(() => jsonResponse({}));
    platformSettings.telegramBotUsername = 'casino_bot'; // a website does not send players into Telegram
    const memory = renderLink();
    expect(screen.getByTestId('support')).toHaveAttribute('href', '/support');
    expect(screen.getByTestId('support')).toHaveTextContent('Contact support');
    fireEvent.click(screen.getByTestId('support'));
    expect(memory.history.at(-1)).toBe('/support');
  });

  it('to the bot’s chat inside Telegram', async () => {
    await setupApp(() => jsonResponse({}));
    const openTelegramLink = vi.fn();
    setPlatformForTests({ ...createBrowserAdapter(), kind: 'telegram', openTelegramLink });
    platformSettings.telegramBotUsername = 'casino_bot';
    renderLink();
    fireEvent.click(screen.getByTestId('support'));
    expect(openTelegramLink).toHaveBeenCalledWith('https://t.me/casino_bot');
  });

  it('to SUPPORT_URL when the operator set one', async () => {
    await setupApp(() => jsonResponse({}));
    const openLink = vi.fn();
    setPlatformForTests({ ...createBrowserAdapter(), openLink });
    platformSettings.supportUrl = 'https://help.casino.example/';
    renderLink();
    expect(screen.getByTestId('support')).toHaveAttribute('href', 'https://help.casino.example/');
    fireEvent.click(screen.getByTestId('support'));
    expect(openLink).toHaveBeenCalledWith('https://help.casino.example/');
  });

  it('is on the maintenance page, where players wait and may need it most', async () => {
    await setupApp(() => jsonResponse({}));
    render(
      <AppRoot mode="embedded">
        <Router hook={memoryLocation({ path: '/maintenance' }).hook}>
          <MaintenancePage />
        </Router>
      </AppRoot>,
    );
    expect(screen.getByTestId('maintenance-support')).toHaveAttribute('href', '/support');
  });
});
