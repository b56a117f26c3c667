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
    setMeta('description', item?.description ?? '');
    setMeta('og:title', item?.title ?? t(`pages.${name}`), true);
    setMeta('og:description', item?.description ?? '', true);
    setMeta('og:image', item?.image ? new URL(item.image, window.location.origin).toString() : '', true);
    setMeta('og:url', window.location.origin + location, true);
    return () => clearTimeout(timer);
  }, [name, location, siteTitle, seo, t, i18n.language]);
}

/** Scroll to top after navigation except on Home; back/forward restores the saved position (spec §2). */
export function useScrollRestoration(): void {
  const [location] = useLocation();
  const positions = useRef(new Map<string, number>());
  const popped = useRef(false);
  useEffect(() => {
    const onPop = () => {
      popped.current = true;
    };
    const onScroll = () => positions.current.set(window.location.pathname, window.scrollY);
    window.addEventListener('popstate', onPop);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('popstate', onPop);
      window.removeEventListener('scroll', onScroll);
    };
  }, []);
  useEffect(() => {
    if (popped.current) {
      popped.current = false;
      const y = positions.current.get(location) ?? 0;
      setTimeout(() => window.scrollTo(0, y), 0);
      return;
    }
    if (location !== '/') setTimeout(() => window.scrollTo(0, 0), 0);
  }, [location]);
}

/** The Telegram BackButton follows the router: shown on sub-pages, hidden on Home (spec, architecture §5). */
export function useBackButton(): void {
  const [location] = useLocation();
  useEffect(() => {
    getPlatform().setBackButton(location !== '/', () => window.history.back());
  }, [location]);
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
