// Ends the current task so the browser can paint and answer input before the caller goes on. The app's start-up is a
// chain of awaits that resolve at once (the platform, the translations, the boot calls): without a yield they all ran
// as microtasks of the task that evaluated the entry, one long task (Lighthouse's TBT counts each task's time over
// 50 ms). `scheduler.yield()` (Chromium 129+) resumes ahead of other queued tasks; elsewhere a message-channel task,
// which, unlike a nested setTimeout(0), is never clamped to 4 ms.
type SchedulerWithYield = { yield?: () => Promise<void> };

export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: SchedulerWithYield }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  if (typeof MessageChannel === 'function') {
    return new Promise((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        channel.port1.close();
        resolve();
      };
      channel.port2.postMessage(null);
    });
  }
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Starts each step in a task of its own and settles when all have: setting up a request (ky, headers, the ETag
 * cache) costs about 4 ms of a phone's CPU, and six started together made one task of 100 ms at a 4× slower CPU.
 * The steps still run in parallel on the network; each starts a task (a millisecond or so) after the one before.
 */
export async function startInTurns<T>(steps: ReadonlyArray<() => Promise<T>>): Promise<PromiseSettledResult<T>[]> {
  // each step's outcome is taken as it starts: one that fails while a later one waits for its turn is not an
  // unhandled rejection
  const settled: Array<Promise<PromiseSettledResult<T>>> = [];
  for (const [i, step] of steps.entries()) {
    if (i > 0) await yieldToMain();
    let started: Promise<T>;
    try {
      started = step();
    } catch (err) {
      started = Promise.reject(err as Error);
    }
    settled.push(
      started.then(
        (value) => ({ status: 'fulfilled', value }),
        (reason: unknown) => ({ status: 'rejected', reason }),
      ),
    );
  }
  return Promise.all(settled);
}
