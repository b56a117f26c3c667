import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { closeLiveSocket, liveUrl, openLiveSocket } from '../shared/live/live-socket';
import { session } from '../shared/session/session.store';
import { showToast } from '../shared/toast/toast.store';
import { showBan } from '../features/player';
import { loadPlayer, playerState } from '../features/player';
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
          window.location.reload(); // leaving maintenance reloads the page (spec §4)
        }
      }),
      socket.on('user_blocked', ({ type, time }) => showBan({ type, time })),
      socket.on('new_balance', (data) => {
        if (playerState.player) Object.assign(playerState.player, data);
      }),
      socket.on('notification', () => showToast({ severity: 'info', summary: 'toast.new_message', detail: 'toast.check_new_message' })),
      socket.on('new_level', () => void loadPlayer().catch(() => undefined)),
    ];
    return () => {
      offs.forEach((off) => off());
      closeLiveSocket(NAME);
    };
  }, [token, blocked]);
}
