import { describe, expect, it } from 'vitest';
import { endpoint, pathOf, urlOf } from './endpoint';

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
