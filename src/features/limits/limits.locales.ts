export const limitsTexts = {
  en: {
    limits: {
      deposit_title: 'Deposit limit reached',
      loss_title: 'Loss limit reached',
      wagering_title: 'Wagering limit reached',
      reached_text: 'You have used {{usage}} of your {{value}} limit.',
      period: 'The limit applies until {{end}}.',
      close: 'Close',
      close_game: 'Close the game',
      session_title: 'Your session time is up',
      session_text: 'You set a limit on how long you play in one session.',
      play_more: 'Play more',
      logout: 'Sign out',
      change_settings: 'Change limit settings',
    },
  },
  ru: {
    limits: {
      deposit_title: 'Достигнут лимит депозитов',
      loss_title: 'Достигнут лимит проигрыша',
      wagering_title: 'Достигнут лимит ставок',
      reached_text: 'Использовано {{usage}} из лимита {{value}}.',
      period: 'Лимит действует до {{end}}.',
      close: 'Закрыть',
      close_game: 'Закрыть игру',
      session_title: 'Время сессии истекло',
      session_text: 'Вы ограничили время игры за одну сессию.',
      play_more: 'Играть дальше',
      logout: 'Выйти',
      change_settings: 'Изменить лимиты',
    },
  },
};
