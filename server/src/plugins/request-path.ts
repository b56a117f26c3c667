import { posix } from 'node:path';

const API_PREFIXES = ['/main-api', '/int-api', '/house-api', '/gateway-api'];

/**
 * The path a request is routed by, for every decision made on a path (gates, rate-limit allow-list, cache policy,
 * 404s). The router decodes percent-escapes (`/%6dain-api/…` reaches `/main-api/…`), so a test of the raw
 * `request.url` can be walked around; this decodes and normalises the same way (query, fragment and `;` parameters
 * cut off, escapes decoded, duplicate slashes and dot segments folded). Where it errs, it errs towards an API path,
 * which only makes a gate stricter.
 */
export function routedPath(url: string): string {
  // the common case, checked in one pass: nothing to decode or fold
  if (!/[%#;]|\/\/|\/\.|\/$/.test(url.split('?', 1)[0]!)) {
    const q = url.indexOf('?');
    return q === -1 ? url : url.slice(0, q);
  }
  let end = url.length;
  for (const delimiter of ['?', '#', ';']) {
    const at = url.indexOf(delimiter);
    if (at !== -1 && at < end) end = at;
  }
  let path = url.slice(0, end);
  if (path.includes('%')) {
    try {
      path = decodeURIComponent(path);
    } catch {
      // a malformed escape: the router answers 400 for it; decode what can be decoded, for the gates' sake
      path = path.replace(/%[0-9a-f]{2}/gi, (e) => String.fromCharCode(parseInt(e.slice(1), 16)));
    }
  }
  const normal = posix.normalize(`/${path}`.replace(/\/{2,}/g, '/'));
  return normal.length > 1 && normal.endsWith('/') ? normal.slice(0, -1) : normal;
}

export function isApiPath(path: string): boolean {
  return API_PREFIXES.some((p) => path === p || path.startsWith(`${p}/`));
}

/** Whether `path` (a routedPath) is `prefix` or under it. */
export function isUnder(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`);
}
