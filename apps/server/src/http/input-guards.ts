/** Deepest nesting of arrays and objects a request body may have; SCORM data models need about ten levels. */
export const MAX_BODY_DEPTH = 64;

/**
 * True when a parsed JSON value nests deeper than `max` levels. Iterative, so a hostile body cannot exhaust
 * the stack here; bodies that deep would otherwise overflow it later (validation, JSON.stringify) as a 500.
 */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const stack: { node: unknown; depth: number }[] = [{ node: value, depth: 0 }];
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    if (typeof node !== 'object' || node === null) continue;
    if (depth + 1 > max) return true;
    for (const child of Object.values(node)) {
      if (typeof child === 'object' && child !== null) stack.push({ node: child, depth: depth + 1 });
    }
  }
  return false;
}

/**
 * The path of the first string (value or key) holding U+0000, or null. PostgreSQL cannot store NUL in text and
 * fails the whole statement, so such input is refused as `invalid input` on both databases alike.
 */
export function fieldWithNul(value: unknown): string | null {
  const stack: { node: unknown; path: string }[] = [{ node: value, path: '' }];
  while (stack.length > 0) {
    const { node, path } = stack.pop()!;
    if (typeof node === 'string') {
      if (node.includes('\u0000')) return path || '(input)';
      continue;
    }
    if (typeof node !== 'object' || node === null) continue;
    for (const [key, child] of Object.entries(node)) {
      const childPath = path ? `${path}.${key}` : key;
      if (key.includes('\u0000')) return childPath;
      stack.push({ node: child, path: childPath });
    }
  }
  return null;
}
