import { describe, expect, it } from 'vitest';
import { endpoint, opsEndpoint, pathOf, urlOf } from './endpoint';

describe('endpoint paths', () => {
  const one = endpoint<{ id: number }>('GET', 'main-api', '/bonuses/my/:id/claim/:step');

  it('injects its params, URI-encoded', () => {
    expect(pathOf(one, { id: 7, step: 'a b/c' })).toBe('/bonuses/my/7/claim/a%20b%2Fc');
    expect(urlOf(one, { id: 7, step: 'x' })).toBe('/main-api/bonuses/my/7/claim/x');
    expect(pathOf(endpoint('GET', 'int-api', '/plain'))).toBe('/plain');
  });

  it('throws on a missing or empty param', () => {
    expect(() => pathOf(one, { id: 7 })).toThrow("Missing path parameter 'step'");
    expect(() => pathOf(one, { id: '', step: 'x' })).toThrow("Missing path parameter 'id'");
  });

  it('carries no types at runtime: only its method, api, path and a form encoding', () => {
    expect(one).toEqual({ method: 'GET', api: 'main-api', path: '/bonuses/my/:id/claim/:step' });
    expect(endpoint('POST', 'main-api', '/auth/token', { encoding: 'form' }).encoding).toBe('form');
    // @ts-expect-error a path starts with '/' (checked by its type; nothing is checked at runtime)
    endpoint('GET', 'main-api', 'users/me');
  });
});

describe('operator endpoints', () => {
  it('carry their permission, and only an opsEndpoint is under /ops-api', () => {
    const approve = opsEndpoint<{ id: number }>('POST', '/withdrawals/:id/approve', 'payments.decide');
    expect(approve).toEqual({
      method: 'POST',
      api: 'ops-api',
      path: '/withdrawals/:id/approve',
      permission: 'payments.decide',
    });
    expect(urlOf(approve, { id: 3 })).toBe('/ops-api/withdrawals/3/approve');
    // @ts-expect-error -- an operator call is declared with opsEndpoint, which wants its permission
    endpoint('POST', 'ops-api', '/withdrawals/:id/approve');
    // @ts-expect-error -- a permission contracts/operator-permissions.ts does not name
    opsEndpoint('GET', '/everything', 'everything.please');
  });
});
