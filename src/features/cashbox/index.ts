// Owns: the cashbox pages (deposit, cash-out) and the payment history list.
// Does not own: balances (shared/player, updated live by new_balance) or the payment_status toast (app/shell).
// Called by: app/router (lazy), features/profile (payment history tab).
import { addBundledTexts } from '../../shared/i18n/i18n';
import { cashboxTexts } from './cashbox.locales';

export { CashboxPage } from './cashbox.page';
export { PaymentsHistory } from './payments-history';

// this chunk's texts join the bundle when it loads
addBundledTexts(cashboxTexts);
