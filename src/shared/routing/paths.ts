// Patterns and path builders: the one place that spells the app's addresses (spec §2). Route entries
// (features/<feature>/routes.ts) take their pattern from `patterns`; navigate() and href take a builder's result, never a
// literal '/…' (eslint.config.js enforces it), so a renamed route breaks the type-check, not a link.
import { appPatterns } from '@contracts/app-routes';
import type { ContentPageSlug } from '@contracts/content-pages';
import type { RouteParams } from './route';

/** The app's page patterns, shared with the server (which answers any other path 404): contracts/app-routes.ts. */
export const patterns = appPatterns;

/** The pattern with its parameters filled in (encoded); an absent parameter leaves its segment out. */
export function build(pattern: string, params: RouteParams = {}): string {
  return pattern.replace(/\/:(\w+)\??/g, (_, key: string) => {
    const v = params[key];
    return v ? `/${encodeURIComponent(v)}` : '';
  });
}

/** `?a=1&b=2` of the defined values, or ''. */
function query(q: Record<string, string | number | undefined>): string {
  const s = new URLSearchParams(
    Object.entries(q).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])),
  ).toString();
  return s ? `?${s}` : '';
}

export const paths = {
  home: () => patterns.home,
  favorites: () => patterns.favorites,
  bonuses: () => patterns.bonuses,
  levels: () => patterns.levels,
  cashback: () => patterns.cashback,
  sport: () => patterns.sport,
  /** The verifier, filled in with a round's proof (`game`, `server_seed`, `client_seed`, `nonce`, `params`). */
  fairness: (q: Record<string, string | undefined> = {}) => patterns.fairness + query(q),
  content: (slug: ContentPageSlug) => build(patterns.content, { slug }),
  section: (type: string, info: string) => build(patterns.section, { type, info }),
  gameBlock: (stringId: string) => build(patterns.section, { type: 'game-block', info: stringId }),
  tournament: (id: string | number, tab: 'info' | 'leaderboard' | 'available' = 'info') =>
    build(patterns.tournament, { id: String(id), tab }),
  game: (stringId: string, demo = false) =>
    build(patterns.game, { game_string_id: stringId, demo: demo ? 'demo' : undefined }),
  cashbox: (tab: 'deposit' | 'cashout' = 'deposit') => build(patterns.cashbox, { tab }),
  /** A profile section, its page, and the page's tab (`promotions`, `bonuses`, `available`). */
  profile: (section = 'general', page?: string, tab?: string) => build(patterns.profile, { section, page, tab }),
  login: (q: { next?: string } = {}) => patterns.login + query(q),
  signup: (q: { next?: string; welcome_bonus_id?: number; currency?: string } = {}) => patterns.signup + query(q),
  telegramLogin: () => patterns.telegramLogin,
  maintenance: () => patterns.maintenance,
  blocked: () => patterns.blocked,
} as const;
