import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderAt, setupApp } from '../../test-utils';
import { deviceTypeForWidth } from './device-type';
import { HomeBanners } from './home-banners';

const banner = (id: number) => ({
  id,
  name: `Promo ${id}`,
  image: `/media/b${id}.png`,
  link: null,
  device_type: 'pc',
  language_code: 'en',
  banner_type: 'home',
});

describe('device type by width (spec §9)', () => {
  it('is pc from 1024 px, tablet from 481, mobile below', () => {
    expect([
      deviceTypeForWidth(1024),
      deviceTypeForWidth(1023),
      deviceTypeForWidth(481),
      deviceTypeForWidth(480),
    ]).toEqual(['pc', 'tablet', 'tablet', 'mobile']);
  });
});

describe('Home banners', () => {
  it('shows a skeleton, then the banners for the language and device, with dots to move between them', async () => {
    const { requests } = await setupApp(() => jsonResponse([banner(1), banner(2)]));
    renderAt('/', <HomeBanners />);
    expect(screen.getByTestId('banners-loading')).toBeInTheDocument();
    const strip = await screen.findByTestId('home-banners');
    expect(strip).toHaveAttribute('data-device', 'pc'); // jsdom is 1024 px wide
    expect(screen.getAllByRole('img').map((i) => i.getAttribute('alt'))).toEqual(['Promo 1', 'Promo 2']);
    expect(screen.getByRole('button', { name: 'Banner 2 of 2' })).toHaveAttribute('aria-current', 'false');
    const url = new URL(requests[0]!.url);
    expect(url.pathname).toBe('/main-api/banners/');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      banner_type: 'home',
      language_code: 'en',
      device_type: 'pc',
    });
  });

  it('shows the error state when banners cannot load', async () => {
    await setupApp(() => jsonResponse({ detail: 'boom' }, 500));
    renderAt('/', <HomeBanners />);
    expect(await screen.findByTestId('banners-error')).toHaveTextContent('Banners could not be loaded.');
  });

  it('shows nothing when the operator has no banners', async () => {
    await setupApp(() => jsonResponse([]));
    renderAt('/', <HomeBanners />);
    await waitFor(() => expect(screen.queryByTestId('banners-loading')).toBeNull());
    expect(screen.queryByTestId('home-banners')).toBeNull();
  });
});
