import type { RawBuilder } from 'kysely';
import type { Database } from './database';

// A hot statement whose SQL text is built once and whose values are bound by name on each call (docs/benchmarks.md,
// "House-game bets over HTTP"): the statement is written with `sql` as usual, but with a `Slot` wherever a value goes.
// compileTemplate compiles it once (Kysely), and every occurrence of one slot shares one $n. bindTemplate then only
// lists the values, without building and compiling the statement's ≈ 45-parameter tree on every call.

/** A named placeholder for a value inside a statement template. Never sent to PostgreSQL: binding it is an error. */
export class Slot {
  constructor(readonly name: string) {}
  toPostgres(): never {
    throw new Error(`statement template: slot ${this.name} was not bound`);
  }
}
export const slot = (name: string) => new Slot(name);

export interface StatementTemplate {
  /** The SQL text, $1…$n numbered in the order the slots first appear. */
  sql: string;
  /** The slot of each $n (index 0 is $1). */
  slots: readonly string[];
}

/** Compile a statement whose every value is a Slot; duplicates of one slot share one $n. */
export function compileTemplate(db: Database, query: RawBuilder<unknown>): StatementTemplate {
  const compiled = query.compile(db);
  const params = compiled.parameters;
  const slots: string[] = [];
  const numberOf = new Map<string, number>();
  let seen = 0;
  const text = compiled.sql.replace(/\$(\d+)/g, (_m, n: string) => {
    const param = params[Number(n) - 1];
    // Kysely numbers its placeholders 1..n in order; anything else (a `$` of the text itself) would be mis-bound
    if (Number(n) !== ++seen || !(param instanceof Slot))
      throw new Error(`statement template: $${n} is not the next slot`);
    let number = numberOf.get(param.name);
    if (number === undefined) {
      slots.push(param.name);
      number = slots.length;
      numberOf.set(param.name, number);
    }
    return `$${number}`;
  });
  if (seen !== params.length) throw new Error('statement template: placeholders and parameters differ');
  return { sql: text, slots };
}

/**
 * The values of a template's $1…$n, in order, each slot's value taken from the first source that has it (each module
 * gives its own slots); every slot must be given (undefined is refused, null is a value). Sources are not merged into
 * one object: spreading ≈ 30 properties per call cost more than the compile this replaces.
 */
export function bindTemplate(
  template: StatementTemplate,
  sources: ReadonlyArray<Readonly<Record<string, unknown>> | undefined>,
): unknown[] {
  const out = new Array<unknown>(template.slots.length);
  for (let i = 0; i < out.length; i++) {
    const name = template.slots[i]!;
    let value: unknown;
    for (let j = 0; value === undefined && j < sources.length; j++) value = sources[j]?.[name];
    if (value === undefined) throw new Error(`statement template: no value for slot ${name}`);
    // a timestamp goes as ISO 8601 text, the same instant pg's own Date formatting (local time and offset) sends, cheaper
    out[i] = value instanceof Date ? value.toISOString() : value;
  }
  return out;
}
