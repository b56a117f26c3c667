import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { getPlatform } from '../../platform';
import { showToast } from '../../shared/toast/toast.store';
import type { SeoItem } from '@contracts/informational';
import { matchRoute } from '../router/guards';
import { handleShellQuery, RESET_TOKEN_KEY } from './shell-query';

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
  const name = route?.name ?? 'home';
  useEffect(() => {
    getPlatform().storage.set('namePage', name);
    document.title = `${capitalise(name)}${TITLE_SEPARATOR}${siteTitle}`;
    const timer = setTimeout(() => {
      document.title = `${t(`pages.${name}`)}${TITLE_SEPARATOR}${siteTitle}`;
    }, TITLE_TRANSLATE_DELAY_MS);
    const item = seo.find((s) => s.type === 'page' && s.code === name && s.locale === i18n.language);
    const description = item?.description ?? t('meta.description');
    setMeta('description', description);
    setMeta('og:title', item?.title ?? t(`pages.${name}`), true);
    setMeta('og:description', description, true);
    setMeta('og:image', item?.image ? new URL(item.image, window.location.origin).toString() : '', true);
    setMeta('og:url', window.location.origin + location, true);
    return () => clearTimeout(timer);
  }, [name, location, siteTitle, seo, t, i18n.language]);
}

export const SCROLL_TO_TOP_DELAY_MS = 0; // spec §9

/** Scroll to top after navigation except on Home; back/forward restores the saved position (spec §2). */
export function useScrollRestoration(): void {
  const [location] = useLocation();
  const positions = useRef(new Map<string, number>());
  const current = useRef(location);
  const popped = useRef(false);
  useEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual'; // we restore it ourselves
    const onPop = () => {
      popped.current = true;
    };
    const onScroll = () => positions.current.set(current.current, window.scrollY);
    window.addEventListener('popstate', onPop);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('popstate', onPop);
      window.removeEventListener('scroll', onScroll);
    };
  }, []);
  useEffect(() => {
    if (current.current === location) return; // first render: the browser's own position stands
    current.current = location;
    const target = popped.current ? (positions.current.get(location) ?? 0) : location === '/' ? null : 0;
    popped.current = false;
    if (target === null) return;
    const timer = setTimeout(() => window.scrollTo(0, target), SCROLL_TO_TOP_DELAY_MS);
    return () => clearTimeout(timer);
  }, [location]);
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
        if (!moved) navigate('/', { replace: true });
      }, BACK_FALLBACK_MS);
    });
  }, [location, navigate]);
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
