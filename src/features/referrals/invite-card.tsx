import { useEffect, useId, useState } from 'react';
import { Button, FormItem, Group, Header, Input, SimpleCell } from '@vkontakte/vkui';
import { useTranslation } from 'react-i18next';
import type { ReferralView } from '@contracts/referrals';
import { getPlatform } from '../../platform';
import { showToast } from '../../shared/toast/toast.store';
import { fetchMyReferrals, prepareInvite } from './referrals.api';

/**
 * "Invite a friend" on the profile (issue 26): my referrals count and an Invite button. Inside Telegram (8.0+) the
 * bot prepares my card and Telegram's share sheet sends it; elsewhere (the web, older clients, a card that could not
 * be prepared or sent) the link is shared through the system's or Telegram's link sheet, else copied, else shown to
 * copy by hand. Hidden when the operator switched invites off or there is no link into the app.
 */
export function InviteCard() {
  const { t } = useTranslation();
  const linkId = useId();
  const [view, setView] = useState<ReferralView | null>(null);
  const [busy, setBusy] = useState(false);
  const [showLink, setShowLink] = useState(false);
  useEffect(() => {
    let stale = false;
    fetchMyReferrals()
      .then((v) => !stale && setView(v))
      .catch(() => undefined);
    return () => {
      stale = true;
    };
  }, []);
  if (!view?.sharing || !view.link) return null;
  const link = view.link;

  async function invite() {
    setBusy(true);
    try {
      const native = await getPlatform().loadNative();
      if (view?.can_prepare && native.share.canPrepared) {
        const prepared = await prepareInvite().catch(() => null);
        if (prepared && (await native.share.prepared(prepared.id))) {
          showToast({ severity: 'success', summary: 'referrals.sent' });
          return;
        }
        if (prepared) return setShowLink(true); // refused or failed in Telegram: the link to copy, no second sheet
      }
      const shared = await native.share.url(link, t('referrals.share_text'));
      if (shared === 'copied') showToast({ severity: 'success', summary: 'referrals.copied' });
      if (shared !== 'shared') setShowLink(true);
    } finally {
      setBusy(false);
    }
  }
  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      showToast({ severity: 'success', summary: 'referrals.copied' });
    } catch {
      (document.getElementById(linkId) as HTMLInputElement | null)?.select();
    }
  }

  return (
    <Group data-testid="invite-card" header={<Header size="s">{t('referrals.title')}</Header>}>
      <SimpleCell multiline subtitle={t('referrals.text')} data-testid="invite-count">
        {view.referrals_count === 0 ? t('referrals.none') : t('referrals.count', { count: view.referrals_count })}
      </SimpleCell>
      <div style={{ padding: '8px 16px 12px' }}>
        <Button size="l" stretched loading={busy} onClick={() => void invite()} data-testid="invite-button">
          {t('referrals.invite')}
        </Button>
      </div>
      {showLink && (
        <FormItem top={t('referrals.link_label')} htmlFor={linkId}>
          <Input
            id={linkId}
            readOnly
            value={link}
            onFocus={(e) => e.currentTarget.select()}
            slotProps={{ input: { 'data-testid': 'invite-link' } }}
            after={
              <Button mode="tertiary" size="s" onClick={() => void copy()} data-testid="invite-copy">
                {t('referrals.copy')}
              </Button>
            }
          />
        </FormItem>
      )}
    </Group>
  );
}
