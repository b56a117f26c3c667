import type { Resources } from './locales.en';

export const ru: Resources = {
  common: {
    site_title: 'Казино', loading: 'Загрузка…', retry: 'Повторить', close: 'Закрыть', ok: 'OK', back: 'Назад',
    sign_in: 'Войти', sign_up: 'Регистрация', sign_out: 'Выйти', balance: 'Баланс', bonus_balance: 'Бонус',
    coming_soon: 'Раздел скоро откроется', coming_soon_text: 'Мы его делаем. Загляните позже.', go_home: 'На главную',
    empty: 'Здесь пока пусто', load_failed: 'Не удалось загрузить. Проверьте соединение и попробуйте ещё раз.',
    language: 'Язык', until: 'до', support_hours: 'Поддержка отвечает круглосуточно',
  },
  nav: { home: 'Главная', favorites: 'Избранное', cashbox: 'Касса', profile: 'Профиль', sport: 'Спорт', login: 'Войти' },
  pages: {
    home: 'Главная', favorites: 'Избранное', bonuses: 'Бонусы', levels: 'Уровни', cashback: 'Кэшбэк', terms: 'Правила',
    section: 'Игры', tournament: 'Турнир', game: 'Игра', sport: 'Спорт', cashbox: 'Касса', deposit: 'Пополнение',
    cashout: 'Вывод', profile: 'Профиль', auth: 'Вход', login: 'Вход', signup: 'Регистрация', telegram: 'Вход через Telegram',
    maintenance: 'Технические работы', blocked: 'Недоступно', me: 'Личные данные', verification: 'Верификация',
    security: 'Безопасность', notifications: 'Уведомления', preferences: 'Настройки', limits: 'Лимиты', payments: 'Платежи',
    tournaments: 'Турниры', compensations: 'Компенсации', cashbacks: 'Кэшбэки', bets: 'Ставки', wheel: 'Колесо',
    general: 'Общее', history: 'История', promotions: 'Акции', my: 'Мои', available: 'Доступные', archive: 'Архив',
    info: 'Описание', leaderboard: 'Таблица лидеров',
  },
  home: {
    welcome: 'Добро пожаловать', tagline: 'Честные игры, быстрые выплаты', banners_failed: 'Не удалось загрузить баннеры.',
    guest_cta: 'Зарегистрируйтесь, чтобы играть на деньги', games_soon: 'Здесь откроется лобби игр.',
  },
  status: {
    maintenance_title: 'Идут технические работы', maintenance_text: 'Сайт скоро вернётся. Страница обновится сама.',
    blocked_title: 'Недоступно в вашем регионе', blocked_text: 'К сожалению, сайтом нельзя пользоваться из вашего региона.',
  },
  ban: {
    account_blocked_forever: 'Ваш аккаунт заблокирован навсегда', account_blocked_temp: 'Ваш аккаунт заблокирован',
    text: 'Свяжитесь с поддержкой, если считаете это ошибкой.', accept: 'OK',
  },
  toast: {
    payment_success: 'Платёж получен', payment_pending: 'Платёж обрабатывается', payment_failed: 'Платёж не прошёл',
    new_message: 'Новое сообщение', check_new_message: 'Проверьте уведомления', go_profile: 'Открыть профиль',
    fill_email: 'Добавьте email', fill_email_detail: 'Добавьте email в профиль, чтобы получать важные сообщения.',
  },
  errors: {
    change_password: 'Не удалось сменить пароль', update_player: 'Не удалось сохранить данные', get_player: 'Не удалось загрузить аккаунт',
    update_language_code: 'Не удалось сменить язык', get_email_confirmation_token: 'Не удалось отправить письмо для подтверждения',
    confirm_email: 'Не удалось подтвердить email', get_reset_password_token: 'Не удалось отправить ссылку для сброса', reset_password: 'Не удалось сбросить пароль',
    get_player_limits: 'Не удалось загрузить лимиты', get_favourite_games: 'Не удалось загрузить избранное', setup_2fa: 'Не удалось настроить 2FA',
    set_limit: 'Не удалось установить лимит', set_time_limit: 'Не удалось установить лимит времени', set_self_exclusion: 'Не удалось включить самоисключение',
    get_bets_history: 'Не удалось загрузить ставки', get_bet_details: 'Не удалось загрузить ставку', get_banners: 'Не удалось загрузить баннеры',
    get_cashback: 'Не удалось загрузить кэшбэк', get_cashback_history: 'Не удалось загрузить историю кэшбэка', get_cashback_settings: 'Не удалось загрузить настройки кэшбэка',
    get_bonuses: 'Не удалось загрузить бонусы', get_levels: 'Не удалось загрузить уровни', get_kyc_status: 'Не удалось загрузить статус верификации',
    upload_photo: 'Не удалось загрузить фото', network_error: 'Нет связи с сервером', token_invalid: 'Ссылка недействительна или устарела',
    failed_to_enable_2fa: 'Неверный код: 2FA не включена', failed_to_disable_2fa: 'Неверный код: 2FA не выключена',
    failed_to_setup_2fa: 'Не удалось начать настройку 2FA', init_failed: 'Приложение запустилось с ошибками',
  },
};
