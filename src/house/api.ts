import { pathOf, type BodyOf, type Endpoint, type PathParams, type ResOf } from '@contracts/endpoint';
import { GAME_TOKEN_HEADER } from '@contracts/house-protocol';

// The game page's own small client (no ky: this page stays light). Every call carries the launch token.
export class HouseApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly detail: unknown,
    /** The whole answer: some refusals carry figures beside the detail (BONUSES_MAX_BET's `max_bet`). */
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export function createHouseApi(token: string, base = '') {
  async function request<T>(method: string, url: string, body?: unknown): Promise<T> {
    const res = await fetch(url, {
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
      throw new HouseApiError(res.status, b.code ?? 'HTTP_ERROR', message, b.detail, b as Record<string, unknown>);
    }
    return json as T;
  }
  /** Calls an endpoint declared in contracts/house.endpoints.ts (a POST without a body sends `{}`). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any endpoint; call() reads its own types
  async function call<E extends Endpoint<any, any, any>>(
    e: E,
    ...[args]: [BodyOf<E>] extends [void]
      ? [{ params?: PathParams; body?: undefined }?]
      : [{ params?: PathParams; body: BodyOf<E> }]
  ): Promise<ResOf<E>> {
    const body = args?.body ?? (e.method === 'GET' ? undefined : {});
    return request<ResOf<E>>(e.method, `${base}/${e.api}${pathOf(e, args?.params)}`, body);
  }
  return { call };
}
export type HouseApi = ReturnType<typeof createHouseApi>;
