import { useEffect, useState } from 'react';
import { Placeholder, Skeleton } from '@vkontakte/vkui';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { Banner } from '@contracts/informational';
import { fetchBanners } from './home.api';
import { deviceTypeForWidth } from './device-type';
import { useWindowWidth } from '../../shared/lib/use-window-width';

// Home banners for the device type and language (GET /main-api/banners/).
export function HomeBanners() {
  const { t, i18n } = useTranslation();
  const device = deviceTypeForWidth(useWindowWidth());
  const [state, setState] = useState<{ status: 'loading' | 'ready' | 'error'; items: Banner[] }>({ status: 'loading', items: [] });

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

  if (state.status === 'loading') return <Skeleton height={device === 'mobile' ? 160 : 220} width="100%" data-testid="banners-loading" />;
  if (state.status === 'error') return <Placeholder data-testid="banners-error">{t('home.banners_failed')}</Placeholder>;
  if (state.items.length === 0) return null;
  // a native scroll-snap strip: swipeable on phones, light enough for the first load
  return (
    <div className="home-banners" data-testid="home-banners" data-device={device}>
      {state.items.map((banner) => (
        <Link key={banner.id} href={banner.link ?? '/'} className="home-banner">
          <img src={banner.image} alt={banner.name} data-device={banner.device_type} draggable={false} />
        </Link>
      ))}
    </div>
  );
}
