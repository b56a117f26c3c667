import ky, { HTTPError, type KyInstance, type Options } from 'ky';
import { BODY_ERROR_BLOCKED, BODY_ERROR_MAINTENANCE, type ToastSummary } from '@contracts/errors';
import { pathOf, type BodyOf, type Endpoint, type PathParams, type QueryOf, type ResOf } from '@contracts/endpoint';
import { createEtagCache, type KeyValueStorage } from './etag-cache';
import { errorKeyFor } from './error-text';

// The one HTTP client (the only ky importer). Its policy (spec §7/§8): bearer token on every call, empty query
// params dropped, ETag cache in the browser, 401 → sign out, body error 6000 → blocked, 6001 → maintenance,
// other failures → an error toast named by the call's summary.

export interface ApiHooks {
  getToken(): string | null;
  onUnauthorized(): void;
  /** Body error 6000; `redirectUrl` as the server sent it. */
  onBlocked(redirectUrl: string | undefined): void;
  onMaintenance(): void;
  /** `detail` is a translation key: server_errors.<code the server sent>, or a text for the HTTP status. */
  onErrorToast(summary: ToastSummary, detail: string): void;
  /** Whether the app has a text for a key (the toast names the server's code only when it does). */
  hasText?(key: string): boolean;
  storage: KeyValueStorage;
  usesEtagCache: boolean;
}

export type Query = Record<string, string | number | boolean | null | undefined>;
export interface CallOptions {
  searchParams?: Query;
  /** Toast summary (errors.{summary}) shown when the call fails for a reason other than 401/6000/6001. */
  summary?: ToastSummary;
  /** Do not toast on failure; the caller handles the error (e.g. the password form's 400). */
  silentStatuses?: number[];
  /** Sign-in calls carry no token. */
  anonymous?: boolean;
  timeout?: number;
  headers?: Record<string, string>;
}

/** What a call of a declared endpoint takes: its path params, its body (required when it has one), its query. */
export type EndpointCall<E> = Omit<CallOptions, 'searchParams'> & { params?: PathParams } & ([BodyOf<E>] extends [void]
    ? { body?: undefined }
    : { body: BodyOf<E> }) &
  ([QueryOf<E>] extends [void] ? { query?: undefined } : { query?: QueryOf<E> });
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any endpoint; call() reads its own types
export type AnyEndpoint = Endpoint<any, any, any>;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: unknown,
    readonly code?: string,
  ) {
    super(typeof detail === 'string' ? detail : `HTTP ${status}`);
    this.name = 'ApiError';
  }
}

/** Spec §5: null and empty-string query parameters are dropped. */
export function cleanQuery(query: Query | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v === null || v === undefined || v === '') continue;
    out[k] = String(v);
  }
  return out;
}

export function createApiClient(hooks: ApiHooks, options: { baseUrl: string; fetch?: typeof fetch }) {
  const cache = createEtagCache(hooks.storage);
  const http: KyInstance = ky.create({
    prefixUrl: options.baseUrl,
    retry: 0,
    timeout: 15_000,
    throwHttpErrors: false,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });

  async function request<T>(method: string, path: string, body: Options, call: CallOptions = {}): Promise<T> {
    const input = path.replace(/^\//, '');
    const searchParams = cleanQuery(call.searchParams);
    const headers: Record<string, string> = { ...call.headers };
    const token = call.anonymous ? null : hooks.getToken();
    if (token) headers.authorization = `Bearer ${token}`;
    const cacheKey = `${input}?${new URLSearchParams(searchParams).toString()}|${token ? 'p' : 'g'}`;
    const cached = method === 'GET' && hooks.usesEtagCache ? cache.get(cacheKey) : undefined;
    if (cached) headers['if-none-match'] = cached.etag;

    let response: Response;
    try {
      response = await http(input, { method, searchParams, headers, timeout: call.timeout, ...body });
    } catch (err) {
      if (call.summary) hooks.onErrorToast(call.summary, 'network_error');
      throw err;
    }
    if (response.status === 304 && cached) {
      // read the (empty) body: Chrome reports an unread answer as cancelled (net::ERR_ABORTED), which every full load
      // with a warm ETag cache did for its start-up calls
      await response.arrayBuffer().catch(() => undefined);
      return cached.data as T;
    }
    if (response.ok) {
      if (response.status === 204) {
        await response.arrayBuffer().catch(() => undefined); // the same for an empty answer
        return undefined as T;
      }
      const text = await response.text();
      const data = (text ? JSON.parse(text) : undefined) as T;
      const etag = response.headers.get('etag');
      if (method === 'GET' && hooks.usesEtagCache && etag) cache.set(cacheKey, etag, data);
      return data;
    }
    const errorBody = (await response.json().catch(() => ({}))) as {
      detail?: unknown;
      code?: string;
      error?: number;
      redirect_url?: string;
    };
    if (errorBody.error === BODY_ERROR_BLOCKED) {
      hooks.onBlocked(errorBody.redirect_url);
      throw new Error('Blocked');
    }
    if (errorBody.error === BODY_ERROR_MAINTENANCE) {
      hooks.onMaintenance();
      throw new Error('Maintenance');
    }
    if (response.status === 401 && token) {
      hooks.onUnauthorized();
      throw new ApiError(401, errorBody.detail, errorBody.code);
    }
    const error = new ApiError(response.status, errorBody.detail, errorBody.code);
    if (call.summary && !call.silentStatuses?.includes(response.status)) {
      // never the server's English detail: a text for its code (or its status) in the player's language
      hooks.onErrorToast(
        call.summary,
        errorKeyFor(response.status, errorBody.code, errorBody.detail, hooks.hasText ?? (() => false)),
      );
    }
    throw error;
  }

  /** Calls an endpoint declared in contracts/<domain>.endpoints.ts: its path, method and types come from there. */
  // async: a missing path param rejects the call's promise, as a failed request does
  async function call<E extends AnyEndpoint>(
    e: E,
    ...[args]: [BodyOf<E>] extends [void] ? [EndpointCall<E>?] : [EndpointCall<E>]
  ): Promise<ResOf<E>> {
    const { params, body, query, ...rest } = (args ?? {}) as EndpointCall<AnyEndpoint> & { body?: unknown };
    const path = `${e.api}${pathOf(e, params)}`;
    const payload: Options =
      body === undefined
        ? {}
        : e.encoding === 'form'
          ? { body: new URLSearchParams(body as Record<string, string>) }
          : { json: body };
    return request<ResOf<E>>(e.method, path, payload, { ...rest, searchParams: query as Query | undefined });
  }

  return {
    call,
    get: <T>(path: string, call?: CallOptions) => request<T>('GET', path, {}, call),
    post: <T>(path: string, json?: unknown, call?: CallOptions) =>
      request<T>('POST', path, json === undefined ? {} : { json }, call),
    put: <T>(path: string, json?: unknown, call?: CallOptions) =>
      request<T>('PUT', path, json === undefined ? {} : { json }, call),
    patch: <T>(path: string, json?: unknown, call?: CallOptions) =>
      request<T>('PATCH', path, json === undefined ? {} : { json }, call),
    delete: <T>(path: string, call?: CallOptions) => request<T>('DELETE', path, {}, call),
    /** Form-encoded body (sign-in, 2FA, notifications per spec §7). */
    postForm: <T>(path: string, form: Record<string, string>, call?: CallOptions) =>
      request<T>('POST', path, { body: new URLSearchParams(form) }, call),
    putForm: <T>(path: string, form: Record<string, string>, call?: CallOptions) =>
      request<T>('PUT', path, { body: new URLSearchParams(form) }, call),
  };
}
export type ApiClient = ReturnType<typeof createApiClient>;

export { HTTPError };
