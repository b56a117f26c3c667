export const authTexts = {
  en: {
    auth: {
      email: 'Email', password: 'Password', new_password: 'New password', currency: 'Currency', two_factor_code: 'Code from the authenticator app',
      two_factor_hint: 'Two-factor authentication is on: enter the 6-digit code.', accept_terms: 'I am 18 or older and accept the terms',
      sign_in: 'Sign in', sign_up: 'Create account', no_account: 'No account yet?', have_account: 'Already have an account?',
      forgot: 'Forgot your password?', send_reset: 'Send reset link', reset_sent: 'If an account uses this email, a reset link is on its way.',
      set_password: 'Set new password', back_to_sign_in: 'Back to sign-in', telegram: 'Sign in with Telegram',
      telegram_not_configured: 'Telegram sign-in is not set up on this site.', telegram_hint: 'Use the button to sign in with your Telegram account.',
      password_rule: 'At least 8 characters', email_invalid: 'Enter a valid email', required: 'Required', terms_required: 'Accept the terms to continue',
      sandbox_note: '',
    },
  },
  ru: {
    auth: {
      email: 'Email', password: 'Пароль', new_password: 'Новый пароль', currency: 'Валюта', two_factor_code: 'Код из приложения-аутентификатора',
      two_factor_hint: 'Включена двухфакторная защита: введите 6-значный код.', accept_terms: 'Мне есть 18 лет, я принимаю правила',
      sign_in: 'Войти', sign_up: 'Создать аккаунт', no_account: 'Нет аккаунта?', have_account: 'Уже есть аккаунт?',
      forgot: 'Забыли пароль?', send_reset: 'Отправить ссылку', reset_sent: 'Если такой email зарегистрирован, мы отправили ссылку для сброса.',
      set_password: 'Задать новый пароль', back_to_sign_in: 'Вернуться ко входу', telegram: 'Войти через Telegram',
      telegram_not_configured: 'Вход через Telegram на этом сайте не настроен.', telegram_hint: 'Нажмите кнопку, чтобы войти через аккаунт Telegram.',
      password_rule: 'Не меньше 8 символов', email_invalid: 'Введите корректный email', required: 'Обязательное поле', terms_required: 'Примите правила, чтобы продолжить',
      sandbox_note: '',
    },
  },
};
