import { useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { getPlatform } from '../../platform';
import { showToast } from '../../shared/toast/toast.store';
import type { SeoItem } from '@contracts/informational';
import { matchRoute } from '../router/guards';
import { handleShellQuery, RESET_TOKEN_KEY } from './shell-query';
import { paths } from '../../shared/routing/paths';

export const TITLE_SEPARATOR = ' | ';
export const TITLE_TRANSLATE_DELAY_MS = 500;

/** password_reset_token and payment_status (spec §2). */
export function useShellQuery(isLoggedIn: boolean): void {
  const search = useSearch();
  const [location, navigate] = useLocation();
  useEffect(() => {
    const actions = handleShellQuery(search, isLoggedIn);
    if (actions.log) console.info(actions.log);
    if (actions.storeResetToken) getPlatform().storage.set(RESET_TOKEN_KEY, actions.storeResetToken);
    if (actions.toast) showToast(actions.toast);
    if (actions.confirmEmailToken) {
      const token = actions.confirmEmailToken;
      void import('../../features/profile')
        .then(({ confirmEmail }) => confirmEmail(token))
        .then(() => showToast({ severity: 'success', summary: 'toast.done', detail: 'confirm_email_detail' }))
        .catch(() => undefined); // the API client shows errors.confirm_email with token_invalid
    }
    if (actions.navigate) navigate(actions.navigate, { replace: true });
    else if (actions.nextSearch !== null) {
      navigate(actions.nextSearch ? `${location}?${actions.nextSearch}` : location, { replace: true });
    }
  }, [search, isLoggedIn, location, navigate]);
}

/**
 * Page title = page name + separator + site title: set at once with the route name, the translated form
 * after 0.5 s (spec §2). Meta tags (title, description, image, url) from the SEO items on each path change.
 */
export function usePageMeta(siteTitle: string, seo: SeoItem[]): void {
  const [location] = useLocation();
  const { t, i18n } = useTranslation();
  const route = matchRoute(location);
  const name = route?.name ?? 'not-found';
  useEffect(() => {
    // a page without a text of its own is named by its route, never by the raw key (pages.fairness)
    const pageName = (n: string) => t(`pages.${n}`, { defaultValue: capitalise(n.replace(/[-_]/g, ' ')) });
    getPlatform().storage.set('namePage', name);
    document.title = `${capitalise(name)}${TITLE_SEPARATOR}${siteTitle}`;
    const timer = setTimeout(() => {
      document.title = `${pageName(name)}${TITLE_SEPARATOR}${siteTitle}`;
    }, TITLE_TRANSLATE_DELAY_MS);
    const item = seo.find((s) => s.type === 'page' && s.code === name && s.locale === i18n.language);
    const description = item?.description ?? t('meta.description');
    setMeta('description', description);
    setMeta('og:title', item?.title ?? pageName(name), true);
    setMeta('og:description', description, true);
    setMeta('og:image', item?.image ? new URL(item.image, window.location.origin).toString() : '', true);
    setMeta('og:url', window.location.origin + location, true);
    return () => clearTimeout(timer);
  }, [name, location, siteTitle, seo, t, i18n.language]);
}

export const SCROLL_TO_TOP_DELAY_MS = 0; // spec §9

/**
 * Back/forward (popstate), counted by a listener added when this module loads, in the capture phase: before the
 * router's own listener. (Chromium runs microtasks between listeners, so the router re-renders the new page right
 * after its listener; a listener added later would mark the traversal too late and back looked like a new page.)
 */
let traversals = 0;
if (typeof window !== 'undefined') window.addEventListener('popstate', () => void traversals++, { capture: true });

/** Scroll to top after navigation except on Home; back/forward restores the saved position (spec §2). */
export function useScrollRestoration(): void {
  const [location] = useLocation();
  const positions = useRef(new Map<string, number>());
  const current = useRef(location);
  const seenTraversals = useRef(traversals);
  useEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual'; // we restore it ourselves
    const onScroll = () => positions.current.set(current.current, window.scrollY);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  // A layout effect: the path the scroll events count for changes in the same commit as the page. (Chromium clamps
  // the old page's position when the shorter new page renders; with a passive effect that clamped value was saved
  // for the old page, so back restored nothing.)
  useLayoutEffect(() => {
    if (current.current === location) return; // first render: the browser's own position stands
    current.current = location;
    const popped = traversals !== seenTraversals.current;
    seenTraversals.current = traversals;
    const target = popped ? (positions.current.get(location) ?? 0) : location === '/' ? null : 0;
    if (target === null) return;
    return scrollWhenReady(target);
  }, [location]);
}

const RESTORE_WAIT_MS = 3_000;
const RESTORE_STEP_MS = 16;

/**
 * Scrolls to `y` once the page is tall enough: a page restored on back often renders its content a moment later
 * (a lazy chunk, data). Gives up waiting after 3 s and scrolls as far as it can. Returns a cancel.
 */
function scrollWhenReady(y: number): () => void {
  let timer: ReturnType<typeof setTimeout>;
  const started = Date.now();
  const attempt = () => {
    const room = document.documentElement.scrollHeight - window.innerHeight;
    if (y <= 0 || room >= y || Date.now() - started >= RESTORE_WAIT_MS) window.scrollTo(0, y);
    else timer = setTimeout(attempt, RESTORE_STEP_MS);
  };
  timer = setTimeout(attempt, SCROLL_TO_TOP_DELAY_MS);
  return () => clearTimeout(timer);
}

/** Paths where the native back button hides (nothing in the app to go back to). */
const ROOT_PATHS = new Set(['/', '/maintenance', '/blocked']);
export const BACK_FALLBACK_MS = 300;

/**
 * The Telegram BackButton follows the router: shown on sub-pages, hidden on roots (spec, architecture §5). It goes
 * back in history; a page opened directly (no entry to go back to) goes Home instead.
 */
export function useBackButton(): void {
  const [location, navigate] = useLocation();
  useEffect(() => {
    getPlatform().setBackButton(!ROOT_PATHS.has(location), () => {
      let moved = false;
      const onPop = () => {
        moved = true;
      };
      window.addEventListener('popstate', onPop, { once: true });
      window.history.back();
      setTimeout(() => {
        window.removeEventListener('popstate', onPop);
        if (!moved) navigate(paths.home(), { replace: true });
      }, BACK_FALLBACK_MS);
    });
  }, [location, navigate]);
}

let homePromptRan = false;
/**
 * Telegram's "⋯" menu → Settings opens the settings page (language, notifications, limits, terms, privacy). And once
 * per launch, with the same lazy chunk: the session is counted and, after the third, the home screen offered once
 * (src/platform/home-screen-prompt.ts, issue 26); a game page counts as a round in progress, no prompt there.
 */
export function useSettingsButton(): void {
  const [, navigate] = useLocation();
  useEffect(() => {
    const platform = getPlatform();
    if (platform.kind !== 'telegram') return;
    let off: (() => void) | null = null;
    let stopped = false;
    platform
      .loadNative()
      .then((ui) => {
        if (!stopped) off = ui.onSettings(() => navigate(paths.profile('general', 'preferences')));
        if (homePromptRan) return;
        homePromptRan = true;
        void import('../../platform/home-screen-prompt')
          .then((p) => p.countSessionAndOffer(ui, { inRound: () => window.location.pathname.startsWith('/game/') }))
          .catch((err: unknown) => console.warn('Home screen prompt skipped', err));
      })
      .catch((err: unknown) => console.warn('Telegram settings button unavailable', err));
    return () => {
      stopped = true;
      off?.();
    };
  }, [navigate]);
}

function setMeta(name: string, content: string, property = false): void {
  const attr = property ? 'property' : 'name';
  let el = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${name}"]`);
  if (!el) {
    el = document.createElement('meta');
    el.setAttribute(attr, name);
    document.head.appendChild(el);
  }
  el.content = content;
}

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
