import fc from 'fast-check';
import type { z } from 'zod';

/*
 * Hostile inputs for the fuzz test, generated with fast-check from a route's zod schema: for each field of the
 * schema a value of the wrong type, plus strings and shapes that have hurt servers before.
 */

export type FieldKind = 'string' | 'number' | 'boolean' | 'enum' | 'literal' | 'array' | 'record' | 'other';

interface ZodInternals {
  _zod: { def: { type: string; innerType?: unknown; in?: unknown; shape?: Record<string, unknown> } };
}

const WRAPPERS = new Set(['optional', 'default', 'nullable', 'prefault', 'catch', 'readonly', 'nonoptional']);

/** The kind of value a field wants, looking through optional/default/pipe wrappers. */
export function kindOfField(schema: unknown): FieldKind {
  let current = schema as ZodInternals;
  for (let depth = 0; depth < 20; depth++) {
    const def = current._zod.def;
    if (WRAPPERS.has(def.type)) current = def.innerType as ZodInternals;
    else if (def.type === 'pipe') current = def.in as ZodInternals;
    else break;
  }
  const type = current._zod.def.type;
  if (['string', 'number', 'boolean', 'enum', 'literal', 'array', 'record'].includes(type)) return type as FieldKind;
  return 'other';
}

/** The top-level fields of a route's input schema and their kinds. */
export function fieldsOf(schema: z.ZodType): Map<string, FieldKind> {
  const shape = (schema as unknown as ZodInternals)._zod.def.shape ?? {};
  return new Map(Object.entries(shape).map(([key, field]) => [key, kindOfField(field)]));
}

/** Strings that have broken parsers, queries, file paths and renderers. */
export const NASTY_STRINGS = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '" OR ""="',
  "1' UNION SELECT token_hash FROM sessions --",
  '%',
  '_',
  '\\',
  '../../../../etc/passwd',
  '..\\..\\..\\windows\\win.ini',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '/dev/zero',
  'a/../../b',
  '\u0000',
  'ab\u0000cd',
  '\u202Egnp.exe',
  '\u200F\u200E\u200B',
  'e\u0301\u0301\u0301\u0301\u0301',
  '\uD800',
  '\uDFFF\uD800',
  '\uFFFE\uFFFF',
  'Ā'.repeat(3) + '𝕏'.repeat(3) + '💥',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  '//evil.example/x',
  '${7*7}{{7*7}}',
  '__proto__',
  'constructor',
  'prototype',
  'NaN',
  'Infinity',
  '-1',
  '1e309',
  '0x10',
  ' ',
  '',
  '\r\nSet-Cookie: x=1',
] as const;

const anyUnit = fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code));

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: anyUnit, maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.integer({ min: 5_000, max: 200_000 }).map((n) => 'x'.repeat(n)) },
  { weight: 1, arbitrary: fc.integer({ min: 1_000, max: 20_000 }).map((n) => 'é\u0301'.repeat(n)) },
);

const hostileNumber = fc.oneof(
  fc.constantFrom(-1, 0, -0, 0.5, 1.5, 2 ** 31, 2 ** 31 - 1, 2 ** 53 + 2, -(2 ** 53), 1e308, -1e308, 5e-324),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

/** Nested arrays or objects (deeper ones travel as raw bodies: see `deepBody`, the test's own stack is small). */
const deep = fc.tuple(fc.integer({ min: 50, max: 1_000 }), fc.boolean()).map(([depth, arrays]) => {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = arrays ? [value] : { a: value };
  return value;
});

const bigArray = fc
  .tuple(fc.integer({ min: 500, max: 20_000 }), fc.constantFrom<unknown>(1, 'a', null, {}))
  .map(([n, item]) => Array.from({ length: n }, () => item));

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 2, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.array(hostileString, { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.dictionary(hostileString, hostileString, { maxKeys: 4 }) },
  { weight: 1, arbitrary: deep },
  { weight: 1, arbitrary: bigArray },
);

/** A value of a type the field does not take. */
export function wrongTypeFor(kind: FieldKind): fc.Arbitrary<unknown> {
  const others: fc.Arbitrary<unknown>[] = [
    fc.constant(null),
    fc.constant({}),
    fc.dictionary(hostileString, hostileNumber),
  ];
  if (kind !== 'string' && kind !== 'enum' && kind !== 'literal') others.push(hostileString);
  if (kind !== 'number') others.push(hostileNumber);
  if (kind !== 'boolean') others.push(fc.boolean());
  if (kind !== 'array') others.push(fc.array(hostileValue, { maxLength: 3 }));
  if (kind === 'array') others.push(fc.array(fc.oneof(fc.constant(null), fc.constant({}), deep), { maxLength: 3 }));
  return fc.oneof(...others);
}

export type Mutation =
  | { op: 'replace'; key: string; value: unknown }
  | { op: 'delete'; key: string }
  | { op: 'extra'; key: string; value: unknown };

/** One to three changes to a valid input: a field of the wrong type or hostile content, dropped, or added. */
export function mutations(fields: Map<string, FieldKind>, baseKeys: string[]): fc.Arbitrary<Mutation[]> {
  const keys = [...new Set([...fields.keys(), ...baseKeys])];
  const options: fc.Arbitrary<Mutation>[] = [
    fc.record({
      op: fc.constant('extra' as const),
      // Keys stay short: a huge key repeated for every element of a huge array would only measure the test.
      key: fc.oneof(
        fc.constantFrom('__proto__', 'constructor', 'prototype', 'isAdmin', 'role', 'r', ...NASTY_STRINGS),
        fc.string({ unit: anyUnit, maxLength: 40 }),
      ),
      value: hostileValue,
    }),
  ];
  if (keys.length > 0) {
    const key = fc.constantFrom(...keys);
    options.push(
      key.chain((k) =>
        fc.record({
          op: fc.constant('replace' as const),
          key: fc.constant(k),
          value: fc.oneof(wrongTypeFor(fields.get(k) ?? 'other'), hostileValue),
        }),
      ),
      fc.record({ op: fc.constant('delete' as const), key }),
    );
  }
  return fc.array(fc.oneof(...options), { minLength: 1, maxLength: 3 });
}

/** Applies mutations; `__proto__` and friends become own properties, as a JSON body would carry them. */
export function applyMutations(base: Record<string, unknown>, list: Mutation[]): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const m of list) {
    if (m.op === 'delete') delete out[m.key];
    else Object.defineProperty(out, m.key, { value: m.value, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/** A JSON body whose one field is nested `depth` levels deep, built as text. */
export function deepBody(key: string, depth: number, arrays: boolean): string {
  const open = arrays ? '['.repeat(depth) : '{"a":'.repeat(depth);
  const close = arrays ? ']'.repeat(depth) : '}'.repeat(depth);
  return `{${JSON.stringify(key)}:${open}1${close}}`;
}

/** Whole POST bodies that are not what any route takes. */
export const RAW_BODIES: { payload: string; contentType: string }[] = [
  { payload: 'null', contentType: 'application/json' },
  { payload: '[]', contentType: 'application/json' },
  { payload: '"text"', contentType: 'application/json' },
  { payload: '12', contentType: 'application/json' },
  { payload: '{', contentType: 'application/json' },
  { payload: '{"a":1,}', contentType: 'application/json' },
  { payload: 'not json at all', contentType: 'application/json' },
  { payload: '{"__proto__":{"role":"admin"}}', contentType: 'application/json' },
  { payload: '{"constructor":{"prototype":{"role":"admin"}}}', contentType: 'application/json' },
  { payload: '['.repeat(200_000) + ']'.repeat(200_000), contentType: 'application/json' },
  { payload: '{"a":'.repeat(100_000) + '1' + '}'.repeat(100_000), contentType: 'application/json' },
  { payload: 'x'.repeat(1_100_000), contentType: 'application/json' },
  { payload: '{"a":1}', contentType: 'text/plain' },
  { payload: 'login=ab1234&pass=', contentType: 'application/x-www-form-urlencoded' },
  {
    payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--',
    contentType: 'multipart/form-data; boundary=x',
  },
  { payload: '\u0000\u0001\u0002', contentType: 'application/octet-stream' },
  { payload: '{"a":1}', contentType: 'application/json; charset=utf-16' },
];

/** Query strings that are not what any GET route takes. */
export const RAW_QUERIES: string[] = [
  'r=goals',
  'x[]=1&x=2&x[]=3',
  '__proto__[role]=admin',
  'constructor[prototype][role]=admin',
  '%ZZ=%E0%A4%A',
  'a=%00&b=%C0%AF',
  `long=${'y'.repeat(100_000)}`,
  `${'k'.repeat(100_000)}=1`,
  Array.from({ length: 2_000 }, (_, i) => `k${i}=v`).join('&'),
  'userIds[]=1&userIds[]=abc&course_ids[]=-1',
];
