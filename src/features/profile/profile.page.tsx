import { Button, Div, Group, Tabs, TabsItem } from '@vkontakte/vkui';
import './profile.css';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useLocation, useParams } from 'wouter';
import { signOutByPlayer } from '../../shared/session/session.store';
import { SectionPlaceholderPage } from '../placeholder';
import { loadGames } from '../games';
import { loadLimitsPage } from '../limits';
import { platformSettings } from '../site-status';
import { MePage } from './me.page';
import { PreferencesPage } from './preferences.page';
import { SecurityPage } from './security.page';
import { VerificationPage } from './verification.page';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { Spinner } from '../../shared/ui/spinner';
import { paths } from '../../shared/routing/paths';

// a declared edge: profile → cashbox (payment history tab), loaded on demand
const PaymentsHistory = lazy(() => import('../cashbox').then((m) => ({ default: m.PaymentsHistory })));
// a declared edge: profile → games (bets history tab), loaded on demand
const BetsHistory = lazy(() => loadGames().then((m) => ({ default: m.BetsHistory })));
// a declared edge: profile → limits (the limits page), loaded on demand
const LimitsPage = lazy(() => loadLimitsPage().then((m) => ({ default: m.LimitsPage })));
// a declared edge: profile → wheel (promotions → wheel), loaded on demand
const WheelPage = lazy(() => import('../wheel').then((m) => ({ default: m.WheelPage })));
// a declared edge: profile → notifications (general → notifications), loaded on demand
const NotificationsPage = lazy(() => import('../notifications').then((m) => m.loadNotificationsPage()));
// a declared edge: profile → cashback (promotions → cashback, history → cashbacks), loaded on demand
const CashbackPage = lazy(() => import('../cashback').then((m) => ({ default: m.CashbackPage })));
const CashbackHistory = lazy(() => import('../cashback').then((m) => ({ default: m.CashbackHistory })));
// a declared edge: profile → bonuses (promotions → bonuses), loaded on demand
const BonusesPage = lazy(() => import('../bonuses').then((m) => ({ default: m.BonusesPage })));
// a declared edge: profile → tournaments (promotions → tournaments, history → tournaments), loaded on demand
const TournamentsPromotions = lazy(() => import('../tournaments').then((m) => ({ default: m.TournamentsPromotions })));
const TournamentsHistory = lazy(() => import('../tournaments').then((m) => ({ default: m.TournamentsHistory })));
// a declared edge: profile → levels (promotions → levels, the default tab), loaded on demand
const LevelsPage = lazy(() => import('../levels').then((m) => ({ default: m.LevelsPage })));

const SECTIONS: Record<string, string[]> = {
  general: ['me', 'verification', 'security', 'notifications', 'preferences', 'limits'],
  history: ['payments', 'tournaments', 'compensations', 'cashbacks', 'bets'],
  promotions: ['levels', 'bonuses', 'tournaments', 'wheel', 'cashback'],
};

// /profile/:section/:page — tabs of the profile tree (spec §2); pages of later capabilities show "opens soon".
export function ProfilePage({ onLanguage }: { onLanguage: (code: string) => Promise<boolean> }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const { section = 'general', page = 'me' } = useParams<{ section: string; page: string }>();
  const { cashbackEnabled } = useSnapshot(platformSettings);
  // cashback shows only while it is on (spec §5): its tab is hidden when the settings say off
  const pages = (SECTIONS[section] ?? []).filter((p) => p !== 'cashback' || cashbackEnabled !== false);
  const subTabs = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // the tabs wrap on a phone (all of them on screen, limits included); on a narrow one the open one is brought into
    // view sideways only. (scrollIntoView also scrolled the page: a re-render after the reader had scrolled down sent
    // them back up to the tabs.) Measured in the next frame, when the browser lays the page out anyway: read right
    // after the commit, the sizes forced that layout inside React's task (about 100 ms at a 4× slower CPU).
    const frame = requestAnimationFrame(() => {
      const box = subTabs.current;
      const tab = box?.querySelector<HTMLElement>(`[data-testid="profile-tab-${page}"]`);
      let scroller = tab?.parentElement ?? null;
      while (scroller && scroller !== box?.parentElement && scroller.scrollWidth <= scroller.clientWidth)
        scroller = scroller.parentElement;
      if (!tab || !scroller || scroller.scrollWidth <= scroller.clientWidth) return;
      const t = tab.getBoundingClientRect();
      const s = scroller.getBoundingClientRect();
      scroller.scrollLeft += t.left + t.width / 2 - (s.left + s.width / 2);
    });
    return () => cancelAnimationFrame(frame);
  }, [section, page]);
  const body =
    section === 'general' && page === 'me' ? (
      <MePage />
    ) : section === 'general' && page === 'security' ? (
      <SecurityPage />
    ) : section === 'general' && page === 'verification' ? (
      <VerificationPage />
    ) : section === 'general' && page === 'preferences' ? (
      <PreferencesPage onLanguage={onLanguage} />
    ) : section === 'general' && page === 'notifications' ? (
      <Suspense fallback={<Spinner size="m" />}>
        <NotificationsPage />
      </Suspense>
    ) : section === 'general' && page === 'limits' ? (
      <Suspense fallback={<Spinner size="m" />}>
        <LimitsPage />
      </Suspense>
    ) : section === 'promotions' && page === 'bonuses' ? (
      <Suspense fallback={<Spinner size="m" />}>
        <BonusesPage />
      </Suspense>
    ) : section === 'promotions' && page === 'levels' ? (
      <Suspense fallback={<Spinner size="m" />}>
        <LevelsPage />
      </Suspense>
    ) : section === 'promotions' && page === 'wheel' ? (
      <Suspense fallback={<Spinner size="m" />}>
        <WheelPage />
      </Suspense>
    ) : section === 'promotions' && page === 'cashback' ? (
      <Suspense fallback={<Spinner size="m" />}>
        <CashbackPage />
      </Suspense>
    ) : section === 'history' && page === 'cashbacks' ? (
      <Group>
        <Suspense fallback={<Spinner size="m" />}>
          <CashbackHistory />
        </Suspense>
      </Group>
    ) : section === 'promotions' && page === 'tournaments' ? (
      <Suspense fallback={<Spinner size="m" />}>
        <TournamentsPromotions />
      </Suspense>
    ) : section === 'history' && page === 'tournaments' ? (
      <Group>
        <Suspense fallback={<Spinner size="m" />}>
          <TournamentsHistory />
        </Suspense>
      </Group>
    ) : section === 'history' && page === 'bets' ? (
      <Group>
        <Suspense fallback={<Spinner size="m" />}>
          <BetsHistory />
        </Suspense>
      </Group>
    ) : section === 'history' && page === 'payments' ? (
      <Group>
        <Suspense fallback={<Spinner size="m" />}>
          <PaymentsHistory />
        </Suspense>
      </Group>
    ) : (
      <SectionPlaceholderPage titleKey={`pages.${page}`} />
    );
  return (
    <div data-testid="profile-page">
      <Group>
        <Tabs>
          {Object.keys(SECTIONS).map((s) => (
            <TabsItem key={s} selected={s === section} onClick={() => navigate(paths.profile(s))}>
              {t(`pages.${s}`)}
            </TabsItem>
          ))}
        </Tabs>
        <div ref={subTabs} className="profile-subtabs">
          <Tabs mode="secondary">
            {pages.map((p) => (
              <TabsItem
                key={p}
                selected={p === page}
                onClick={() => navigate(paths.profile(section, p))}
                data-testid={`profile-tab-${p}`}
              >
                {t(`pages.${p}`)}
              </TabsItem>
            ))}
          </Tabs>
        </div>
      </Group>
      {body}
      <Div>
        <Button
          mode="secondary"
          appearance="negative"
          size="l"
          stretched
          onClick={() => signOutByPlayer()}
          data-testid="sign-out"
        >
          {t('common.sign_out')}
        </Button>
      </Div>
    </div>
  );
}
