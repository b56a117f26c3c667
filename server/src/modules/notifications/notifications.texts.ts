import { declareNotificationKinds, textLanguage, type TextLanguage } from './notification-kinds';

// The notifications module's own kind (an operator's words) and the words of its bot button. Every other kind is
// declared, with its texts, in the folder of the module that tells it (`<x>.notifications.ts`, notification-kinds.ts).
declare global {
  interface CasinoNotificationParams {
    /** An operator's words: the one kind whose text is stored, as the operator wrote it, per language. */
    operator_message: { texts: Partial<Record<string, { title: string; body: string }>> };
  }
}

function operatorText(p: CasinoNotificationParams['operator_message'], language: TextLanguage) {
  const t = p.texts[language] ?? p.texts.en ?? Object.values(p.texts)[0];
  return { title: t?.title ?? '', text: t?.body ?? '' };
}

export const notificationsKinds = declareNotificationKinds({
  operator_message: {
    category: 'marketing',
    link: () => null,
    texts: { en: (p) => operatorText(p, 'en'), ru: (p) => operatorText(p, 'ru') },
  },
});

const open: Record<TextLanguage, string> = { en: 'Open', ru: 'Открыть' };
export const openButtonText = (language: string | null | undefined) => open[textLanguage(language)];
