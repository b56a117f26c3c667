// The router's own pages: "sign in to continue" (a guest on a player page) and "not found".
export const routerTexts = {
  en: {
    router: {
      sign_in_title: 'Sign in to continue',
      sign_in_text: 'This page is for players. Sign in or create an account, and you come straight back here.',
      sign_in: 'Sign in',
      sign_up: 'Create an account',
      not_found_title: 'Page not found',
      not_found_text: 'There is no page at this address. It may have moved, or the link has a typo.',
      home: 'Go to the lobby',
    },
  },
  ru: {
    router: {
      sign_in_title: 'Войдите, чтобы продолжить',
      sign_in_text: 'Эта страница для игроков. Войдите или создайте аккаунт — и вы сразу вернётесь сюда.',
      sign_in: 'Войти',
      sign_up: 'Создать аккаунт',
      not_found_title: 'Страница не найдена',
      not_found_text: 'По этому адресу ничего нет. Возможно, страница переехала или в ссылке опечатка.',
      home: 'В лобби',
    },
  },
};
