// The invite card's words (issue 26): 18+, no promise of winnings, nothing asked of the reader.
export type CardLanguage = 'en' | 'ru';
export const cardLanguage = (code: string | null | undefined): CardLanguage => (code?.startsWith('ru') ? 'ru' : 'en');

export interface CardWords {
  title: string;
  text: string;
  open: string;
}
/** The built-in words; an operator replaces any of them per language with REFERRAL_CARD_TEXTS. */
export const cardTexts: Record<CardLanguage, CardWords> = {
  en: {
    title: 'Join me at the casino',
    text: 'I play here and invite you to join. 18+ only. Play responsibly: gambling involves risk, set your limits.',
    open: 'Open the app',
  },
  ru: {
    title: 'Присоединяйся ко мне в казино',
    text: 'Я играю здесь и приглашаю тебя. Только 18+. Играй ответственно: азартные игры связаны с риском, установи лимиты.',
    open: 'Открыть приложение',
  },
};
