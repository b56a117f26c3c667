import type { NotifierTexts } from '../server/src/modules/notifications/notifications.service';
import { botLanguage, botTexts } from './texts';

/** The bot's translated texts for player notifications. */
export const notificationTexts: NotifierTexts = (language, event) => {
  const t = botTexts[botLanguage(language ?? undefined)];
  switch (event.type) {
    case 'deposit_credited':
      return t.deposit_credited(event.amount);
    case 'withdrawal_processed':
      return event.rejected ? t.withdrawal_rejected(event.amount) : t.withdrawal_processed(event.amount);
    case 'tournament_result':
      return t.tournament_result(event.tournament, event.place, event.prize);
  }
};
