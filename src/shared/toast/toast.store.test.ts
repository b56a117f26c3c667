import { beforeEach, describe, expect, it } from 'vitest';
import { dismissPageHints, showToast, toasts } from './toast.store';

describe('toasts', () => {
  beforeEach(() => {
    toasts.items.splice(0);
  });

  it('a page hint goes when the player leaves the page; what happened stays', () => {
    let closed = 0;
    showToast({ severity: 'success', summary: 'toast.deposit_credited' });
    showToast({
      severity: 'info',
      summary: 'toast.fill_email',
      dismissOnNavigate: true,
      onClose: () => closed++,
    });
    dismissPageHints();
    expect(toasts.items.map((t) => t.summary)).toEqual(['toast.deposit_credited']);
    expect(closed).toBe(1);
    dismissPageHints();
    expect(closed).toBe(1);
  });
});
