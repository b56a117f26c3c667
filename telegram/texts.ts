// The bot's texts in English and Russian, picked by the Telegram user's language.
export type BotLanguage = 'en' | 'ru';
export const botLanguage = (code: string | undefined): BotLanguage =>
  code?.toLowerCase().startsWith('ru') ? 'ru' : 'en';

export const botTexts = {
  en: {
    greeting: (name: string) => `Hi, ${name}! Provably fair games, fast payouts. Tap the button to open the casino.`,
    open: 'Open the casino',
    help: 'Open the casino with the button below or the menu button. Commands:\n/start — open the app\n/paysupport — payment questions\n/privacy — privacy policy',
    paysupport: (url: string) =>
      `Questions about a deposit or a withdrawal? Write to our support: ${url}. We answer 24/7.`,
    privacy: (url: string) => `We keep only what your account needs. The privacy policy: ${url}`,
    description: 'Casino and sportsbook in Telegram: provably fair games, deposits and withdrawals in TON.',
    short_description: 'Provably fair casino in Telegram',
    commands: {
      start: 'Open the casino',
      help: 'How it works',
      paysupport: 'Payment support',
      privacy: 'Privacy policy',
    },
    menu_button: 'Play',
    deposit_credited: (amount: string) => `Your deposit of ${amount} is credited. Good luck!`,
    withdrawal_processed: (amount: string) => `Your withdrawal of ${amount} is processed.`,
    withdrawal_rejected: (amount: string) =>
      `Your withdrawal of ${amount} was rejected; the money is back on your balance.`,
    tournament_result: (name: string, place: number, prize: string) =>
      `Tournament “${name}” is over: you placed #${place}${prize ? ` and won ${prize}` : ''}.`,
  },
  ru: {
    greeting: (name: string) =>
      `Привет, ${name}! Честные игры и быстрые выплаты. Нажмите кнопку, чтобы открыть казино.`,
    open: 'Открыть казино',
    help: 'Откройте казино кнопкой ниже или кнопкой меню. Команды:\n/start — открыть приложение\n/paysupport — вопросы по платежам\n/privacy — политика конфиденциальности',
    paysupport: (url: string) =>
      `Вопрос по пополнению или выводу? Напишите в поддержку: ${url}. Отвечаем круглосуточно.`,
    privacy: (url: string) => `Мы храним только то, что нужно для вашего аккаунта. Политика конфиденциальности: ${url}`,
    description: 'Казино и ставки на спорт в Telegram: честные игры, пополнение и вывод в TON.',
    short_description: 'Честное казино в Telegram',
    commands: {
      start: 'Открыть казино',
      help: 'Как это работает',
      paysupport: 'Поддержка по платежам',
      privacy: 'Конфиденциальность',
    },
    menu_button: 'Играть',
    deposit_credited: (amount: string) => `Пополнение на ${amount} зачислено. Удачи!`,
    withdrawal_processed: (amount: string) => `Вывод ${amount} выполнен.`,
    withdrawal_rejected: (amount: string) => `Вывод ${amount} отклонён, деньги вернулись на баланс.`,
    tournament_result: (name: string, place: number, prize: string) =>
      `Турнир «${name}» завершён: ваше место — ${place}${prize ? `, выигрыш ${prize}` : ''}.`,
  },
} as const;
