// Owns: the HTTP client and its policy (token, ETag cache, 401/6000/6001, error toasts).
// Does not own: what to do on those events — app/ wires the hooks (configureApi).
// Called by: every feature's *.api.ts through `api`.
import { createApiClient, type ApiClient, type ApiHooks } from './api-client';

let client: ApiClient | null = null;

export function configureApi(hooks: ApiHooks, baseUrl = window.location.origin): ApiClient {
  client = createApiClient(hooks, { baseUrl });
  return client;
}

/** Tests route the app's calls through a client with a fake fetch. */
export function __setClientForTests(c: ApiClient): void {
  client = c;
}

/** The configured client; app/ calls configureApi() before anything loads. */
export const api: ApiClient = new Proxy({} as ApiClient, {
  get(_t, prop: keyof ApiClient) {
    if (!client) throw new Error('API client used before configureApi()');
    return client[prop];
  },
});

export { ApiError, cleanQuery, createApiClient, type ApiHooks, type CallOptions, type Query } from './api-client';
export { errorKey, errorKeyFor } from './error-text';
