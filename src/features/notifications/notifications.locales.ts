/** The bell's texts: on the first load with the header. */
export const bellTexts = {
  en: {
    notifications: {
      bell: 'Notifications',
      bell_unviewed_one: 'Notifications, {{count}} new',
      bell_unviewed_other: 'Notifications, {{count}} new',
    },
  },
  ru: {
    notifications: {
      bell: 'Уведомления',
      bell_unviewed_one: 'Уведомления, {{count}} новое',
      bell_unviewed_few: 'Уведомления, {{count}} новых',
      bell_unviewed_many: 'Уведомления, {{count}} новых',
      bell_unviewed_other: 'Уведомления, {{count}} новых',
    },
  },
};

/** The page's texts: loaded with it. */
export const pageTexts = {
  en: {
    notifications: {
      title: 'Notifications',
      all: 'All',
      unviewed: 'New',
      empty: 'Nothing here yet.',
      empty_unviewed: 'No new notifications.',
      new_badge: 'New',
      open: 'Go to it',
      delete: 'Delete',
      deleted: 'Notification deleted',
      more: 'Show more',
      settings: 'Where we tell you things',
      channel: 'Messages outside the app',
      channel_telegram: 'Telegram (bot messages)',
      channel_email: 'Email',
      channel_none: 'Only in the app',
      marketing: 'News and offers',
      marketing_hint: 'Payments and account messages always stay in the app.',
      telegram_unavailable:
        'Telegram refused our last message (the bot may be blocked). Allow messages from the bot to get them again.',
      telegram_ask: 'The bot needs your permission to write to you.',
      telegram_allow: 'Allow messages',
      telegram_allowed: 'The bot may write to you.',
      telegram_refused: 'Messages from the bot stay off. You can allow them here at any time.',
      no_email: 'Add an email address in your profile to get email.',
      saved: 'Saved',
    },
  },
  ru: {
    notifications: {
      title: 'Уведомления',
      all: 'Все',
      unviewed: 'Новые',
      empty: 'Здесь пока пусто.',
      empty_unviewed: 'Новых уведомлений нет.',
      new_badge: 'Новое',
      open: 'Перейти',
      delete: 'Удалить',
      deleted: 'Уведомление удалено',
      more: 'Показать ещё',
      settings: 'Где мы вам сообщаем',
      channel: 'Сообщения вне приложения',
      channel_telegram: 'Telegram (сообщения бота)',
      channel_email: 'Эл. почта',
      channel_none: 'Только в приложении',
      marketing: 'Новости и предложения',
      marketing_hint: 'Сообщения о платежах и аккаунте всегда остаются в приложении.',
      telegram_unavailable:
        'Telegram не принял наше последнее сообщение (возможно, бот заблокирован). Разрешите боту писать вам, чтобы снова получать их.',
      telegram_ask: 'Боту нужно ваше разрешение, чтобы писать вам.',
      telegram_allow: 'Разрешить сообщения',
      telegram_allowed: 'Бот может писать вам.',
      telegram_refused: 'Сообщения бота выключены. Их можно разрешить здесь в любой момент.',
      no_email: 'Добавьте адрес эл. почты в профиле, чтобы получать письма.',
      saved: 'Сохранено',
    },
  },
};
