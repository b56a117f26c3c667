import { declareNotificationKinds } from '../notifications';

// What levels tell a player (issue 25): a level reached. Declared here, collected by notifications.
declare global {
  interface CasinoNotificationParams {
    /** The player reached a level (issue 25): its order and its name in every language the operator wrote. */
    level_reached: { level: number; names: Record<string, string> };
  }
}

const levelName = (names: Record<string, string>, language: 'en' | 'ru') => names[language] || names.en || '';
export const levelsNotificationKinds = declareNotificationKinds({
  level_reached: {
    category: 'account',
    link: () => '/profile/promotions/levels',
    texts: {
      en: (p) => ({
        title: 'New level',
        text: `You reached level ${p.level}: ${levelName(p.names, 'en')}. Congratulations!`,
      }),
      ru: (p) => ({
        title: 'Новый уровень',
        text: `Вы достигли уровня ${p.level}: ${levelName(p.names, 'ru')}. Поздравляем!`,
      }),
    },
  },
});
