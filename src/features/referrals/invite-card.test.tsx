import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ReferralView } from '@contracts/referrals';
import { jsonResponse, renderAt, setupApp } from '../../test-utils';
import { InviteCard } from '.';

// The profile's "Invite a friend" (issue 26) follows the operator's switch (REFERRAL_SHARING) from /referrals/me.
const view = (sharing: boolean): ReferralView => ({
  code: 'abcdefghjk',
  start_param: 'ref_abcdefghjk',
  link: 'https://t.me/casino_bot?startapp=ref_abcdefghjk',
  referrals_count: 0,
  sharing,
  can_prepare: sharing,
});

describe('the invite card', () => {
  it('offers Invite while the operator has sharing on', async () => {
    await setupApp(() => jsonResponse(view(true)));
    renderAt('/profile', <InviteCard />);
    expect(await screen.findByTestId('invite-button')).toBeInTheDocument();
  });

  it('is not shown at all when the operator switched sharing off', async () => {
    const { requests } = await setupApp(() => jsonResponse(view(false)));
    renderAt('/profile', <InviteCard />);
    await waitFor(() => expect(requests.some((r) => r.url.endsWith('/referrals/me'))).toBe(true));
    await act(() => new Promise((r) => setTimeout(r, 50))); // the answer is in
    expect(screen.queryByTestId('invite-card')).toBeNull();
  });
});
