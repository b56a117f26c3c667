import { AsyncLocalStorage } from 'node:async_hooks';

/** The HTTP request an operation is serving: for the records it writes (the operator-actions audit row). */
export interface RequestContext {
  /** Fastify's request id (the `reqId` of the request's log line). */
  requestId: string;
  /** The caller's address, as TRUST_PROXY computes it. */
  address: string;
}

// Set by the module kit around each /ops-api request (server/src/modules/module.ts), so the audit service reads it
// without every service passing the request along (jobs and player requests run outside one).
const storage = new AsyncLocalStorage<RequestContext>();

export function runInRequestContext<T>(context: RequestContext, fn: () => T): T {
  return storage.run(context, fn);
}

export function currentRequest(): RequestContext | undefined {
  return storage.getStore();
}
