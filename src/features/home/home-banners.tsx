import { useEffect, useRef, useState } from 'react';
import { Placeholder } from '@vkontakte/vkui';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { Banner, DeviceType } from '@contracts/informational';
import { fetchBanners } from './home.api';
import { deviceTypeForWidth } from './device-type';
import { useWindowWidth } from '../../shared/lib/use-window-width';
import { paths } from '../../shared/routing/paths';

/** The banners' drawn size per device (the same aspect ratios as app.css's .home-banner img and the server shell). */
const BANNER_SIZE: Record<DeviceType, [number, number]> = { mobile: [640, 320], tablet: [900, 300], pc: [1200, 300] };

// Home banners for the device type and language (GET /main-api/banners/).
export function HomeBanners() {
  const { t, i18n } = useTranslation();
  const device = deviceTypeForWidth(useWindowWidth());
  const [state, setState] = useState<{ status: 'loading' | 'ready' | 'error'; items: Banner[] }>({
    status: 'loading',
    items: [],
  });
  const strip = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);

  // its own small effect, not shared/data/use-resource: Home's banners are on the first load, and the hook would
  // bring 0.5 kB (gzip) there, more than the Telegram first load's headroom (docs/benchmarks.md)
  useEffect(() => {
    let live = true;
    setState((s) => ({ ...s, status: 'loading' }));
    fetchBanners(i18n.language, device).then(
      (items) => live && setState({ status: 'ready', items }),
      () => live && setState({ status: 'error', items: [] }),
    );
    return () => {
      live = false;
    };
  }, [i18n.language, device]);

  // the skeleton has the banners' own shape (2:1 phone, 3:1 tablet, 4:1 desktop), so nothing moves when they come
  if (state.status === 'loading')
    return (
      <div className="home-banner-skeleton" data-device={device} data-testid="banners-loading" aria-hidden="true" />
    );
  if (state.status === 'error')
    return <Placeholder data-testid="banners-error">{t('home.banners_failed')}</Placeholder>;
  // no banners is an operator's choice, not a problem to show the player: the strip simply is not there
  if (state.items.length === 0) return null;
  const count = state.items.length;
  const show = (index: number) => {
    const el = strip.current;
    if (el) el.scrollTo({ left: ((index + count) % count) * el.clientWidth, behavior: 'smooth' });
  };
  // a native scroll-snap strip (swipe on phones), with dots and, on desktop, arrows: light enough for the first load
  return (
    <div className="home-carousel">
      <div
        ref={strip}
        className="home-banners"
        data-testid="home-banners"
        data-device={device}
        onScroll={(e) => setActive(Math.round(e.currentTarget.scrollLeft / Math.max(1, e.currentTarget.clientWidth)))}
      >
        {state.items.map((banner, i) => (
          <Link key={banner.id} href={banner.link ?? paths.home()} className="home-banner">
            <img
              src={banner.image}
              alt={banner.name}
              data-device={banner.device_type}
              draggable={false}
              width={BANNER_SIZE[device][0]}
              height={BANNER_SIZE[device][1]}
              // the first banner is the page's largest paint: fetched first; the others wait until they are near
              fetchPriority={i === 0 ? 'high' : 'low'}
              loading={i === 0 ? 'eager' : 'lazy'}
            />
          </Link>
        ))}
      </div>
      {count > 1 && (
        <>
          <button
            type="button"
            className="home-carousel__arrow home-carousel__arrow--prev"
            aria-label={t('home.banner_prev')}
            onClick={() => show(active - 1)}
          />
          <button
            type="button"
            className="home-carousel__arrow home-carousel__arrow--next"
            aria-label={t('home.banner_next')}
            onClick={() => show(active + 1)}
          />
          <div className="home-carousel__dots">
            {state.items.map((banner, i) => (
              <button
                key={banner.id}
                type="button"
                aria-label={t('home.banner_n', { n: i + 1, count })}
                aria-current={i === active}
                onClick={() => show(i)}
              />
            ))}
          </div>
        </>
      )}
    </div>
  );
}
