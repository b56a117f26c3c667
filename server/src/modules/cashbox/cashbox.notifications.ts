import { declareNotificationKinds, money } from '../notifications';

// What the cashbox tells a player (issue 24): a payment's outcome. Declared here, collected by notifications.
type Payment = { payment_id: number; amount: string; currency: string };
declare global {
  interface CasinoNotificationParams {
    deposit_credited: Payment;
    deposit_failed: Payment;
    withdrawal_paid: Payment;
    withdrawal_rejected: Payment;
  }
}

const payments = () => '/profile/history/payments';
export const cashboxNotificationKinds = declareNotificationKinds({
  deposit_credited: {
    category: 'payment',
    link: payments,
    texts: {
      en: (p) => ({ title: 'Deposit credited', text: `Your deposit of ${money(p)} is credited. Good luck!` }),
      ru: (p) => ({ title: 'Пополнение зачислено', text: `Пополнение на ${money(p)} зачислено. Удачи!` }),
    },
  },
  deposit_failed: {
    category: 'payment',
    link: payments,
    texts: {
      en: (p) => ({ title: 'Deposit failed', text: `Your deposit of ${money(p)} did not go through.` }),
      ru: (p) => ({ title: 'Пополнение не прошло', text: `Пополнение на ${money(p)} не прошло.` }),
    },
  },
  withdrawal_paid: {
    category: 'payment',
    link: payments,
    texts: {
      en: (p) => ({ title: 'Withdrawal paid', text: `Your withdrawal of ${money(p)} is approved and paid.` }),
      ru: (p) => ({ title: 'Вывод выполнен', text: `Вывод ${money(p)} одобрен и выполнен.` }),
    },
  },
  withdrawal_rejected: {
    category: 'payment',
    link: payments,
    texts: {
      en: (p) => ({
        title: 'Withdrawal rejected',
        text: `Your withdrawal of ${money(p)} was rejected; the money is back on your balance.`,
      }),
      ru: (p) => ({ title: 'Вывод отклонён', text: `Вывод ${money(p)} отклонён, деньги вернулись на баланс.` }),
    },
  },
});
