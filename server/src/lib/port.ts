/**
 * A port bound after both sides exist: for two modules that need each other (limits excludes a player through
 * accounts; accounts starts play sessions in limits). The side built first gets `port.call`; the composition root
 * binds the other side once it is built. Calling before binding, or binding twice, is a wiring error and throws.
 */
export function latePort<Args extends unknown[], Result>(name: string) {
  let impl: ((...args: Args) => Result) | null = null;
  return {
    name,
    call: (...args: Args): Result => {
      if (!impl) throw new Error(`port ${name} called before it was bound`);
      return impl(...args);
    },
    bind(fn: (...args: Args) => Result): void {
      if (impl) throw new Error(`port ${name} bound twice`);
      impl = fn;
    },
    bound: () => impl !== null,
  };
}

/**
 * The late ports of one composition: `port(name)` makes one, and `assertBound()` (called once every module is built)
 * throws naming each port that was never bound, so a wiring mistake stops start-up instead of failing the first
 * request that reaches the port.
 */
export function latePorts() {
  const made: Array<{ name: string; bound(): boolean }> = [];
  return {
    port<Args extends unknown[], Result>(name: string) {
      const p = latePort<Args, Result>(name);
      made.push(p);
      return p;
    },
    assertBound(): void {
      const unbound = made.filter((p) => !p.bound()).map((p) => p.name);
      if (unbound.length) throw new Error(`late ports never bound: ${unbound.join(', ')}`);
    },
  };
}
