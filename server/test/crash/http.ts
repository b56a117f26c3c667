import type { ServerController } from './server-process';

// HTTP for the crash test: one attempt (`once`), or attempts until an answer arrives (`untilAnswered`: the same request,
// same body and ids, as a processor or provider retries a call that got no answer). Status 0 means no answer: the
// connection was refused or cut (the server was killed) or the request timed out. Every answer is counted per label.

export interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
  text: string;
}
interface Request {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  headers?: Record<string, string>;
  /** An object is sent as JSON; a string as it is (signed bodies). */
  body?: unknown;
}
export interface LabelStats {
  sent: number;
  answered: Record<string, number>;
  noAnswer: number;
  retries: number;
}

const REQUEST_TIMEOUT_MS = 30_000;
const MAX_ATTEMPTS = 400;
export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export function createHttp(server: ServerController) {
  const stats = new Map<string, LabelStats>();
  const serverErrors: { label: string; status: number; body: string }[] = [];
  const of = (label: string) => {
    let s = stats.get(label);
    if (!s) stats.set(label, (s = { sent: 0, answered: {}, noAnswer: 0, retries: 0 }));
    return s;
  };

  async function once(label: string, path: string, req: Request = {}): Promise<Answer> {
    await server.ready();
    const s = of(label);
    s.sent++;
    const headers: Record<string, string> = { ...req.headers };
    let body: string | undefined;
    if (typeof req.body === 'string') body = req.body;
    else if (req.body !== undefined) body = JSON.stringify(req.body);
    if (body !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type'))
      headers['content-type'] = 'application/json';
    try {
      const res = await fetch(`${server.base}${path}`, {
        method: req.method ?? (body === undefined ? 'GET' : 'POST'),
        headers,
        body,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const text = await res.text();
      let json: unknown;
      try {
        json = text ? JSON.parse(text) : undefined;
      } catch {
        json = undefined;
      }
      // 4xx by their error code too (HOUSE_CRASH_NOT_BETTING …): the summary shows why calls were refused
      const code = res.status >= 400 && res.status < 500 ? (json as { code?: unknown } | undefined)?.code : undefined;
      const cls = typeof code === 'string' ? `${res.status} ${code}` : String(res.status);
      s.answered[cls] = (s.answered[cls] ?? 0) + 1;
      if (res.status >= 500) serverErrors.push({ label, status: res.status, body: text.slice(0, 300) });
      return { status: res.status, json, text };
    } catch {
      s.noAnswer++;
      return { status: 0, json: undefined, text: '' };
    }
  }

  /** The same request again until it is answered; a 5xx is retried a few times too (a processor would). */
  async function untilAnswered(label: string, path: string, req: Request = {}): Promise<Answer> {
    let fiveXx = 0;
    for (let attempt = 1; ; attempt++) {
      const answer = await once(label, path, req);
      const again = answer.status === 0 || (answer.status >= 500 && ++fiveXx <= 3);
      if (!again) return answer;
      if (attempt >= MAX_ATTEMPTS) throw new Error(`${label} ${path}: no answer after ${attempt} attempts`);
      of(label).retries++;
      await sleep(Math.min(1000, 50 * attempt));
    }
  }

  return { once, untilAnswered, stats, serverErrors };
}
export type Http = ReturnType<typeof createHttp>;
