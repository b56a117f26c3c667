import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../lib/errors';

/** onRequest hook for /ops-api: `Authorization: Bearer <operator token>`, compared in constant time. */
export function operatorGuard(opsToken: string) {
  const expected = Buffer.from(opsToken);
  return async (request: FastifyRequest) => {
    const header = request.headers.authorization ?? '';
    const given = Buffer.from(header.startsWith('Bearer ') ? header.slice(7) : '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      throw unauthorized('Operator token required');
  };
}

/** Who did it, for the audit trail (`X-Operator` header, set by `npm run ops`). */
export function operatorName(request: FastifyRequest): string {
  const h = request.headers['x-operator'];
  return typeof h === 'string' && h ? h.slice(0, 64) : 'ops-cli';
}
