// Owns: the player's notifications in the app: the header's bell (the unviewed count, raised live), the list and the
// notification settings (profile → general → notifications), the Telegram write-access request there.
// Does not own: the live socket (app/live-channel calls noteNotification), the texts (rendered by the server).
// Called by: app/layout (the bell), app/live-channel (noteNotification), features/profile (the page, lazily).
import { addBundledTexts } from '../../shared/i18n/i18n';
import { bellTexts } from './notifications.locales';

addBundledTexts(bellTexts);
export { NotificationBell } from './bell';
export { noteNotification, notificationsState } from './notifications.store';
/** The list and settings page (profile → general → notifications), its own chunk. */
export const loadNotificationsPage = () => import('./notifications.page');
