// zod-free: endpoints are on the app's first load (a type-only import of a zod contract costs nothing at runtime).
//
// An endpoint is declared once, here in contracts/<domain>.endpoints.ts, and used on both sides:
// the server registers it with `route(app, endpoint, options, handler)` (server/src/lib/route.ts), which fails
// typecheck when the route's schemas drift from the endpoint's types; the app calls it with
// `api.call(endpoint, { params, body, query })` (src/shared/api), which types the body, the query and the answer.
// An operator endpoint (/ops-api, contracts/<domain>.operator-endpoints.ts) is declared with `opsEndpoint`, which adds
// the permission its caller needs (contracts/operator-permissions.ts); `route()` puts it on the route, so it is
// declared once (docs/architecture.md, "Operator endpoints").

import type { OperatorPermission } from './operator-permissions';

export type ApiPrefix = 'main-api' | 'int-api' | 'house-api' | 'ops-api';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** How the body travels: JSON (the default) or form-encoded (sign-in and 2FA, spec §7). */
export type BodyEncoding = 'json' | 'form';

declare const types: unique symbol;

export interface Endpoint<Res = unknown, Body = void, Query = void> {
  readonly method: HttpMethod;
  readonly api: ApiPrefix;
  /** Under the prefix, may hold `:params`, e.g. '/bonuses/my/:id'. */
  readonly path: `/${string}`;
  /** Absent: JSON. */
  readonly encoding?: BodyEncoding;
  /** Phantom: never set at runtime; carries the answer, body and query types to both sides. */
  readonly [types]?: { res: Res; body: Body; query: Query };
}

export type ResOf<E> = E extends Endpoint<infer R, infer _B, infer _Q> ? R : never;
export type BodyOf<E> = E extends Endpoint<infer _R, infer B, infer _Q> ? B : never;
export type QueryOf<E> = E extends Endpoint<infer _R, infer _B, infer Q> ? Q : never;

/** An /ops-api endpoint: the operator's token opens it today; the back office's staff accounts will need `permission`. */
export interface OpsEndpoint<Res = unknown, Body = void, Query = void> extends Endpoint<Res, Body, Query> {
  readonly api: 'ops-api';
  readonly permission: OperatorPermission;
}

/** Pure (a bundler drops an endpoint nobody calls). An operator endpoint is an `opsEndpoint`, with its permission. */
/* #__NO_SIDE_EFFECTS__ */
export function endpoint<Res, Body = void, Query = void>(
  method: HttpMethod,
  api: Exclude<ApiPrefix, 'ops-api'>,
  path: `/${string}`,
  options?: { encoding: BodyEncoding },
): Endpoint<Res, Body, Query> {
  // every byte here is on the first load: the leading slash is checked by the path's type, not at runtime
  return { method, api, path, ...options };
}

/** Pure. An operator endpoint under /ops-api and the permission its caller needs. */
/* #__NO_SIDE_EFFECTS__ */
export function opsEndpoint<Res, Body = void, Query = void>(
  method: HttpMethod,
  path: `/${string}`,
  permission: OperatorPermission,
): OpsEndpoint<Res, Body, Query> {
  return { method, api: 'ops-api', path, permission };
}

export type PathParams = Record<string, string | number>;

/** The endpoint's path under its prefix with its `:params` injected (URI-encoded); throws on a missing one. */
export function pathOf(e: Pick<Endpoint, 'path'>, params: PathParams = {}): string {
  return e.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_m, name: string) => {
    const value = params[name];
    if (value === undefined || value === '') throw new Error(`Missing path parameter '${name}' for ${e.path}`);
    return encodeURIComponent(String(value));
  });
}

/** The full URL path: '/main-api/bonuses/my/7'. */
export function urlOf(e: Pick<Endpoint, 'api' | 'path'>, params?: PathParams): string {
  return `/${e.api}${pathOf(e, params)}`;
}
