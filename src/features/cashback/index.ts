// Owns: cashback for players (issue 25): the /cashback page and profile → promotions → cashback (terms, this period's
// level, progress, net loss, expected payout, next payout), history → cashbacks, and the "cashback received" modal.
// Does not own: whether /cashback exists (site-status's settings load and the router's gate), the rules
// (contracts/cashback.rules.ts), payouts (server).
// Called by: its routes.ts, features/profile (lazily), app/global-overlays (lazily, on the live `cashback` message).
import { addBundledTexts } from '../../shared/i18n/i18n';
import { cashbackTexts } from './cashback.locales';

addBundledTexts(cashbackTexts);
export { CashbackPage } from './cashback.page';
export { CashbackHistory } from './cashback-history';
export { CashbackReceivedModal } from './cashback-received';
