import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { closeLiveSocket, liveUrl, openLiveSocket } from '../shared/live/live-socket';
import { page } from '../shared/lib/page';
import { session } from '../shared/session/session.store';
import { showToast } from '../shared/toast/toast.store';
import { applyBalance, loadPlayer, showBan } from '../features/player';
import { openLimitReached } from '../features/limits';
import { setMaintenance, siteStatus } from '../features/site-status';

const NAME = 'main';

/** The live channel: opened on start unless blocked, reopened when the token changes (spec §4). */
export function useLiveChannel(): void {
  const { token } = useSnapshot(session);
  const { blocked } = useSnapshot(siteStatus);
  useEffect(() => {
    if (blocked) return;
    const socket = openLiveSocket(NAME, { url: liveUrl(), getToken: () => session.token });
    const offs = [
      socket.on('maintenance', ({ is_active }) => {
        if (is_active) {
          setMaintenance(true);
        } else if (siteStatus.maintenance) {
          page.reload(); // leaving maintenance reloads the page (spec §4)
        }
      }),
      socket.on('user_blocked', ({ type, time }) => showBan({ type, time })),
      socket.on('limit_reached', (data) => openLimitReached(data)),
      socket.on('new_balance', (data) => applyBalance(data)),
      socket.on('notification', () => showToast({ severity: 'info', summary: 'toast.new_message', detail: 'toast.check_new_message' })),
      socket.on('new_level', () => void loadPlayer().catch(() => undefined)),
    ];
    return () => {
      offs.forEach((off) => off());
      closeLiveSocket(NAME);
    };
  }, [token, blocked]);
}
