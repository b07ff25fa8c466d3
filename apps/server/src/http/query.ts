/**
 * Parses a query string the way the protocol needs: `key[]=a&key[]=b` and repeated keys become arrays,
 * the `[]` suffix is dropped, and keys that could pollute prototypes are ignored.
 */
export function parseQuery(url: string): Record<string, string | string[]> {
  const q = url.indexOf('?');
  const out: Record<string, string | string[]> = Object.create(null);
  if (q < 0) return out;
  const search = new URLSearchParams(url.slice(q + 1));
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
