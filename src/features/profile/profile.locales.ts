export const profileTexts = {
  en: {
    profile: {
      name: 'First name', last_name: 'Last name', username: 'Username', email: 'Email', tel: 'Phone', sex: 'Sex', male: 'Male', female: 'Female', other: 'Other',
      birthday: 'Date of birth', birthday_hint: 'You must be 18 or older', country: 'Country code', city: 'City', postal_code: 'Postal code', address: 'Address',
      save: 'Save', saved: 'Saved', sign_out: 'Sign out', email_state: 'Email', verified: 'Confirmed', not_verified: 'Not confirmed', no_email: 'No email yet',
      send_confirmation: 'Send confirmation link', confirmation_sent: 'We sent a link to your email.', two_factor: 'Two-factor authentication',
      two_factor_on: 'On', two_factor_off: 'Off', two_factor_setup: 'Set up 2FA', two_factor_scan: 'Scan the QR code with an authenticator app, or enter the key, then type the 6-digit code.',
      two_factor_enable: 'Enable', two_factor_disable: 'Disable 2FA', code: '6-digit code', old_password: 'Current password', new_password: 'New password',
      change_password: 'Change password', language: 'Language', channel: 'How we contact you', channel_email: 'Email', channel_telegram: 'Telegram',
      channel_sms: 'SMS', channel_none: 'Do not contact me', telegram_linked: 'Telegram linked', password_rule: 'At least 8 characters', security_state: 'Security',
    },
  },
  ru: {
    profile: {
      name: 'Имя', last_name: 'Фамилия', username: 'Имя пользователя', email: 'Email', tel: 'Телефон', sex: 'Пол', male: 'Мужской', female: 'Женский', other: 'Другой',
      birthday: 'Дата рождения', birthday_hint: 'Вам должно быть не меньше 18 лет', country: 'Код страны', city: 'Город', postal_code: 'Индекс', address: 'Адрес',
      save: 'Сохранить', saved: 'Сохранено', sign_out: 'Выйти', email_state: 'Email', verified: 'Подтверждён', not_verified: 'Не подтверждён', no_email: 'Email не указан',
      send_confirmation: 'Отправить ссылку для подтверждения', confirmation_sent: 'Мы отправили ссылку на вашу почту.', two_factor: 'Двухфакторная аутентификация',
      two_factor_on: 'Включена', two_factor_off: 'Выключена', two_factor_setup: 'Настроить 2FA', two_factor_scan: 'Отсканируйте QR-код в приложении-аутентификаторе или введите ключ, затем введите 6-значный код.',
      two_factor_enable: 'Включить', two_factor_disable: 'Выключить 2FA', code: '6-значный код', old_password: 'Текущий пароль', new_password: 'Новый пароль',
      change_password: 'Сменить пароль', language: 'Язык', channel: 'Как с вами связываться', channel_email: 'Email', channel_telegram: 'Telegram',
      channel_sms: 'SMS', channel_none: 'Не связываться', telegram_linked: 'Telegram привязан', password_rule: 'Не меньше 8 символов', security_state: 'Безопасность',
    },
  },
};
