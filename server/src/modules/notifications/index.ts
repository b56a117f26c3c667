// Owns: telling players about events outside the app (Telegram messages on their chosen channel).
// Does not own: the events (wallet, tournaments raise them) or the bot itself.
// Called by: modules that credit deposits, process withdrawals or finish tournaments (notifier.notify).
export { createPlayerNotifier, type PlayerEvent, type PlayerNotifier } from './notifications.service';
