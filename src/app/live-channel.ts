import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { page } from '../shared/lib/page';
import { session } from '../shared/session/session.store';
import { showToast, toasts } from '../shared/toast/toast.store';
import { applyBalance, loadPlayer, noteNewBonus, showBan } from '../shared/player/player.store';
import { celebrateLevel } from './celebrations';
import { noteCashbackReceived } from './cashback-received';
import { openLimitReached } from '../features/limits';
import { noteNotification } from '../features/notifications';
import { setMaintenance, siteStatus } from '../features/site-status';

const NAME = 'main';

/** The live channel: opened on start unless blocked, reopened when the token changes (spec §4). */
export function useLiveChannel(): void {
  const { token } = useSnapshot(session);
  const { blocked } = useSnapshot(siteStatus);
  useEffect(() => {
    if (blocked) return;
    let stop: (() => void) | null = null;
    let cancelled = false;
    // the socket's code is a chunk of its own, loaded after the first render (not on the first load)
    void import('../shared/live/live-socket').then(({ closeLiveSocket, liveUrl, openLiveSocket }) => {
      if (cancelled) return;
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
        socket.on('notification', () => {
          // one "new message" toast for a burst (a deposit tells several things at once): toasts show one at a time,
          // and a queue of identical ones would hold back the toasts that say what happened
          if (!toasts.items.some((t) => t.summary === 'toast.new_message'))
            showToast({ severity: 'info', summary: 'toast.new_message', detail: 'toast.check_new_message' });
          noteNotification(); // the bell's count rises at once
        }),
        socket.on('new_level', (data) => {
          void loadPlayer().catch(() => undefined);
          celebrateLevel(data); // the celebration modal (global overlays), its chunk loaded for it
        }),
        // a period's cashback was paid: the received modal (its chunk loads for it)
        socket.on('cashback', (data) => noteCashbackReceived(data)),
        socket.on('new_bonus', (data) => {
          noteNewBonus();
          // news to tell (a bonus credited, wagering done): the bonuses feature, and its texts, load for it
          if (data.event) void import('../features/bonuses').then((m) => m.showBonusToast(data));
        }),
      ];
      stop = () => {
        offs.forEach((off) => off());
        closeLiveSocket(NAME);
      };
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [token, blocked]);
}
