import type { LiveMessageDataMap } from '@contracts/live-messages';
import { i18next } from '../../shared/i18n/i18n';
import { formatMoney } from '../../shared/lib/money-format';
import { showToast } from '../../shared/toast/toast.store';

/**
 * Tells the player a bonus money move from a live `new_bonus` (issue 16): a bonus credited to the bonus balance, or
 * wagering done and the converted amount on the real balance. Other `new_bonus` messages (the wagering bar moved)
 * only refresh the player.
 */
export function showBonusToast(data: LiveMessageDataMap['new_bonus']): void {
  if (!data.event || data.amount === undefined || !data.currency) return;
  if (data.event === 'converted' && data.amount <= 0) return; // nothing moved: the bonus just ended
  const amount = formatMoney(data.amount, data.currency);
  showToast({
    severity: 'success',
    summary: `bonuses.toast_${data.event}`,
    // a detail with spaces is shown as it is (spec §5): the amount is already in it
    detail: i18next.t(`bonuses.toast_${data.event}_detail`, { amount }),
  });
}
