/**
 * A port bound after both sides exist: for two modules that need each other (limits excludes a player through
 * accounts; accounts starts play sessions in limits). The side built first gets `port.call`; the composition root
 * binds the other side once it is built. Calling before binding, or binding twice, is a wiring error and throws.
 */
export function latePort<Args extends unknown[], Result>(name: string) {
  let impl: ((...args: Args) => Result) | null = null;
  return {
    call: (...args: Args): Result => {
      if (!impl) throw new Error(`port ${name} called before it was bound`);
      return impl(...args);
    },
    bind(fn: (...args: Args) => Result): void {
      if (impl) throw new Error(`port ${name} bound twice`);
      impl = fn;
    },
  };
}
