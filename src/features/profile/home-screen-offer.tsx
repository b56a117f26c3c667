import { useEffect, useState } from 'react';
import { Banner, Button } from '@vkontakte/vkui';
import { useTranslation } from 'react-i18next';
import { getPlatform } from '../../platform';
import type { NativeUi } from '../../platform/platform.types';

/**
 * "Add to home screen" on the profile inside Telegram (Mini Apps 8.0+), shown only while the app is not there yet
 * (`missed` or `unknown`). Elsewhere (the web, older clients, already added): nothing.
 */
export function HomeScreenOffer() {
  const { t } = useTranslation();
  const [ui, setUi] = useState<NativeUi | null>(null);
  const [isHidden, setHidden] = useState(false);
  useEffect(() => {
    const platform = getPlatform();
    if (platform.kind !== 'telegram') return;
    let stale = false;
    void platform
      .loadNative()
      .then(async (native) => {
        const status = await native.homeScreen.status();
        if (!stale && (status === 'missed' || status === 'unknown')) setUi(native);
      })
      .catch(() => undefined);
    return () => {
      stale = true;
    };
  }, []);
  if (!ui || isHidden) return null;
  const add = () => {
    ui.homeScreen.add();
    setHidden(true);
  };
  return (
    <Banner
      data-testid="home-screen-card"
      title={t('profile.home_screen_title')}
      subtitle={t('profile.home_screen_text')}
      actions={
        <Button size="m" onClick={add} data-testid="home-screen-add">
          {t('profile.home_screen_add')}
        </Button>
      }
    />
  );
}
