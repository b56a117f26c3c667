export const socialTexts = {
  en: {
    social: {
      title: 'Live at the casino',
      joined: 'Just joined',
      big_wins: 'Biggest wins today',
      won: '{{amount}} in {{game}}',
      streamer: 'Streamer',
      no_wins: 'No big wins yet today.',
      no_players: 'No new players yet.',
    },
  },
  ru: {
    social: {
      title: 'Сейчас в казино',
      joined: 'Только что присоединились',
      big_wins: 'Крупные выигрыши за сутки',
      won: '{{amount}} в {{game}}',
      streamer: 'Стример',
      no_wins: 'Сегодня крупных выигрышей пока нет.',
      no_players: 'Новых игроков пока нет.',
    },
  },
};
