import { declareNotificationKinds, money, when } from '../notifications';

// What the bonus engine tells a player (issue 24): a grant's life. Declared here, collected by notifications.
declare global {
  interface CasinoNotificationParams {
    bonus_granted: { grant_id: number; name: string };
    bonus_expiring: { grant_id: number; name: string; expires_at: string };
    bonus_converted: { grant_id: number; name: string; amount: string; currency: string };
    bonus_forfeited: { grant_id: number; name: string };
  }
}

const myBonuses = () => '/profile/promotions/bonuses/my';
export const bonusesNotificationKinds = declareNotificationKinds({
  bonus_granted: {
    category: 'account',
    link: myBonuses,
    texts: {
      en: (p) => ({ title: 'New bonus', text: `You have a new bonus: ${p.name}.` }),
      ru: (p) => ({ title: 'Новый бонус', text: `У вас новый бонус: ${p.name}.` }),
    },
  },
  bonus_expiring: {
    category: 'account',
    link: myBonuses,
    texts: {
      en: (p) => ({ title: 'Bonus expiring', text: `Your bonus ${p.name} expires at ${when(p.expires_at)}.` }),
      ru: (p) => ({ title: 'Бонус скоро сгорит', text: `Бонус ${p.name} сгорит ${when(p.expires_at)}.` }),
    },
  },
  bonus_converted: {
    category: 'account',
    link: myBonuses,
    texts: {
      en: (p) => ({
        title: 'Bonus converted',
        text: `Wagering of ${p.name} is done: ${money(p)} moved to your real balance.`,
      }),
      ru: (p) => ({
        title: 'Бонус отыгран',
        text: `Бонус ${p.name} отыгран: ${money(p)} переведено на реальный баланс.`,
      }),
    },
  },
  bonus_forfeited: {
    category: 'account',
    link: myBonuses,
    texts: {
      en: (p) => ({ title: 'Bonus forfeited', text: `Your bonus ${p.name} was forfeited.` }),
      ru: (p) => ({ title: 'Бонус аннулирован', text: `Бонус ${p.name} аннулирован.` }),
    },
  },
});
