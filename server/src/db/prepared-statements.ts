import pg from 'pg';

// A hot statement marked with a leading `/* prepared:<name> */` comment runs as a named prepared statement: parsed and
// planned once per connection instead of on every call (pgbench's -M prepared). Only marked statements are named, so
// the number of server-side statements stays bounded; everything else passes through unchanged.
const MARK = /^\s*\/\* prepared:([a-z][a-z0-9_]*) \*\//;

export const preparedMark = (name: string) => `/* prepared:${name} */`;

export class PreparingClient extends pg.Client {
  // pg's query() has many overloads; this forwards every call untouched except a marked text with an array of values
  override query(...args: unknown[]): never {
    const [text, values] = args;
    if (typeof text === 'string' && (values === undefined || Array.isArray(values)) && args.length <= 2) {
      const name = MARK.exec(text)?.[1];
      if (name) return super.query({ name, text, values: values as unknown[] | undefined }) as never;
    }
    return (super.query as (...a: unknown[]) => never)(...args);
  }
}
