// Path builders: the one place that spells the app's routes (spec §2). navigate() and href take these, never a
// literal '/…' (eslint.config.js enforces it), so a renamed route breaks the type-check, not a link.
import type { ContentPageSlug } from '@contracts/content-pages';

/** `?a=1&b=2` of the defined values, or ''. */
function query(q: Record<string, string | number | undefined>): string {
  const s = new URLSearchParams(
    Object.entries(q).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])),
  ).toString();
  return s ? `?${s}` : '';
}

export const paths = {
  home: () => '/',
  favorites: () => '/favorites',
  bonuses: () => '/bonuses',
  levels: () => '/levels',
  cashback: () => '/cashback',
  content: (slug: ContentPageSlug) => `/${slug}`,
  section: (type: string, info: string) => `/section/${encodeURIComponent(type)}/${encodeURIComponent(info)}`,
  gameBlock: (stringId: string) => `/section/game-block/${encodeURIComponent(stringId)}`,
  tournament: (id: string | number, tab: 'info' | 'leaderboard' | 'available' = 'info') => `/tournament/${id}/${tab}`,
  game: (stringId: string, demo = false) => `/game/${encodeURIComponent(stringId)}${demo ? '/demo' : ''}`,
  sport: () => '/sport',
  cashbox: (tab: 'deposit' | 'cashout' = 'deposit') => `/cashbox/${tab}`,
  /** A profile section, its page, and the page's tab (`promotions`, `bonuses`, `available`). */
  profile: (section = 'general', page?: string, tab?: string) =>
    `/profile/${section}${page ? `/${page}` : ''}${tab ? `/${tab}` : ''}`,
  login: (q: { next?: string } = {}) => `/auth/login${query(q)}`,
  signup: (q: { next?: string; welcome_bonus_id?: number; currency?: string } = {}) => `/auth/signup${query(q)}`,
  telegramLogin: () => '/auth/telegram',
  maintenance: () => '/maintenance',
  blocked: () => '/blocked',
} as const;
