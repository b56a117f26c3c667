import { GAME_TOKEN_HEADER } from '@contracts/house-protocol';

// The game page's own small client (no ky: this page stays light). Every call carries the launch token.
export class HouseApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly detail: unknown,
  ) {
    super(message);
  }
}

export function createHouseApi(token: string, base = '') {
  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${base}/house-api${path}`, {
      method,
      headers: { [GAME_TOKEN_HEADER]: token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    const json = text ? (JSON.parse(text) as unknown) : null;
    if (!res.ok) {
      const b = (json ?? {}) as { code?: string; detail?: unknown };
      const message =
        typeof b.detail === 'string'
          ? b.detail
          : b.detail && typeof b.detail === 'object'
            ? Object.values(b.detail as Record<string, string>).join('; ')
            : res.statusText;
      throw new HouseApiError(res.status, b.code ?? 'HTTP_ERROR', message, b.detail);
    }
    return json as T;
  }
  return {
    get: <T>(path: string) => call<T>('GET', path),
    post: <T>(path: string, body?: unknown) => call<T>('POST', path, body ?? {}),
  };
}
export type HouseApi = ReturnType<typeof createHouseApi>;
