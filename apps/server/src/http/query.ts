import type { FastifyRequest } from 'fastify';

/**
 * Parses a query string (what follows the `?`) the way the protocol needs: `key[]=a&key[]=b` and repeated keys become
 * arrays, the `[]` suffix is dropped, and keys that could pollute prototypes are ignored. Fastify parses every
 * request's query with it (`routerOptions.querystringParser` in `app.ts`), so routes read it as `request.query`.
 */
export function parseQuery(querystring: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = Object.create(null);
  const search = new URLSearchParams(querystring);
  for (const [rawKey, value] of search) {
    const isArray = rawKey.endsWith('[]');
    const key = isArray ? rawKey.slice(0, -2) : rawKey;
    if (key === '__proto__' || key === 'constructor' || key === 'prototype') continue;
    const existing = out[key];
    if (existing === undefined) out[key] = isArray ? [value] : value;
    // Appends in place: copying the array for every value made a query of many repeated keys quadratic.
    else if (Array.isArray(existing)) existing.push(value);
    else out[key] = [existing, value];
  }
  return out;
}

/** The request's query as `parseQuery` made it. */
export function queryOf(request: FastifyRequest): Record<string, string | string[]> {
  return request.query as Record<string, string | string[]>;
}
