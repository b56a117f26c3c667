// Player mails in English and Russian. Links are absolute (the site's public URL).
export type MailLanguage = 'en' | 'ru';
export type MailTemplate = 'email_verification' | 'password_reset';

const texts: Record<
  MailTemplate,
  Record<MailLanguage, { subject: string; body: (link: string, hours: number) => string }>
> = {
  email_verification: {
    en: {
      subject: 'Confirm your email',
      body: (link, hours) =>
        `Confirm your email address by opening this link:\n\n${link}\n\nThe link works once and expires in ${hours} h. If you did not ask for it, ignore this mail.`,
    },
    ru: {
      subject: 'Подтвердите email',
      body: (link, hours) =>
        `Подтвердите адрес почты, открыв ссылку:\n\n${link}\n\nСсылка одноразовая и действует ${hours} ч. Если вы её не запрашивали, просто проигнорируйте письмо.`,
    },
  },
  password_reset: {
    en: {
      subject: 'Reset your password',
      body: (link, hours) =>
        `To set a new password, open this link:\n\n${link}\n\nThe link works once and expires in ${hours} h. If you did not ask for it, your password stays as it is.`,
    },
    ru: {
      subject: 'Сброс пароля',
      body: (link, hours) =>
        `Чтобы задать новый пароль, откройте ссылку:\n\n${link}\n\nСсылка одноразовая и действует ${hours} ч. Если вы её не запрашивали, пароль не изменится.`,
    },
  },
};

export function renderMail(template: MailTemplate, language: string | null, link: string, ttlSeconds: number) {
  const lang: MailLanguage = language === 'ru' ? 'ru' : 'en';
  const t = texts[template][lang];
  return { subject: t.subject, text: t.body(link, Math.max(1, Math.round(ttlSeconds / 3600))) };
}
