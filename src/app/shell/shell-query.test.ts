import { describe, expect, it } from 'vitest';
import { handleShellQuery } from './shell-query';
import { isTranslationKey } from '../../shared/toast/toast.store';

describe('shell query parameters (spec §2)', () => {
  it('stores a reset token and goes to sign-in when logged out', () => {
    expect(handleShellQuery('?password_reset_token=abc', false)).toMatchObject({
      storeResetToken: 'abc',
      navigate: '/auth/login',
    });
  });
  it('only logs a reset token when logged in', () => {
    const a = handleShellQuery('?password_reset_token=abc', true);
    expect(a.storeResetToken).toBeUndefined();
    expect(a.navigate).toBeUndefined();
    expect(a.log).toBeTruthy();
  });
  it.each([
    ['success', 'success', 'toast.payment_success'],
    ['pending', 'info', 'toast.payment_pending'],
    ['failed', 'error', 'toast.payment_failed'],
  ])('shows a %s payment toast and clears the query', (status, severity, summary) => {
    const a = handleShellQuery(`?payment_status=${status}&x=1`, true);
    expect(a.toast).toMatchObject({ severity, summary });
    expect(a.nextSearch).toBe('x=1');
  });
  it('a payment received says the deposit bonus chosen with it goes to the bonus balance', () => {
    expect(handleShellQuery('?payment_status=success', true).toast?.detail).toBe('toast.payment_success_detail');
  });
  it('confirms an email from its link and clears the token from the address', () => {
    const a = handleShellQuery('?email_verification_token=tok123&ref=x', false);
    expect(a.confirmEmailToken).toBe('tok123');
    expect(a.nextSearch).toBe('ref=x');
  });
  it('ignores unknown payment statuses', () => {
    expect(handleShellQuery('?payment_status=weird', true)).toEqual({ nextSearch: null });
  });
});

describe('toast detail: literal text or translation key (spec §5)', () => {
  it('treats a dotted or underscored word as a key', () => {
    expect(isTranslationKey('token_invalid')).toBe(true);
    expect(isTranslationKey('errors.token_invalid')).toBe(true);
  });
  it('treats text with spaces or other characters as literal', () => {
    expect(isTranslationKey('Wrong password')).toBe(false);
    expect(isTranslationKey('body/email: Invalid email')).toBe(false);
    expect(isTranslationKey('a-b')).toBe(false);
  });
});
