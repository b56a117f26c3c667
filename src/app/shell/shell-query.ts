import type { ToastInput } from '../../shared/toast/toast.store';

// Query parameters the shell acts on (spec §2). Pure: returns what to do; the hook performs it.
export const RESET_TOKEN_KEY = 'password_reset_token';
const PAYMENT_TOASTS = {
  // the bonus chosen for the deposit is said with it (issue 28): its own toast follows when the credit lands
  success: { severity: 'success', summary: 'toast.payment_success', detail: 'toast.payment_success_detail' },
  pending: { severity: 'info', summary: 'toast.payment_pending' },
  failed: { severity: 'error', summary: 'toast.payment_failed' },
} as const;

export interface ShellQueryActions {
  storeResetToken?: string;
  navigate?: string;
  log?: string;
  toast?: ToastInput;
  /** An email confirmation link was opened: confirm this token. */
  confirmEmailToken?: string;
  /** The query string to keep after handling (null: unchanged). */
  nextSearch: string | null;
}

export function handleShellQuery(search: string, isLoggedIn: boolean): ShellQueryActions {
  const params = new URLSearchParams(search);
  const actions: ShellQueryActions = { nextSearch: null };
  const resetToken = params.get(RESET_TOKEN_KEY);
  if (resetToken) {
    if (isLoggedIn) {
      actions.log = 'Password reset token ignored: already signed in';
    } else {
      actions.storeResetToken = resetToken;
      actions.navigate = '/auth/login';
    }
  }
  const emailToken = params.get('email_verification_token');
  if (emailToken) {
    actions.confirmEmailToken = emailToken;
    params.delete('email_verification_token');
    actions.nextSearch = params.toString();
  }
  const status = params.get('payment_status') as keyof typeof PAYMENT_TOASTS | null;
  if (status && status in PAYMENT_TOASTS) {
    actions.toast = { ...PAYMENT_TOASTS[status] };
    params.delete('payment_status');
    actions.nextSearch = params.toString();
  }
  return actions;
}
