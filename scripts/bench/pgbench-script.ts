// Turns the statements one real bet sent (captured on the pg client) into a pgbench script, so the reference runs the
// very SQL text the server runs, with the same parameters, and cannot drift from it when the repositories change.
// Every parameter stays a parameter (pgbench -M prepared binds variables as untyped text, as pg does); only the
// per-bet ones are made to vary: the player and the session become pgbench variables, and strings that contain the
// round reference (round ref, transaction ids, ledger keys) become `prefix || :r || suffix`, unique per transaction.
import pg from 'pg';

export interface CapturedStatement {
  text: string;
  values: unknown[];
}

/** Records what every pg client of this process sends while `capturing` is on (the bench's in-process bet). */
export function captureStatements() {
  const statements: CapturedStatement[] = [];
  const state = { capturing: false };
  const original = pg.Client.prototype.query;
  // pg's query() is overloaded; only (text | config, values?) calls are recorded, everything is forwarded untouched
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    if (state.capturing) {
      const [first, second] = args;
      if (typeof first === 'string') statements.push({ text: first, values: Array.isArray(second) ? second : [] });
      else if (first && typeof first === 'object' && 'text' in first) {
        const config = first as { text: string; values?: unknown[] };
        statements.push({ text: config.text, values: config.values ?? (Array.isArray(second) ? second : []) });
      }
    }
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof pg.Client.prototype.query;
  return {
    statements,
    start() {
      statements.length = 0;
      state.capturing = true;
    },
    stop() {
      state.capturing = false;
      return [...statements];
    },
  };
}

export interface ScriptVariables {
  /** The captured bet's player id, session id and round reference, and the ranges to draw the others from. */
  playerId: string;
  sessionId: string;
  roundRef: string;
  players: { first: number; last: number };
  sessions: { first: number; last: number };
  /**
   * Values that stand for the row's own column in the statement that matched them (the house nonce guard: pair id,
   * client seed, expected nonce): replaced by that column, so each transaction's guard holds for its own player as the
   * server's does for its remembered pair — the same row found, checked and updated.
   */
  columns?: Record<string, string>;
}

/** One pgbench script (one bet = one pgbench transaction) and the -D constants it needs. */
export function toPgbenchScript(
  statements: CapturedStatement[],
  v: ScriptVariables,
  prefix: string,
): { script: string; defines: Record<string, string> } {
  const defines: Record<string, string> = {};
  const lines = [
    `\\set aid random(${v.players.first}, ${v.players.last})`,
    `\\set sid random(${v.sessions.first}, ${v.sessions.last})`,
    '\\set r random(1, 9000000000000000)',
  ];
  statements.forEach((st, i) => {
    // the server's `/* prepared:name */` mark would read as a pgbench variable: keep the comment, drop the colon
    const text = st.text
      .replace(/\s+/g, ' ')
      .trim()
      .replace(/\/\* prepared:/g, '/* prepared ')
      .replace(/\$(\d+)/g, (_m, n: string) => {
        const value = st.values[Number(n) - 1];
        if (value === null || value === undefined) return 'NULL';
        const s =
          value instanceof Date
            ? value.toISOString()
            : typeof value === 'object'
              ? JSON.stringify(value)
              : String(value);
        if (s === v.playerId) return ':aid';
        if (s === v.sessionId) return ':sid';
        const at = s.indexOf(v.roundRef);
        if (at >= 0) {
          // the round reference made unique per transaction; ':' spelled \072 so pgbench does not read it as a variable
          const literal = (t: string) => `E'${t.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/:/g, '\\072')}'`;
          const before = s.slice(0, at);
          const after = s.slice(at + v.roundRef.length);
          return `(${[literal(`${before}h`), ':r::text', ...(after ? [literal(after)] : [])].join(' || ')})`;
        }
        const column = v.columns?.[s];
        if (column) return column;
        const name = `${prefix}s${i}p${n}`;
        defines[name] = s;
        return `:${name}`;
      });
    lines.push(`${text};`);
  });
  return { script: lines.join('\n') + '\n', defines };
}
