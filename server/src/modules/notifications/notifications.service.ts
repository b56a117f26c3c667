import type { Api } from 'grammy';

// Messages the product sends a player outside the app, on the channel the player chose. Telegram goes through the
// bot; a player who chose another channel, unsubscribed, or has no Telegram gets nothing here.
// Amounts and prizes arrive formatted for display with their currency ("10.00 USD"): the caller knows the precision.
export type PlayerEvent =
  | { type: 'deposit_credited'; amount: string }
  | { type: 'withdrawal_processed'; amount: string; rejected?: boolean }
  | { type: 'tournament_result'; tournament: string; place: number; prize: string };

/** sent; skipped (another channel, unsubscribed, no Telegram, no bot); failed (Telegram refused, e.g. the player blocked the bot). */
export type NotifyResult = 'sent' | 'skipped' | 'failed';

export function createPlayerNotifier(deps: {
  /** The accounts repository's read of where and how a player is notified. */
  contacts: {
    findNotificationContact(playerId: string): Promise<
      | {
          telegram_id: string | null;
          preferred_communication_channel: string | null;
          unsubscribed: boolean;
          language_code: string | null;
        }
      | undefined
    >;
  };
  telegram: Pick<Api, 'sendMessage'> | null;
  texts: NotifierTexts;
  log?: { warn: (obj: object, msg: string) => void };
}) {
  return {
    /** Never throws for a delivery problem: a notification must not fail the money operation that caused it. */
    async notify(playerId: string, event: PlayerEvent): Promise<NotifyResult> {
      const player = await deps.contacts.findNotificationContact(playerId);
      if (
        !player ||
        player.unsubscribed ||
        player.preferred_communication_channel !== 'telegram' ||
        !player.telegram_id ||
        !deps.telegram
      ) {
        return 'skipped';
      }
      const text = deps.texts(player.language_code, event);
      try {
        await deps.telegram.sendMessage(Number(player.telegram_id), text);
        return 'sent';
      } catch (err) {
        deps.log?.warn({ err, playerId, event: event.type }, 'Telegram notification not delivered');
        return 'failed';
      }
    },
  };
}
export type NotifierTexts = (language: string | null, event: PlayerEvent) => string;
export type PlayerNotifier = ReturnType<typeof createPlayerNotifier>;
