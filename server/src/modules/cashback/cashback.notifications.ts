import { declareNotificationKinds, money } from '../notifications';

// What cashback tells a player (issue 25): a period's payout. Declared here, collected by notifications.
declare global {
  interface CasinoNotificationParams {
    cashback_paid: { payout_id: number; amount: string; currency: string; percentage: number };
  }
}

export const cashbackNotificationKinds = declareNotificationKinds({
  cashback_paid: {
    category: 'payment',
    link: () => '/profile/history/cashbacks',
    texts: {
      en: (p) => ({
        title: 'Cashback received',
        text: `${money(p)} cashback (${p.percentage} % of your net loss) is on your real balance.`,
      }),
      ru: (p) => ({
        title: 'Кешбэк получен',
        text: `Кешбэк ${money(p)} (${p.percentage} % от чистого проигрыша) зачислен на реальный баланс.`,
      }),
    },
  },
});
