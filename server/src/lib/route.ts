import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyInstance,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Endpoint, OpsEndpoint } from '@contracts/endpoint';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract endpoint this route was registered from (set by `route()`; the /ops-api listing reads it). */
    endpoint?: Endpoint;
  }
}

// Registers a route declared once in contracts/<domain>.endpoints.ts (docs/architecture.md, "Endpoints").
// At compile time: the success response schema's output is the endpoint's answer type (both ways), the body and
// query the app sends are accepted by the route's schemas, and a route without a body schema declares no body.
// At registration: the plugin's prefix is the endpoint's api, so a 'main-api' endpoint is not mounted elsewhere; an
// operator endpoint's permission goes on the route (`config.permission`, read by the module kit), declared only there.

type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Fits<A, B> = [A] extends [B] ? true : false;

type ResponseCheck<S, Res> = S extends { response: infer R }
  ? R extends { 200: infer Z extends z.ZodType }
    ? Same<z.output<Z>, Res>
    : R extends { 201: infer Z extends z.ZodType }
      ? Same<z.output<Z>, Res>
      : R extends { 204: z.ZodType }
        ? Same<void, Res>
        : false
  : false;
type BodyCheck<S, Body> = S extends { body: infer Z extends z.ZodType } ? Fits<Body, z.input<Z>> : Same<Body, void>;
type QueryCheck<S, Query> = S extends { querystring: infer Z extends z.ZodType }
  ? Fits<Query, z.input<Z>>
  : Same<Query, void>;

/** `{}` when the route's schemas match the endpoint; otherwise a required property naming the drift. */
export type MatchesEndpoint<S, E> =
  E extends Endpoint<infer Res, infer Body, infer Query>
    ? (ResponseCheck<S, Res> extends true ? unknown : { 'response schema differs from the endpoint': Res }) &
        (BodyCheck<S, Body> extends true ? unknown : { 'body schema differs from the endpoint': Body }) &
        (QueryCheck<S, Query> extends true ? unknown : { 'query schema differs from the endpoint': Query })
    : never;

type Options<S extends FastifySchema> = Omit<
  RouteShorthandOptions<
    RawServerDefault,
    RawRequestDefaultExpression,
    RawReplyDefaultExpression,
    RouteGenericInterface,
    ContextConfigDefault,
    S,
    ZodTypeProvider
  >,
  'schema'
> & { schema: S };

type Handler<S extends FastifySchema> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  S,
  ZodTypeProvider
>;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any endpoint; its own types are checked by MatchesEndpoint
export function route<E extends Endpoint<any, any, any>, const S extends FastifySchema>(
  app: ZodApp,
  endpoint: E,
  options: Options<S> & MatchesEndpoint<S, E>,
  handler: Handler<S>,
): void {
  const expected = `/${endpoint.api}`;
  if (app.prefix !== expected) {
    throw new Error(
      `${endpoint.method} ${endpoint.path} is a ${expected} endpoint but is registered under '${app.prefix}'`,
    );
  }
  const permission = (endpoint as Partial<OpsEndpoint>).permission;
  const given = options as Options<S>;
  if (given.config?.permission !== undefined)
    throw new Error(`${endpoint.method} ${endpoint.path}: the permission is declared on the endpoint, not the route`);
  const config = { ...given.config, endpoint, ...(permission ? { permission } : {}) };
  app.route({ ...given, config, method: endpoint.method, url: endpoint.path, handler });
}
