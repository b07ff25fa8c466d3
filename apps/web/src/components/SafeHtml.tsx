import { safeHref } from '@portal/shared';
import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/** The only markup content may carry: simple text structure and links. */
const ALLOWED_TAGS = ['p', 'br', 'strong', 'em', 'b', 'i', 'ul', 'ol', 'li', 'a'];
const ALLOWED_ATTR = ['href'];

// The library's own instance, configured once: a second instance built its allow-lists of every HTML, SVG and MathML
// name again, and a configuration passed to each call is parsed again on each call (docs/performance.md, "The web
// app").
DOMPurify.setConfig({ ALLOWED_TAGS, ALLOWED_ATTR, ADD_ATTR: ['target', 'rel'] });
DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.nodeName !== 'A') return;
  // Links only to http(s) pages or to pages of the portal, written as the browser will read them.
  const href = safeHref(node.getAttribute('href') ?? '');
  if (href === null) {
    node.removeAttribute('href');
    return;
  }
  node.setAttribute('href', href);
  if (!href.startsWith('/')) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  }
});

/** Cleans markup with an allow-list: scripts, event handlers, styles and unsafe links are dropped. */
export function sanitizeHtml(markup: string): string {
  return DOMPurify.sanitize(markup);
}

/** Renders content markup (resource and bundle descriptions, notifications) after sanitizing it. */
export function SafeHtml({ html, className, testId }: { html: string; className?: string; testId?: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return <div className={className} data-testid={testId} dangerouslySetInnerHTML={{ __html: clean }} />;
}
