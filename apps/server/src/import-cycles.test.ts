import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = path.dirname(fileURLToPath(import.meta.url));
const IMPORT = /^\s*(?:import|export)\s[^;]*?from\s+'(\.{1,2}\/[^']+)'/gm;

/** Every TypeScript module under src but tests, with the modules under src it imports (type-only imports too). */
function importGraph(): Map<string, string[]> {
  const modules = fs
    .readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'));
  return new Map(
    modules.map((file) => {
      const source = fs.readFileSync(path.join(SRC, file), 'utf8');
      const imported = [...source.matchAll(IMPORT)].map((match) =>
        path.relative(SRC, path.resolve(SRC, path.dirname(file), match[1]!.replace(/\.js$/, '.ts'))),
      );
      return [file, imported.filter((target) => modules.includes(target))];
    }),
  );
}

/** The import cycles of a graph: its strongly connected components of more than one module (Tarjan). */
export function cyclesOf(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (module: string) => {
    index.set(module, index.size);
    low.set(module, index.get(module)!);
    stack.push(module);
    for (const next of graph.get(module) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(module, Math.min(low.get(module)!, low.get(next)!));
      } else if (stack.includes(next)) low.set(module, Math.min(low.get(module)!, index.get(next)!));
    }
    if (low.get(module) !== index.get(module)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      component.push(member);
    } while (member !== module);
    if (component.length > 1 || graph.get(module)?.includes(module)) cycles.push(component.sort());
  };
  for (const module of graph.keys()) if (!index.has(module)) visit(module);
  return cycles;
}

describe('the server modules', () => {
  it('import one another without a cycle', () => {
    expect(cyclesOf(importGraph())).toEqual([]);
  });

  it('are seen to be in a cycle when two import each other, or a module itself', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts', 'd.ts']],
    ]);
    expect(cyclesOf(graph)).toEqual([['a.ts', 'b.ts', 'c.ts'], ['d.ts']]);
  });
});
