import type { NotificationCategory, NotificationKind, NotificationParams } from '@contracts/notifications.kinds';

// The notification catalogue (issue 23): each kind a module tells a player about is declared in that module's own
// folder (`<x>.notifications.ts`), the way its ledger kinds are: its parameters' type (a `CasinoNotificationParams`
// entry, `declare global`), its category, the app screen it links to and its texts in every language, with
// `declareNotificationKinds`. The notifications module only collects them: adding a kind edits nothing here.

/** The languages notification texts are written in; English is the fallback. */
export type TextLanguage = 'en' | 'ru';
export const textLanguages: readonly TextLanguage[] = ['en', 'ru'];
export const textLanguage = (code: string | null | undefined): TextLanguage => (code?.startsWith('ru') ? 'ru' : 'en');

export interface RenderedNotification {
  title: string;
  text: string;
}

/** One kind: what the player sees of it. Rendered when read or sent, never stored as text. */
export interface NotificationKindSpec<P> {
  /** payment and account: always kept; marketing: never to an unsubscribed, blocked or self-excluded player. */
  category: NotificationCategory;
  /** The app screen it is about (an app path), or null. */
  link: (params: P) => string | null;
  /** Its title and text in each language, from its stored parameters. */
  texts: Record<TextLanguage, (params: P) => RenderedNotification>;
}

type AnySpec = NotificationKindSpec<never>;
const declared = new Map<string, AnySpec>();

/**
 * Declares a module's notification kinds (once, when its file is loaded; the module's door imports it). A kind
 * declared twice is refused: two modules never share a kind.
 */
export function declareNotificationKinds<K extends NotificationKind>(specs: {
  [Q in K]: NotificationKindSpec<NotificationParams[Q]>;
}): typeof specs {
  for (const [kind, spec] of Object.entries(specs) as Array<[string, AnySpec]>) {
    if (declared.has(kind) && declared.get(kind) !== spec)
      throw new Error(`notification kind ${kind} is declared twice`);
    declared.set(kind, spec);
  }
  return specs;
}

/** The kinds this process knows (every loaded module's), in declaration order. */
export const declaredNotificationKinds = (): string[] => [...declared.keys()];

/** A kind's category; a kind nobody declared is refused (a programming error, never a player's). */
export function notificationCategory(kind: string): NotificationCategory {
  const spec = declared.get(kind);
  if (!spec) throw new Error(`notification kind ${kind} was never declared (its module's <x>.notifications.ts)`);
  return spec.category;
}

/** The app screen a stored notification is about, or null (an unknown kind: null). */
export function notificationLink(event: { kind: string; params: unknown }): string | null {
  const spec = declared.get(event.kind) as NotificationKindSpec<unknown> | undefined;
  if (!spec) return null;
  try {
    return spec.link(event.params);
  } catch {
    return null;
  }
}

/** A stored notification's title and text in `language` (an unknown kind: its name, never a failure). */
export function renderNotification(kind: string, params: unknown, language: string | null | undefined) {
  const spec = declared.get(kind) as NotificationKindSpec<unknown> | undefined;
  if (!spec) return { title: kind, text: '' };
  try {
    return spec.texts[textLanguage(language)](params);
  } catch {
    return { title: kind, text: '' };
  }
}

/** How texts write an amount and a time (shared by every module's texts). */
export const money = (p: { amount: string; currency: string }) => `${p.amount} ${p.currency}`;
export const when = (iso: string | null) => (iso ? `${iso.slice(0, 16).replace('T', ' ')} UTC` : '');
