import { Button, Caption, Text } from '@vkontakte/vkui';
import { Icon24HelpOutline } from '@vkontakte/icons';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link, useLocation } from 'wouter';
import type { UiStyle } from '@contracts/informational';
import { playerState } from '../shared/player/player.store';
import { useSupport } from '../features/site-status';
import { NotificationBell } from '../features/notifications';
import { session } from '../shared/session/session.store';
import { formatMoney } from '../shared/lib/money-format';
import { changeLanguage } from './language';
import { useWindowWidth } from '../shared/lib/use-window-width';
import { Footer } from './shell/footer';
import './shell/shell.css';
import { launchNotice, signInFromTelegram } from './telegram-sign-in';
import { getPlatform } from '../platform';
import { lazy, Suspense, useState } from 'react';
import { PageErrorBoundary } from './shell/error-boundary';
import type { ShellTab } from './shell/tab-bar';
import { paths } from '../shared/routing/paths';

const TabBar = lazy(() => import('./shell/tab-bar'));

// The full layout: header (brand, navigation, balance or sign-in), page (errors caught), footer, tab bar on phones.
export function Layout({ style, children }: { style: UiStyle | null; children: React.ReactNode }) {
  const { t, i18n } = useTranslation();
  const [location, navigate] = useLocation();
  const nextLanguage = i18n.language === 'ru' ? 'en' : 'ru';
  const isDesktop = useWindowWidth() >= 1024;
  const support = useSupport();
  const { token } = useSnapshot(session);
  const { player } = useSnapshot(playerState);
  const { notice } = useSnapshot(launchNotice);
  // inside Telegram a guest signs in with Telegram (after signing out, only when they ask), not with the email form
  const telegramLaunch = !!getPlatform().getInitData();
  const [signingIn, setSigningIn] = useState(false);
  const tabs: ShellTab[] = [
    { href: '/', label: t('nav.home'), id: 'home' as const },
    { href: '/favorites', label: t('nav.favorites'), id: 'favorites' as const },
    { href: '/cashbox/deposit', label: t('nav.cashbox'), id: 'cashbox' as const },
    { href: '/profile/general/me', label: t('nav.profile'), id: 'profile' as const },
  ].filter((tab) => token || tab.id === 'home');
  const isActive = (href: string) =>
    href === '/' ? location === '/' : location.startsWith(href.split('/').slice(0, 2).join('/'));

  const showTabBar = tabs.length > 1 && !isDesktop;

  return (
    <div className={showTabBar ? 'app-shell app-shell--tabbar' : 'app-shell'}>
      <header className="app-header" data-testid="app-header">
        <Link href={paths.home()} className="app-header__brand">
          {style?.logo_img ? (
            // sized like the server-drawn header (a 4:1 box until the logo says otherwise): nothing moves
            <img src={style.logo_img} alt={style.title} width={128} height={32} data-testid="site-logo" />
          ) : (
            <Text weight="2">{style?.title ?? t('common.site_title')}</Text>
          )}
        </Link>
        <nav className="app-header__nav">
          {tabs.map((tab) => (
            <Button
              key={tab.id}
              mode={isActive(tab.href) ? 'secondary' : 'tertiary'}
              size="m"
              onClick={() => navigate(tab.href)}
            >
              {tab.label}
            </Button>
          ))}
        </nav>
        <Button
          size="s"
          mode="tertiary"
          data-testid="support-link"
          aria-label={t('common.support')}
          before={isDesktop ? undefined : <Icon24HelpOutline />}
          onClick={support.open}
        >
          {isDesktop ? t('common.support') : undefined}
        </Button>
        <Button
          size="s"
          mode="tertiary"
          aria-label={`${nextLanguage.toUpperCase()} · ${t('common.language')}`}
          data-testid="language-switch"
          onClick={() => void changeLanguage(nextLanguage)}
        >
          {nextLanguage.toUpperCase()}
        </Button>
        <NotificationBell />
        {token ? (
          // the balance's place is kept while the player loads, so the header does not move when it comes
          !player ? (
            <div className="app-header__balance app-header__balance--loading" aria-hidden="true" />
          ) : (
            <div className="app-header__balance" data-testid="header-balance">
              <Text weight="2">{formatMoney(player.balance, player.currency)}</Text>
              {player.bonus_balance > 0 && (
                <Caption level="1">
                  {t('common.bonus_balance')}: {formatMoney(player.bonus_balance, player.currency)}
                </Caption>
              )}
            </div>
          )
        ) : telegramLaunch ? (
          <Button
            size="m"
            mode="primary"
            data-testid="header-sign-in"
            loading={signingIn}
            onClick={() => {
              setSigningIn(true);
              void signInFromTelegram(getPlatform()).finally(() => setSigningIn(false));
            }}
          >
            {t('telegram.sign_in')}
          </Button>
        ) : (
          <Link href={paths.login()} asChild>
            <Button size="m" mode="primary" data-testid="header-sign-in">
              {t('common.sign_in')}
            </Button>
          </Link>
        )}
      </header>
      {notice && (
        <div className="app-notice" role="status" data-testid="launch-notice" data-notice={notice}>
          <Text>{t(`telegram.${notice}`)}</Text>
          <Button size="s" mode="tertiary" onClick={() => (launchNotice.notice = null)} aria-label={t('common.close')}>
            ✕
          </Button>
        </div>
      )}
      <main className="app-main">
        <PageErrorBoundary resetKey={location}>{children}</PageErrorBoundary>
      </main>
      <Footer />
      {showTabBar && (
        <Suspense fallback={null}>
          <TabBar
            tabs={tabs}
            currency={player?.currency ?? 'USD'}
            isActive={isActive}
            onSelect={(href) => navigate(href)}
          />
        </Suspense>
      )}
    </div>
  );
}
