// The session time-limit timer (spec §4, §9): counts down each second from the player's time_limit, keeps the
// remainder and the end time across reloads, and at zero calls onZero once and stops.

export interface TimerStorage {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
}
export const TIMER_KEY = 'session_timer';
interface Saved {
  limit: number;
  endsAt: number;
  remaining: number;
}

/** Spec §9: the limit is shown as minutes rounded up; "play more" and the settings link save it rounded up too. */
export const roundUpToMinutes = (seconds: number) => Math.max(60, Math.ceil(seconds / 60) * 60);

export function createSessionTimer(opts: {
  storage: TimerStorage;
  limitSeconds: number;
  now?: () => number;
  onTick?: (remaining: number) => void;
  onZero: () => void;
}) {
  const now = opts.now ?? Date.now;
  let timer: ReturnType<typeof setInterval> | null = null;
  const saved = (() => {
    try {
      return JSON.parse(opts.storage.get(TIMER_KEY) ?? 'null') as Saved | null;
    } catch {
      return null;
    }
  })();
  // resume the same limit after a reload; a changed limit starts over
  let endsAt = saved && saved.limit === opts.limitSeconds ? saved.endsAt : now() + opts.limitSeconds * 1000;
  const remaining = () => Math.max(0, Math.ceil((endsAt - now()) / 1000));
  const save = () =>
    opts.storage.set(
      TIMER_KEY,
      JSON.stringify({ limit: opts.limitSeconds, endsAt, remaining: remaining() } satisfies Saved),
    );
  const tick = () => {
    const left = remaining();
    save();
    opts.onTick?.(left);
    if (left <= 0) {
      stop();
      opts.onZero();
    }
  };
  function stop() {
    if (timer) clearInterval(timer);
    timer = null;
  }
  return {
    start() {
      save();
      tick();
      if (remaining() > 0) timer = setInterval(tick, 1000);
    },
    stop,
    remaining,
    /** A new limit was saved: count again from now. */
    restart(limitSeconds: number) {
      stop();
      opts.storage.remove(TIMER_KEY);
      endsAt = now() + limitSeconds * 1000;
      opts.limitSeconds = limitSeconds;
      this.start();
    },
  };
}
export type SessionTimer = ReturnType<typeof createSessionTimer>;
