/**
 * One lane per key: work given for a key runs after the work given before it for the same key has settled, while
 * different keys run side by side. A failure ends only its own turn. A key's lane is forgotten once it is empty.
 */
function start<T>(work: () => Promise<T>): Promise<T> {
  try {
    return work();
  } catch (err) {
    return Promise.reject(err);
  }
}

export function createKeyedLanes() {
  const tails = new Map<string, Promise<unknown>>();
  return {
    run<T>(key: string, work: () => Promise<T>): Promise<T> {
      const before = tails.get(key);
      const turn = before ? before.then(work, work) : start(work);
      const tail = turn.then(
        () => undefined,
        () => undefined,
      );
      tails.set(key, tail);
      void tail.then(() => {
        if (tails.get(key) === tail) tails.delete(key);
      });
      return turn;
    },
    /** Keys with work queued or running (for tests and metrics). */
    get size() {
      return tails.size;
    },
  };
}
