// The first screen of the pages players arrive on from links, beyond Home (issue 28 item 17): sign-up, the welcome
// offers (/bonuses), the public levels (/levels), the signed-in profile's personal data and the cashback terms
// (/cashback, drawn from the operator's cashback settings as a guest reads them). The server draws the
// page's heading, its text and the outline of its form into index.html, in the player's language (the `locale` cookie
// the app sets), with the geometry of the app's VKUI page; the app replaces it when it mounts. Their largest element
// (the terms line, the offers' and the levels' introduction, the profile's introduction) then paints with the HTML
// instead of after the app's JavaScript: Lighthouse's LCP on these pages was 4.4-6.4 s of render delay, and the app's
// page drawn over it adds nothing larger. The fields are outlines, not inputs: there is nothing to type into (and
// lose) before the app takes over. The texts are the app's own (first-screen.test.ts compares them with the app's
// locale files).

import type { CashbackSettings } from '@contracts/cashback';
import type { Tournament } from '@contracts/tournaments';
import { CURRENCY_SIGNS } from '@contracts/currency-signs';

export const FIRST_SCREEN_TEXTS = {
  en: {
    signup: 'Sign up',
    email: 'Email',
    password: 'Password',
    password_rule: 'At least 8 characters',
    currency: 'Currency',
    promo_code: 'Promo code (optional)',
    accept_terms: 'I am 18 or older and accept the terms and conditions and the privacy policy',
    sign_up: 'Create account',
    have_account: 'Already have an account?',
    sign_in: 'Sign in',
    welcome_title: 'Welcome offers',
    welcome_intro: 'Sign up and choose your welcome bonus: it starts with your first deposit.',
    profile_sections: ['General', 'History', 'Promotions'],
    profile_general: ['Personal data', 'Verification', 'Security', 'Notifications', 'Preferences', 'Limits'],
    me_intro: 'Your personal data: it is needed for payouts and to verify your identity.',
    me_fields: ['First name', 'Last name', 'Username', 'Email', 'Phone'],
    levels_title: 'Levels',
    levels_intro: 'Sign up, play for real money and climb the levels. Each level brings its rewards.',
    cashback: {
      title: 'Cashback',
      intro:
        'Get back up to {{percent}} % of your net loss in real money. Paid automatically, no claim needed: {{when}}. Only real money counts; bonus money and its wins do not.',
      intro_levels: 'The more you stake with real money in a period, the higher your percentage.',
      daily: 'every day at {{hour}}:00 ({{zone}})',
      weekly: 'every {{day}} at {{hour}}:00 ({{zone}})',
      monthly: 'on day {{day}} of each month at {{hour}}:00 ({{zone}}); in shorter months on the last day',
      weekdays: { 1: 'Monday', 2: 'Tuesday', 3: 'Wednesday', 4: 'Thursday', 5: 'Friday', 6: 'Saturday', 7: 'Sunday' },
      levels: 'Levels',
      level_row: '{{percent}} % · from {{amount}} staked',
      limits: 'At least {{min}} of net loss; at most {{max}} a period.',
      limits_no_max: 'At least {{min}} of net loss.',
      terms:
        'Net loss is real stakes minus real refunds and real wins in the period. A period is paid shortly after it ends. A refund that arrives after its period was paid lowers the next period’s net loss.',
      sign_in: 'Sign in to see your cashback.',
    },
    tournament: {
      tabs: { info: 'Info', leaderboard: 'Leaders', available: 'Available' },
      status: { created: 'Starts soon', ongoing: 'On now', completed: 'Finished', cancelled: 'Cancelled' },
    },
  },
  ru: {
    signup: 'Регистрация',
    email: 'Электронная почта',
    password: 'Пароль',
    password_rule: 'Не меньше 8 символов',
    currency: 'Валюта',
    promo_code: 'Промокод (необязательно)',
    accept_terms: 'Мне есть 18 лет, я принимаю правила и условия и политику конфиденциальности',
    sign_up: 'Создать аккаунт',
    have_account: 'Уже есть аккаунт?',
    sign_in: 'Войти',
    welcome_title: 'Приветственные бонусы',
    welcome_intro: 'Зарегистрируйтесь и выберите приветственный бонус: он начнётся с первого депозита.',
    profile_sections: ['Общее', 'История', 'Акции'],
    profile_general: ['Личные данные', 'Верификация', 'Безопасность', 'Уведомления', 'Настройки', 'Лимиты'],
    me_intro: 'Ваши личные данные: они нужны для выплат и проверки личности.',
    me_fields: ['Имя', 'Фамилия', 'Имя пользователя', 'Электронная почта', 'Телефон'],
    levels_title: 'Уровни',
    levels_intro:
      'Зарегистрируйтесь, играйте на реальные деньги и поднимайтесь по уровням. Каждый уровень приносит награды.',
    cashback: {
      title: 'Кешбэк',
      intro:
        'Возвращаем до {{percent}} % чистого проигрыша реальными деньгами. Начисляется автоматически, без заявки: {{when}}. Считаются только реальные деньги; бонусные и выигрыши на них — нет.',
      intro_levels: 'Чем больше ставок реальными деньгами за период, тем выше процент.',
      daily: 'каждый день в {{hour}}:00 ({{zone}})',
      weekly: 'каждую неделю, {{day}}, в {{hour}}:00 ({{zone}})',
      monthly: '{{day}}-го числа каждого месяца в {{hour}}:00 ({{zone}}); в коротких месяцах — в последний день',
      weekdays: {
        1: 'понедельник',
        2: 'вторник',
        3: 'среда',
        4: 'четверг',
        5: 'пятница',
        6: 'суббота',
        7: 'воскресенье',
      },
      levels: 'Уровни',
      level_row: '{{percent}} % · от {{amount}} ставок',
      limits: 'Не меньше {{min}} чистого проигрыша; не больше {{max}} за период.',
      limits_no_max: 'Не меньше {{min}} чистого проигрыша.',
      terms:
        'Чистый проигрыш — реальные ставки минус реальные возвраты и выигрыши за период. Период выплачивается вскоре после окончания. Возврат, пришедший после выплаты периода, уменьшает чистый проигрыш следующего.',
      sign_in: 'Войдите, чтобы увидеть свой кешбэк.',
    },
    tournament: {
      tabs: { info: 'Условия', leaderboard: 'Таблица', available: 'Доступные' },
      status: { created: 'Скоро начнётся', ongoing: 'Идёт', completed: 'Завершён', cancelled: 'Отменён' },
    },
  },
} as const;
type Texts = (typeof FIRST_SCREEN_TEXTS)['en' | 'ru'];

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

// VKUI's geometry on a phone (Group, Header size l, FormItem, Input, Checkbox, Tabs), in the light and dark schemes
// of the boot styles in index.html. The app's own stylesheets are not loaded yet when this paints.
const STYLE = `<style>
.boot-form{padding:0;max-width:1200px;margin:0 auto}
.boot-form h1{margin:0;padding:18px 16px 8px;font-size:17px;line-height:24px;font-weight:600}
.boot-form p{margin:0;padding:12px 16px;font-size:16px;line-height:20px}
.boot-form .boot-field{padding:13px 16px}
.boot-form .boot-field span{display:block;padding-bottom:8px;font-size:14px;line-height:18px;color:#818c99}
.boot-form .boot-field i{display:block;box-sizing:border-box;height:44px;border:1px solid rgba(0,0,0,.12);border-radius:8px;background:#f2f3f5;font-style:normal;padding:12px;font-size:16px;line-height:20px}
.boot-form .boot-field small{display:block;padding-top:8px;font-size:13px;line-height:16px;color:#818c99}
.boot-form .boot-check{display:flex;gap:12px;padding:24px 16px 18px}
.boot-form .boot-check b{flex:none;width:22px;height:22px;box-sizing:border-box;border:2px solid #b8c1cc;border-radius:5px}
.boot-form .boot-check span{font-size:16px;line-height:20px}
.boot-form .boot-button{margin:17px 16px 12px;height:44px;border-radius:8px;background:#2688eb;color:#fff;display:flex;align-items:center;justify-content:center;font-weight:500}
.boot-header:has(~.boot-form .boot-tabs){height:48px}
.boot-form .boot-tabs{display:grid;grid-template-columns:repeat(3,1fr);margin:10px 16px 0;text-align:center;font-size:16px;line-height:20px;color:#6d7885}
.boot-form .boot-tabs span{padding:12px 4px;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.boot-form .boot-tabs span:first-child{color:#000;box-shadow:inset 0 -2px currentColor}
.boot-form .boot-tabs+.boot-tabs{grid-template-columns:repeat(3,auto);justify-content:space-between;margin:10px 0 0;padding:0 0 24px;row-gap:20px;border-bottom:1px solid rgba(0,0,0,.08);margin-inline:16px}
.boot-form .boot-tabs+.boot-tabs span{padding:4px 8px;box-shadow:none;white-space:normal;align-self:center}
.boot-form .boot-tabs+.boot-tabs span:first-child{background:rgba(0,0,0,.06);border-radius:8px}
.boot-form .boot-tabs+.boot-tabs+p{padding:20px 16px 24px}
.boot-form .boot-group{padding-bottom:8px}
.boot-form .boot-group+.boot-group{margin-top:6px;background:linear-gradient(rgba(0,0,0,.12),rgba(0,0,0,.12)) 16px 0/calc(100% - 32px) 1px no-repeat}
.boot-form .boot-group h1,.boot-form .boot-group h2{margin:0;padding:18px 16px 8px;font-size:17px;line-height:24px;font-weight:400}
.boot-form .boot-group h2{padding:19px 16px 12px;font-size:16px;line-height:20px}
.boot-form .boot-cell{padding:12px 16px;font-size:16px;line-height:20px;min-height:24px}
.boot-form .boot-row{display:grid;grid-template-columns:1fr 1fr;gap:16px;padding:0 16px}
.boot-form .boot-thead{display:flex;flex-wrap:wrap;align-items:center;gap:8px;padding:20px 16px 12px}
.boot-form .boot-group .boot-thead h1{padding:0;font-size:24px;line-height:28px;font-weight:600}
.boot-form .boot-thead b{border-radius:10px;padding:1px 8px;font-size:12px;line-height:18px;font-weight:600;border:1px solid rgba(0,0,0,.12);background:#f2f3f5}
.boot-form .boot-thead+.boot-tabs{margin-top:0;margin-bottom:6px}
.boot-form .boot-tdesc p{padding:26px 16px 12px}
.boot-form .boot-row .boot-field{padding-inline:0}
@media (prefers-color-scheme:dark){.boot-form .boot-thead b{background:#232324;border-color:rgba(255,255,255,.12)}.boot-form .boot-field i{background:#232324;border-color:rgba(255,255,255,.12)}.boot-form .boot-tabs,.boot-form .boot-field span{color:#a0a6ad}.boot-form .boot-tabs span:first-child{color:#fff}}
</style>`;

const field = (label: string, value = '', hint?: string) =>
  `<div class="boot-field"><span>${escapeHtml(label)}</span><i>${escapeHtml(value)}</i>${
    hint ? `<small>${escapeHtml(hint)}</small>` : ''
  }</div>`;

/** What a page's first screen is drawn from beyond its texts: the operator's data, as a guest reads it. */
export interface FirstScreenData {
  /** GET /main-api/platform-config/cashback_settings for a guest (the default currency) */
  cashback?: CashbackSettings | null;
  /** GET /main-api/tournaments/{id} for a guest, in the page's language (/tournament/{id}/info) */
  tournament?: Tournament | null;
}

// i18next's `{{name}}` interpolation, the app's only form in these texts
const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (m, k: string) => (k in values ? String(values[k]) : m));

// The app's money format (src/shared/lib/money-format.ts formatMoney; first-screen.test.ts compares the two): the
// locale's digits with two decimals (four for coins), the currency's sign before the number in English, after it in
// Russian, a code without a sign after the number.
export function money(amount: number, currency: string, locale: string): string {
  const coin = currency === 'TON' || currency === 'BTC';
  const text = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: coin ? 4 : 2 }).format(
    amount,
  );
  const sign = CURRENCY_SIGNS[currency];
  return !sign || locale === 'ru' ? `${text}\u00a0${sign ?? currency}` : `${sign}${text}`;
}

// /cashback as a guest sees it (src/features/cashback/cashback.page.tsx): the title and the introduction, the sign-in
// line, the levels and the conditions. Its largest element, the conditions, is data: it is drawn only from the
// settings the app itself will read, and not at all when there are none or cashback is off.
function cashbackScreen(t: Texts, locale: string, s: CashbackSettings | null | undefined): string | null {
  if (!s || !s.is_enabled || !s.schedule) return null;
  const c = t.cashback;
  const hour = String(s.schedule.payout_hour).padStart(2, '0');
  const zone = s.schedule.time_zone;
  const day = s.schedule.payout_day;
  const when =
    s.schedule.frequency === 'weekly'
      ? fill(c.weekly, { day: c.weekdays[(day ?? 7) as keyof typeof c.weekdays] ?? '', hour, zone })
      : s.schedule.frequency === 'monthly'
        ? fill(c.monthly, { day: day ?? 1, hour, zone })
        : fill(c.daily, { hour, zone });
  const percent = Math.max(0, ...s.levels.map((l) => l.percentage));
  const intro = fill(c.intro, { percent, when }) + (s.levels.length > 1 ? ` ${c.intro_levels}` : '');
  const rows = s.levels
    .map(
      (l) =>
        `<div class="boot-cell">${escapeHtml(fill(c.level_row, { percent: l.percentage, amount: money(l.min_bet_sum_amount, s.currency, locale) }))}</div>`,
    )
    .join('');
  const limits =
    s.min_loss_amount === null
      ? ''
      : s.max_cashback_amount !== null
        ? fill(c.limits, {
            min: money(s.min_loss_amount, s.currency, locale),
            max: money(s.max_cashback_amount, s.currency, locale),
          })
        : fill(c.limits_no_max, { min: money(s.min_loss_amount, s.currency, locale) });
  return (
    `<div class="boot-group"><h1>${escapeHtml(c.title)}</h1><p>${escapeHtml(intro)}</p><p>${escapeHtml(c.sign_in)}</p></div>` +
    `<div class="boot-group"><h2>${escapeHtml(c.levels)}</h2>${rows}<p>${escapeHtml(`${limits} ${c.terms}`)}</p></div>`
  );
}

// /tournament/{id}/info as a guest sees it (src/features/tournaments/tournament.page.tsx): the name and the status,
// the tabs, and the description, its largest element (the operator's text: nothing is drawn for a tournament the
// data does not hold, or another one's).
function tournamentScreen(t: Texts, path: string, tm: Tournament | null | undefined): string | null {
  if (!tm || path !== `/tournament/${tm.id}/info`) return null;
  const status = tm.is_cancelled ? 'cancelled' : tm.status;
  const tabs = Object.values(t.tournament.tabs)
    .map((k) => `<span>${escapeHtml(k)}</span>`)
    .join('');
  return (
    `<div class="boot-group"><div class="boot-thead"><h1>${escapeHtml(tm.name)}</h1><b>${escapeHtml(t.tournament.status[status])}</b></div>` +
    `<div class="boot-tabs">${tabs}</div></div>` +
    (tm.description ? `<div class="boot-group boot-tdesc"><p>${escapeHtml(tm.description)}</p></div>` : '')
  );
}

const DATA_PAGES: Record<string, (t: Texts, locale: string, data: FirstScreenData, path: string) => string | null> = {
  '/cashback': (t, locale, data) => cashbackScreen(t, locale, data.cashback),
  '/tournament/:id/info': (t, _locale, data, path) => tournamentScreen(t, path, data.tournament),
};
/** The DATA_PAGES key of a path: itself, or its pattern (`/tournament/7/info` → `/tournament/:id/info`). */
const dataPageOf = (path: string) => path.replace(/^\/tournament\/\d+\/info$/, '/tournament/:id/info');

const PAGES: Record<string, (t: Texts) => string> = {
  '/auth/signup': (t) =>
    `<h1>${escapeHtml(t.signup)}</h1>${field(t.email)}${field(t.password, '', t.password_rule)}${field(t.currency, 'USD')}` +
    `${field(t.promo_code)}<div class="boot-check"><b></b><span>${escapeHtml(t.accept_terms)}</span></div>` +
    `<div class="boot-button">${escapeHtml(t.sign_up)}</div><p>${escapeHtml(t.have_account)} ${escapeHtml(t.sign_in)}</p>`,
  '/bonuses': (t) =>
    `<h1>${escapeHtml(t.welcome_title)}</h1><p>${escapeHtml(t.welcome_intro)}</p>` +
    `<div class="boot-field" style="max-width:200px"><span>${escapeHtml(t.currency)}</span><i>USD</i></div>`,
  '/levels': (t) =>
    `<h1>${escapeHtml(t.levels_title)}</h1><p>${escapeHtml(t.levels_intro)}</p>` +
    `<div class="boot-field" style="max-width:200px"><span>${escapeHtml(t.currency)}</span><i>USD</i></div>`,
  '/profile/general/me': (t) =>
    `<div class="boot-tabs">${t.profile_sections.map((s) => `<span>${escapeHtml(s)}</span>`).join('')}</div>` +
    `<div class="boot-tabs">${t.profile_general.map((s) => `<span>${escapeHtml(s)}</span>`).join('')}</div>` +
    `<p>${escapeHtml(t.me_intro)}</p><div class="boot-row">${field(t.me_fields[0])}${field(t.me_fields[1])}</div>` +
    t.me_fields
      .slice(2)
      .map((f) => field(f))
      .join(''),
};

/**
 * The server-drawn first screen of `path` in `locale` (the page's `.boot-page` content), or null: not such a page, or
 * a page drawn from data that is not there (`data`).
 */
export function pageFirstScreen(path: string, locale: string, data: FirstScreenData = {}): string | null {
  const key = path.replace(/\/+$/, '') || '/';
  const lng = locale === 'ru' ? 'ru' : 'en';
  const texts = FIRST_SCREEN_TEXTS[lng];
  const page = PAGES[key] ? PAGES[key](texts) : (DATA_PAGES[dataPageOf(key)]?.(texts, lng, data, key) ?? null);
  if (page === null) return null;
  // hidden from assistive technology: the app's own page, with real controls, replaces it
  return `${STYLE}<div class="boot-form" aria-hidden="true">${page}</div>`;
}
