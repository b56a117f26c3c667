import { Button, Caption, Tabbar, TabbarItem, Text } from '@vkontakte/vkui';
import { Icon24HelpOutline, Icon28HomeOutline, Icon28FavoriteOutline, Icon28MoneyCircleOutline, Icon28UserCircleOutline } from '@vkontakte/icons';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link, useLocation } from 'wouter';
import type { UiStyle } from '@contracts/informational';
import { playerState } from '../features/player';
import { platformSettings } from '../features/site-status';
import { getPlatform } from '../platform';
import { session } from '../shared/session/session.store';
import { formatMoney } from '../shared/lib/money-format';
import { changeLanguage } from './language';
import { useWindowWidth } from '../shared/lib/use-window-width';

// The full layout: header (brand, navigation, balance or sign-in), page, tab bar on phones.
export function Layout({ style, children }: { style: UiStyle | null; children: React.ReactNode }) {
  const { t, i18n } = useTranslation();
  const [location, navigate] = useLocation();
  const nextLanguage = i18n.language === 'ru' ? 'en' : 'ru';
  const isDesktop = useWindowWidth() >= 1024;
  const { supportUrl } = useSnapshot(platformSettings);
  const { token } = useSnapshot(session);
  const { player } = useSnapshot(playerState);
  const tabs = [
    { href: '/', label: t('nav.home'), icon: <Icon28HomeOutline />, id: 'home' },
    { href: '/favorites', label: t('nav.favorites'), icon: <Icon28FavoriteOutline />, id: 'favorites' },
    { href: '/cashbox/deposit', label: t('nav.cashbox'), icon: <Icon28MoneyCircleOutline />, id: 'cashbox' },
    { href: '/profile/general/me', label: t('nav.profile'), icon: <Icon28UserCircleOutline />, id: 'profile' },
  ].filter((tab) => token || tab.id === 'home');
  const isActive = (href: string) => (href === '/' ? location === '/' : location.startsWith(href.split('/').slice(0, 2).join('/')));

  return (
    <div className="app-shell">
      <header className="app-header" data-testid="app-header">
        <Link href="/" className="app-header__brand">
          {style?.logo_img ? (
            <img src={style.logo_img} alt={style.title} data-testid="site-logo" />
          ) : (
            <Text weight="2">{style?.title ?? t('common.site_title')}</Text>
          )}
        </Link>
        <nav className="app-header__nav">
          {tabs.map((tab) => (
            <Button key={tab.id} mode={isActive(tab.href) ? 'secondary' : 'tertiary'} size="m" onClick={() => navigate(tab.href)}>
              {tab.label}
            </Button>
          ))}
        </nav>
        {supportUrl && (
          <Button
            size="s"
            mode="tertiary"
            data-testid="support-link"
            aria-label={t('common.support')}
            before={isDesktop ? undefined : <Icon24HelpOutline />}
            onClick={() => openSupport(supportUrl)}
          >
            {isDesktop ? t('common.support') : undefined}
          </Button>
        )}
        <Button
          size="s"
          mode="tertiary"
          aria-label={t('common.language')}
          data-testid="language-switch"
          onClick={() => void changeLanguage(nextLanguage)}
        >
          {nextLanguage.toUpperCase()}
        </Button>
        {token ? (
          player && (
            <div className="app-header__balance" data-testid="header-balance">
              <Text weight="2">{formatMoney(player.balance, player.currency)}</Text>
              <Caption level="1">{t('common.bonus_balance')}: {formatMoney(player.bonus_balance, player.currency)}</Caption>
            </div>
          )
        ) : (
          <Link href="/auth/login" asChild>
            <Button size="m" mode="primary" data-testid="header-sign-in">{t('common.sign_in')}</Button>
          </Link>
        )}
      </header>
      <main className="app-main">{children}</main>
      {tabs.length > 1 && !isDesktop && (
        <Tabbar className="app-tabbar">
          {tabs.map((tab) => (
            <TabbarItem key={tab.id} selected={isActive(tab.href)} onClick={() => navigate(tab.href)} label={tab.label}>
              {tab.icon}
            </TabbarItem>
          ))}
        </Tabbar>
      )}
    </div>
  );
}

/** Telegram links open inside Telegram (openTelegramLink); others in the browser. */
function openSupport(url: string) {
  const platform = getPlatform();
  if (/^https:\/\/t\.me\//.test(url)) platform.openTelegramLink(url);
  else platform.openLink(url);
}
