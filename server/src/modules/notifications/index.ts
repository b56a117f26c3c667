// Owns: the player's notifications (notif_* tables): the inbox, its live message, delivery by bot and email, retention.
// Does not own: the events (cashbox, bonuses, limits call notify in their transactions), the bot, the mailer, the
// player's contact fields (accounts, through the injected contacts).
// Called by: every module that tells a player something (`notify(playerId, event, trx)`), accounts (write access).
export { createNotificationsModule, type NotificationsModuleDeps } from './notifications.module';
export type {
  NotificationContact,
  NotificationContacts,
  NotificationsService,
  Notify,
  SegmentMember,
} from './notifications.service';
export type { BotSender } from './notifications.delivery';
import './notifications.texts'; // its own kind, operator_message
// the catalogue every module declares its kinds in (<x>.notifications.ts), and what texts share
export {
  declareNotificationKinds,
  declaredNotificationKinds,
  notificationCategory,
  notificationLink,
  renderNotification,
  money,
  when,
  type NotificationKindSpec,
  type TextLanguage,
} from './notification-kinds';
