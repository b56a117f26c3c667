import type { ContentPage, ContentPageSlug } from '@contracts/content-pages';
import * as informationalEndpoints from '@contracts/informational.endpoints';
import { api } from '../../shared/api';

const cache = new Map<string, Promise<ContentPage>>();

/** A content page of this brand (the host name) in a language; each asked once per page load (a failure is retried). */
export function fetchContentPage(slug: ContentPageSlug, locale: string, host = window.location.hostname) {
  const key = `${slug}|${locale}|${host}`;
  let hit = cache.get(key);
  if (!hit) {
    hit = api.call(informationalEndpoints.contentPage, { params: { slug }, query: { locale, domain: host } });
    hit.catch(() => cache.delete(key));
    cache.set(key, hit);
  }
  return hit;
}

/** Tests start from a fresh page load. */
export function clearContentCacheForTests(): void {
  cache.clear();
}
