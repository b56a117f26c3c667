import { declareNotificationKinds, money } from '../notifications';

// What tournaments tell a player (issue 27). Declared here, collected by notifications.
declare global {
  interface CasinoNotificationParams {
    /** A tournament the player joined has started (issue 27). */
    tournament_started: { tournament_id: number; name: string };
    /** It completed: the player's final place and prize (amount null: a bonus prize; place null: not placed). */
    tournament_finished: {
      tournament_id: number;
      name: string;
      place: number | null;
      amount: string | null;
      currency: string | null;
      bonus: boolean;
    };
    /** An operator cancelled it: no prizes. */
    tournament_cancelled: { tournament_id: number; name: string };
  }
}

const tournamentPage = (p: { tournament_id: number }) => `/tournament/${String(p.tournament_id)}/info`;
export const tournamentsNotificationKinds = declareNotificationKinds({
  tournament_started: {
    category: 'account',
    link: tournamentPage,
    texts: {
      en: (p) => ({ title: 'Tournament started', text: `${p.name} has started. Good luck!` }),
      ru: (p) => ({ title: 'Турнир начался', text: `${p.name} начался. Удачи!` }),
    },
  },
  tournament_finished: {
    category: 'account',
    link: tournamentPage,
    texts: {
      en: (p) => ({
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
      ru: (p) => ({
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
    },
  },
  tournament_cancelled: {
    category: 'account',
    link: tournamentPage,
    texts: {
      en: (p) => ({ title: 'Tournament cancelled', text: `${p.name} was cancelled.` }),
      ru: (p) => ({ title: 'Турнир отменён', text: `${p.name} отменён.` }),
    },
  },
});
