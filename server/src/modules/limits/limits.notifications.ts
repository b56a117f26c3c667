import { declareNotificationKinds, money, when } from '../notifications';

// What responsible gaming tells a player (issue 24): limits and self-exclusion. Declared here, collected by
// notifications.
type LimitType = 'deposit' | 'loss' | 'wagering';
declare global {
  interface CasinoNotificationParams {
    limit_reached: { limit_type: LimitType };
    limit_raised: { limit_type: LimitType; value: string; currency: string };
    self_exclusion_confirmed: { until: string | null };
    self_exclusion_ended: Record<string, never>;
  }
}

const limitName = {
  en: { deposit: 'deposit', loss: 'loss', wagering: 'wagering' },
  ru: { deposit: 'на депозиты', loss: 'на проигрыш', wagering: 'на ставки' },
} as const;
const limitsPage = () => '/profile/general/limits';
export const limitsNotificationKinds = declareNotificationKinds({
  limit_reached: {
    category: 'account',
    link: limitsPage,
    texts: {
      en: (p) => ({ title: 'Limit reached', text: `You have reached your ${limitName.en[p.limit_type]} limit.` }),
      ru: (p) => ({ title: 'Лимит достигнут', text: `Вы достигли лимита ${limitName.ru[p.limit_type]}.` }),
    },
  },
  limit_raised: {
    category: 'account',
    link: limitsPage,
    texts: {
      en: (p) => ({
        title: 'Limit raised',
        text: `Your ${limitName.en[p.limit_type]} limit of ${money({ amount: p.value, currency: p.currency })} is in force now.`,
      }),
      ru: (p) => ({
        title: 'Лимит повышен',
        text: `Лимит ${limitName.ru[p.limit_type]} ${money({ amount: p.value, currency: p.currency })} действует.`,
      }),
    },
  },
  self_exclusion_confirmed: {
    category: 'account',
    link: limitsPage,
    texts: {
      en: (p) => ({
        title: 'Self-exclusion confirmed',
        text: p.until ? `You are excluded from play until ${when(p.until)}.` : 'You are excluded from play.',
      }),
      ru: (p) => ({
        title: 'Самоисключение подтверждено',
        text: p.until ? `Вы исключены из игры до ${when(p.until)}.` : 'Вы исключены из игры.',
      }),
    },
  },
  self_exclusion_ended: {
    category: 'account',
    link: limitsPage,
    texts: {
      en: () => ({ title: 'Self-exclusion ended', text: 'Your self-exclusion has ended.' }),
      ru: () => ({ title: 'Самоисключение закончилось', text: 'Срок самоисключения закончился.' }),
    },
  },
});
