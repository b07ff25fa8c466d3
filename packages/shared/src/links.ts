// Links: only http(s) or portal-relative ("/x", never "//host"). Used by content files, calls and the web app;
// kept apart from the route contracts so that the web app's sanitizer does not load them.

/** Any origin of its own: links are resolved against it to tell a page of the portal from one elsewhere. */
const PORTAL_BASE = 'https://portal.invalid';

/**
 * A link as a browser will follow it, when it leads to an http(s) page or to a page of the portal (written "/…");
 * null for anything else. It is read with the URL parser, as the browser reads it (tabs and newlines dropped, "\"
 * taken for "/"), so `/\host`, `/<tab>/host` and `java<tab>script:` are what they lead to, not what they look like.
 */
export function safeHref(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value, PORTAL_BASE);
  } catch {
    return null;
  }
  if (url.origin === PORTAL_BASE)
    return value.trimStart().startsWith('/') ? url.pathname + url.search + url.hash : null;
  // Elsewhere only when written as a whole http(s) address: never a path that the parser took to another host.
  try {
    new URL(value);
  } catch {
    return null;
  }
  return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
}

/** True for `https://…`, `http://…` and portal-relative `/…` (not protocol-relative `//…`). */
export function isSafeLink(value: string): boolean {
  return safeHref(value) !== null;
}
