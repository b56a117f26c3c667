import type { Api } from 'grammy';
import type { Database } from '../../db/database';

// Messages the product sends a player outside the app, on the channel the player chose. Telegram goes through the
// bot; a player who chose another channel, unsubscribed, or has no Telegram gets nothing here.
export type PlayerEvent =
  | { type: 'deposit_credited'; amount: string }
  | { type: 'withdrawal_processed'; amount: string; rejected?: boolean }
  | { type: 'tournament_result'; tournament: string; place: number; prize: string };

export type NotifyResult = 'sent' | 'skipped';

export function createPlayerNotifier(deps: { db: Database; telegram: Pick<Api, 'sendMessage'> | null; texts: NotifierTexts }) {
  return {
    async notify(playerId: string, event: PlayerEvent): Promise<NotifyResult> {
      const player = await deps.db
        .selectFrom('acc_players')
        .select(['telegram_id', 'preferred_communication_channel', 'unsubscribed', 'language_code', 'block'])
        .where('id', '=', playerId)
        .executeTakeFirst();
      if (!player || player.unsubscribed || player.preferred_communication_channel !== 'telegram' || !player.telegram_id || !deps.telegram) {
        return 'skipped';
      }
      const text = deps.texts(player.language_code, event);
      await deps.telegram.sendMessage(Number(player.telegram_id), text);
      return 'sent';
    },
  };
}
export type NotifierTexts = (language: string | null, event: PlayerEvent) => string;
export type PlayerNotifier = ReturnType<typeof createPlayerNotifier>;
