import type { NotificationParams } from '@contracts/notifications.kinds';

// What a notification says, rendered from its kind and stored parameters in the reader's language when it is read
// (the app's list) or sent (bot, email); never stored as text. English is the fallback language.
export type TextLanguage = 'en' | 'ru';
export const textLanguage = (code: string | null | undefined): TextLanguage => (code?.startsWith('ru') ? 'ru' : 'en');

type Render = { [K in keyof NotificationParams]: (p: NotificationParams[K]) => { title: string; text: string } };
const money = (p: { amount: string; currency: string }) => `${p.amount} ${p.currency}`;
const when = (iso: string | null) => (iso ? `${iso.slice(0, 16).replace('T', ' ')} UTC` : '');
const limitName = {
  en: { deposit: 'deposit', loss: 'loss', wagering: 'wagering' },
  ru: { deposit: 'на депозиты', loss: 'на проигрыш', wagering: 'на ставки' },
} as const;

const texts: Record<TextLanguage, Render & { open: string }> = {
  en: {
    open: 'Open',
    deposit_credited: (p) => ({
      title: 'Deposit credited',
      text: `Your deposit of ${money(p)} is credited. Good luck!`,
    }),
    deposit_failed: (p) => ({ title: 'Deposit failed', text: `Your deposit of ${money(p)} did not go through.` }),
    withdrawal_paid: (p) => ({
      title: 'Withdrawal paid',
      text: `Your withdrawal of ${money(p)} is approved and paid.`,
    }),
    withdrawal_rejected: (p) => ({
      title: 'Withdrawal rejected',
      text: `Your withdrawal of ${money(p)} was rejected; the money is back on your balance.`,
    }),
    bonus_granted: (p) => ({ title: 'New bonus', text: `You have a new bonus: ${p.name}.` }),
    bonus_expiring: (p) => ({
      title: 'Bonus expiring',
      text: `Your bonus ${p.name} expires at ${when(p.expires_at)}.`,
    }),
    bonus_converted: (p) => ({
      title: 'Bonus converted',
      text: `Wagering of ${p.name} is done: ${money(p)} moved to your real balance.`,
    }),
    bonus_forfeited: (p) => ({ title: 'Bonus forfeited', text: `Your bonus ${p.name} was forfeited.` }),
    level_reached: (p) => ({
      title: 'New level',
      text: `You reached level ${p.level}: ${levelName(p.names, 'en')}. Congratulations!`,
    }),
    limit_reached: (p) => ({
      title: 'Limit reached',
      text: `You have reached your ${limitName.en[p.limit_type]} limit.`,
    }),
    limit_raised: (p) => ({
      title: 'Limit raised',
      text: `Your ${limitName.en[p.limit_type]} limit of ${money({ amount: p.value, currency: p.currency })} is in force now.`,
    }),
    self_exclusion_confirmed: (p) => ({
      title: 'Self-exclusion confirmed',
      text: p.until ? `You are excluded from play until ${when(p.until)}.` : 'You are excluded from play.',
    }),
    self_exclusion_ended: () => ({ title: 'Self-exclusion ended', text: 'Your self-exclusion has ended.' }),
    cashback_paid: (p) => ({
      title: 'Cashback received',
      text: `${money(p)} cashback (${p.percentage} % of your net loss) is on your real balance.`,
    }),
    operator_message: (p) => operatorText(p, 'en'),
    tournament_started: (p) => ({ title: 'Tournament started', text: `${p.name} has started. Good luck!` }),
    tournament_finished: (p) => ({
      title: 'Tournament finished',
      text:
        p.place === null
          ? `${p.name} has finished.`
          : `${p.name} has finished: you took place ${p.place}` +
            (p.amount
              ? ` and won ${money({ amount: p.amount, currency: p.currency ?? '' })}.`
              : p.bonus
                ? ' and won a bonus.'
                : '.'),
    }),
    tournament_cancelled: (p) => ({ title: 'Tournament cancelled', text: `${p.name} was cancelled.` }),
  },
  ru: {
    open: 'Открыть',
    deposit_credited: (p) => ({ title: 'Пополнение зачислено', text: `Пополнение на ${money(p)} зачислено. Удачи!` }),
    deposit_failed: (p) => ({ title: 'Пополнение не прошло', text: `Пополнение на ${money(p)} не прошло.` }),
    withdrawal_paid: (p) => ({ title: 'Вывод выполнен', text: `Вывод ${money(p)} одобрен и выполнен.` }),
    withdrawal_rejected: (p) => ({
      title: 'Вывод отклонён',
      text: `Вывод ${money(p)} отклонён, деньги вернулись на баланс.`,
    }),
    bonus_granted: (p) => ({ title: 'Новый бонус', text: `У вас новый бонус: ${p.name}.` }),
    bonus_expiring: (p) => ({ title: 'Бонус скоро сгорит', text: `Бонус ${p.name} сгорит ${when(p.expires_at)}.` }),
    bonus_converted: (p) => ({
      title: 'Бонус отыгран',
      text: `Бонус ${p.name} отыгран: ${money(p)} переведено на реальный баланс.`,
    }),
    bonus_forfeited: (p) => ({ title: 'Бонус аннулирован', text: `Бонус ${p.name} аннулирован.` }),
    level_reached: (p) => ({
      title: 'Новый уровень',
      text: `Вы достигли уровня ${p.level}: ${levelName(p.names, 'ru')}. Поздравляем!`,
    }),
    limit_reached: (p) => ({ title: 'Лимит достигнут', text: `Вы достигли лимита ${limitName.ru[p.limit_type]}.` }),
    limit_raised: (p) => ({
      title: 'Лимит повышен',
      text: `Лимит ${limitName.ru[p.limit_type]} ${money({ amount: p.value, currency: p.currency })} действует.`,
    }),
    self_exclusion_confirmed: (p) => ({
      title: 'Самоисключение подтверждено',
      text: p.until ? `Вы исключены из игры до ${when(p.until)}.` : 'Вы исключены из игры.',
    }),
    self_exclusion_ended: () => ({ title: 'Самоисключение закончилось', text: 'Срок самоисключения закончился.' }),
    cashback_paid: (p) => ({
      title: 'Кешбэк получен',
      text: `Кешбэк ${money(p)} (${p.percentage} % от чистого проигрыша) зачислен на реальный баланс.`,
    }),
    operator_message: (p) => operatorText(p, 'ru'),
    tournament_started: (p) => ({ title: 'Турнир начался', text: `${p.name} начался. Удачи!` }),
    tournament_finished: (p) => ({
      title: 'Турнир завершён',
      text:
        p.place === null
          ? `${p.name} завершён.`
          : `${p.name} завершён: ваше место ${p.place}` +
            (p.amount
              ? `, выигрыш ${money({ amount: p.amount, currency: p.currency ?? '' })}.`
              : p.bonus
                ? ', ваш приз — бонус.'
                : '.'),
    }),
    tournament_cancelled: (p) => ({ title: 'Турнир отменён', text: `${p.name} отменён.` }),
  },
};

const levelName = (names: Record<string, string>, language: TextLanguage) => names[language] || names.en || '';

function operatorText(p: NotificationParams['operator_message'], language: TextLanguage) {
  const t = p.texts[language] ?? p.texts.en ?? Object.values(p.texts)[0];
  return { title: t?.title ?? '', text: t?.body ?? '' };
}

/** A stored notification's title and text in `language` (an unknown kind: its name, never a failure). */
export function renderNotification(
  kind: string,
  params: unknown,
  language: string | null | undefined,
): { title: string; text: string } {
  const lang = textLanguage(language);
  const render = (
    texts[lang] as unknown as Record<string, ((p: unknown) => { title: string; text: string }) | undefined>
  )[kind];
  if (!render || kind === 'open') return { title: kind, text: '' };
  try {
    return render(params);
  } catch {
    return { title: kind, text: '' };
  }
}

export const openButtonText = (language: string | null | undefined) => texts[textLanguage(language)].open;
