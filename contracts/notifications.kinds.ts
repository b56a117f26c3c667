// zod-free: what a notification can be about (issue 24), read by the server (notify, texts) and the app (categories).

/** payment and account: always kept in the app; marketing: never to an unsubscribed, self-excluded or blocked player. */
export const notificationCategories = ['payment', 'account', 'marketing'] as const;
export type NotificationCategory = (typeof notificationCategories)[number];

declare global {
  /**
   * Each kind and its parameters (stored as they are; texts are rendered from them when read or sent). Filled by
   * declaration merging where each kind is declared: its module's `<x>.notifications.ts` on the server
   * (`declare global { interface CasinoNotificationParams { level_reached: {...} } }` beside its
   * `declareNotificationKinds`, which gives its category, link and texts). The player API carries a kind as a string.
   */
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
  interface CasinoNotificationParams {}
}

export type NotificationParams = CasinoNotificationParams;
export type NotificationKind = Extract<keyof NotificationParams, string>;

/** One event to tell a player: a kind and its parameters. */
export type NotificationEvent = {
  [K in NotificationKind]: { kind: K; params: NotificationParams[K] };
}[NotificationKind];
