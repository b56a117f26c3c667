import type { Database } from '../../db/database';

// The default texts of the content pages, for every brand (domain ''), in English and Russian. The operator
// replaces them per brand and language (PUT /ops-api/content-pages/:slug); seeding never overwrites an edit.
// Format: paragraphs split by a blank line; "## " starts a heading; "- " starts a list item.
type Texts = Record<
  'terms' | 'privacy' | 'responsible-gambling' | 'licence' | 'support',
  { title: string; body: string }
>;

const en: Texts = {
  terms: {
    title: 'Terms and conditions',
    body: `These terms are an agreement between you and the operator of this site. By creating an account or placing a bet you accept them. Please read them carefully; if you do not agree, do not use the site.

## 1. Who may play
- You must be at least 18 years old, or older where the law of your country sets a higher age.
- Online gambling must be legal where you are. You are responsible for checking this.
- You may hold one account only. Accounts opened for someone else or on someone else's behalf are closed.

## 2. Your account
- The details you give must be true and your own. We may ask you to prove your identity, age and address before a withdrawal.
- Keep your password and two-factor codes to yourself. Bets placed from your account are treated as yours.
- You may close your account at any time through support.

## 3. Deposits and withdrawals
- Deposit only money that is yours, from payment methods in your own name.
- Withdrawals are paid to a method in your name. Minimum and maximum amounts are shown in the cashbox.
- We may hold a payment while we check it for fraud, money laundering or a breach of these terms.

## 4. Games and bets
- A bet is accepted when the game confirms it and the stake is taken from your balance.
- The house games are provably fair: every result can be checked on the fairness page.
- If a game fails, the round is void and the stake is returned. Obvious errors in odds or payouts may be corrected.

## 5. Bonuses
Only offers shown in your account apply. Each offer has its own rules, shown with it.

## 6. Responsible gambling
You can set deposit, loss and wagering limits, a session time limit, reminders and self-exclusion under Profile → Limits. See the responsible gambling page for help.

## 7. Closing and suspending accounts
We may suspend or close an account that breaks these terms. Money that is yours is returned, less any winnings obtained by a breach.

## 8. Changes
We may change these terms. The current version is always on this page; continuing to play after a change means you accept it.

## 9. Contact
Questions and complaints go to support. We answer as soon as we can.`,
  },
  privacy: {
    title: 'Privacy policy',
    body: `This policy explains which personal data the operator of this site collects, why, and what your rights are.

## Data we collect
- Account data: email address, Telegram account identifiers, name, date of birth, country and address when you give them.
- Payment data: deposits, withdrawals and the methods used (card and wallet details stay with the payment provider).
- Play data: bets, results, limits you set and the times you play.
- Technical data: IP address, device and browser type, language, and log records needed to keep the service secure.

## Why we use it
- To run your account and pay you what you win.
- To meet legal duties: age and identity checks, prevention of fraud and money laundering.
- To protect players: limits, reality checks and self-exclusion.
- To send you messages you agreed to; you can switch them off in your profile at any time.

## Sharing
We share data only with payment providers, game providers, identity-check services and authorities where the law requires it. We do not sell personal data.

## Storage and retention
Data is kept while your account is open and afterwards for as long as the law requires (usually five years for payment records).

## Browser storage
The site keeps your sign-in token, language and settings in your browser's local storage. It uses no advertising cookies.

## Your rights
You may ask for a copy of your data, its correction or its deletion, and object to its use. Contact support; we answer within 30 days.`,
  },
  'responsible-gambling': {
    title: 'Responsible gambling',
    body: `Gambling should be entertainment, never a way to make money or to escape problems. Only players aged 18 and over may play.

## Keep it fun
- Decide before you start how much money and time you will spend, and stop when you reach it.
- Never chase losses and never gamble with money you need for living costs.
- Take breaks, and do not play when you are upset, tired or have been drinking.

## Tools in your account
Open Profile → Limits to:
- set daily, weekly or monthly deposit, loss and wagering limits;
- set a session time limit: when it runs out, play stops and you decide what to do next;
- get a reality check reminder every few minutes with your time played and result;
- exclude yourself for a period or for good.

Lowering a limit takes effect at once; raising it takes effect only after a waiting period.

## Signs of a problem
- You spend more money or time than you planned.
- You borrow money or hide your gambling from people close to you.
- Gambling makes you anxious, or you feel you cannot stop.

## Where to get help
Free and confidential help is available:
- Gamblers Anonymous: https://www.gamblersanonymous.org
- GamCare: https://www.gamcare.org.uk
- BeGambleAware: https://www.begambleaware.org

You can also ask our support to close your account or exclude you at any time.`,
  },
  licence: {
    title: 'Licence',
    body: 'No gambling licence details have been published for this site yet. Play only where online gambling is legal for you.',
  },
  // the Support link's page while SUPPORT_URL is unset (outside Telegram, where the bot's chat is the way): the
  // operator puts its contacts here (PUT /ops-api/content-pages/support)
  support: {
    title: 'Support',
    body: `Questions about your account, a payment, a bonus or a game? Our support team helps, and can also close your account or exclude you from play at any time.

## How to reach us
- In Telegram: open this site's bot and write to it; the chat goes to support.
- Other ways (email, chat) are listed on this page once the operator publishes them; name your player id (Profile → General) when you write.

We answer every day, usually within a few hours.`,
  },
};

const ru: Texts = {
  terms: {
    title: 'Правила и условия',
    body: `Эти правила — соглашение между вами и оператором сайта. Регистрируясь или делая ставку, вы их принимаете. Прочитайте их внимательно; если вы не согласны, не пользуйтесь сайтом.

## 1. Кто может играть
- Вам должно быть не меньше 18 лет или больше, если закон вашей страны устанавливает более высокий возраст.
- Азартные игры онлайн должны быть разрешены там, где вы находитесь. Проверить это — ваша обязанность.
- У вас может быть только один аккаунт. Аккаунты, открытые для другого человека или от его имени, закрываются.

## 2. Ваш аккаунт
- Данные о себе должны быть правдивыми и вашими. Перед выводом средств мы можем попросить подтвердить личность, возраст и адрес.
- Никому не сообщайте пароль и коды двухфакторной защиты. Ставки из вашего аккаунта считаются вашими.
- Вы можете закрыть аккаунт в любое время через поддержку.

## 3. Пополнение и вывод
- Пополняйте счёт только своими деньгами и с платёжных средств на ваше имя.
- Выплаты производятся на платёжные средства на ваше имя. Минимальные и максимальные суммы указаны в кассе.
- Мы можем задержать платёж на время проверки на мошенничество, отмывание денег или нарушение этих правил.

## 4. Игры и ставки
- Ставка принята, когда игра её подтвердила и сумма списана с баланса.
- Собственные игры сайта доказуемо честны: любой результат можно проверить на странице проверки честности.
- Если игра дала сбой, раунд аннулируется и ставка возвращается. Явные ошибки в коэффициентах и выплатах могут быть исправлены.

## 5. Бонусы
Действуют только предложения, показанные в вашем аккаунте. У каждого предложения свои правила, указанные рядом с ним.

## 6. Ответственная игра
Лимиты на пополнение, проигрыш и ставки, лимит времени сессии, напоминания и самоисключение настраиваются в разделе Профиль → Лимиты. Подробнее — на странице об ответственной игре.

## 7. Блокировка и закрытие аккаунтов
Мы можем заблокировать или закрыть аккаунт, нарушивший эти правила. Ваши деньги возвращаются, за вычетом выигрышей, полученных с нарушением.

## 8. Изменения
Мы можем менять эти правила. Действующая редакция всегда на этой странице; продолжая играть после изменения, вы её принимаете.

## 9. Связь
Вопросы и жалобы направляйте в поддержку. Мы отвечаем как можно быстрее.`,
  },
  privacy: {
    title: 'Политика конфиденциальности',
    body: `Здесь описано, какие персональные данные собирает оператор сайта, зачем, и какие у вас есть права.

## Какие данные мы собираем
- Данные аккаунта: адрес почты, идентификаторы Telegram, имя, дата рождения, страна и адрес, если вы их указали.
- Платёжные данные: пополнения, выводы и использованные способы оплаты (реквизиты карт и кошельков хранит платёжный провайдер).
- Игровые данные: ставки, результаты, установленные лимиты и время игры.
- Технические данные: IP-адрес, тип устройства и браузера, язык и журналы, нужные для безопасности сервиса.

## Зачем мы их используем
- Чтобы вести ваш аккаунт и выплачивать выигрыши.
- Чтобы выполнять требования закона: проверку возраста и личности, борьбу с мошенничеством и отмыванием денег.
- Чтобы защищать игроков: лимиты, напоминания и самоисключение.
- Чтобы отправлять сообщения, на которые вы согласились; отключить их можно в профиле.

## Кому мы их передаём
Только платёжным провайдерам, провайдерам игр, сервисам проверки личности и государственным органам, когда этого требует закон. Мы не продаём персональные данные.

## Хранение
Данные хранятся, пока открыт аккаунт, и после — столько, сколько требует закон (платёжные записи обычно пять лет).

## Хранилище браузера
Сайт хранит токен входа, язык и настройки в локальном хранилище браузера. Рекламных cookie нет.

## Ваши права
Вы можете запросить копию своих данных, их исправление или удаление, а также возразить против их использования. Напишите в поддержку; мы ответим в течение 30 дней.`,
  },
  'responsible-gambling': {
    title: 'Ответственная игра',
    body: `Азартные игры — это развлечение, а не способ заработать или уйти от проблем. Играть могут только лица старше 18 лет.

## Пусть игра остаётся развлечением
- Заранее решите, сколько денег и времени готовы потратить, и остановитесь, когда дойдёте до предела.
- Не пытайтесь отыграться и не играйте на деньги, нужные для жизни.
- Делайте перерывы и не играйте, если расстроены, устали или выпили.

## Инструменты в аккаунте
В разделе Профиль → Лимиты можно:
- установить дневной, недельный или месячный лимит на пополнение, проигрыш и ставки;
- установить лимит времени сессии: когда он истечёт, игра остановится и вы решите, что делать дальше;
- получать напоминание каждые несколько минут с временем игры и результатом;
- исключить себя из игры на время или навсегда.

Снижение лимита действует сразу, повышение — только после периода ожидания.

## Признаки проблемы
- Вы тратите больше денег или времени, чем планировали.
- Вы занимаете деньги на игру или скрываете её от близких.
- Игра вызывает тревогу, или вы чувствуете, что не можете остановиться.

## Где получить помощь
Бесплатная и анонимная помощь:
- Анонимные игроки (Gamblers Anonymous): https://www.gamblersanonymous.org
- GamCare: https://www.gamcare.org.uk
- BeGambleAware: https://www.begambleaware.org

Вы также можете попросить поддержку закрыть ваш аккаунт или исключить вас из игры в любое время.`,
  },
  licence: {
    title: 'Лицензия',
    body: 'Сведения о лицензии на азартные игры для этого сайта ещё не опубликованы. Играйте, только если азартные игры онлайн разрешены там, где вы находитесь.',
  },
  support: {
    title: 'Поддержка',
    body: `Вопрос об аккаунте, платеже, бонусе или игре? Служба поддержки поможет, а также в любой момент закроет ваш аккаунт или исключит вас из игры.

## Как с нами связаться
- В Telegram: откройте бота этого сайта и напишите ему — сообщения получает поддержка.
- Другие способы (почта, чат) оператор публикует на этой странице; указывайте номер игрока (Профиль → Общее), когда пишете.

Мы отвечаем каждый день, обычно в течение нескольких часов.`,
  },
};

export async function seedContentPages(db: Database): Promise<void> {
  const rows = Object.entries({ en, ru }).flatMap(([locale, texts]) =>
    Object.entries(texts).map(([slug, { title, body }]) => ({ domain: '', locale, slug, title, body })),
  );
  await db
    .insertInto('info_content_pages')
    .values(rows)
    .onConflict((oc) => oc.columns(['domain', 'locale', 'slug']).doNothing())
    .execute();
}
