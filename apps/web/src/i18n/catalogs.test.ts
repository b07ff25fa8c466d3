import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const LANGUAGES = ['lv', 'lt', 'ee', 'en'];
const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'locales');
const PLURAL = /_(zero|one|two|few|many|other)$/;

function flatten(value: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof value === 'string') {
    out.set(prefix, value);
    return out;
  }
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    for (const [k, v] of flatten(child, prefix ? `${prefix}.${key}` : key)) out.set(k, v);
  }
  return out;
}

/** Keys without plural suffixes (languages have different plural forms), each with its {{variables}}. */
function keysOf(language: string, namespace: string): Map<string, string> {
  const file = path.join(dir, language, `${namespace}.json`);
  const flat = flatten(JSON.parse(fs.readFileSync(file, 'utf8')));
  const keys = new Map<string, string>();
  for (const [key, text] of flat) {
    expect(text.trim(), `${language}/${namespace}: ${key} is empty`).not.toBe('');
    const vars = [...text.matchAll(/{{\s*(\w+)\s*}}/g)]
      .map((m) => m[1])
      .sort()
      .join(',');
    keys.set(key.replace(PLURAL, ''), vars);
  }
  return keys;
}

const namespaces = [...new Set(LANGUAGES.flatMap((l) => fs.readdirSync(path.join(dir, l))))].map((f) =>
  f.replace(/\.json$/, ''),
);

describe('message catalogs', () => {
  it('has the same namespaces in every language', () => {
    for (const language of LANGUAGES) {
      expect(fs.readdirSync(path.join(dir, language)).sort(), language).toEqual(
        namespaces.map((n) => `${n}.json`).sort(),
      );
    }
  });

  it.each(namespaces)('%s: every key in every language, with the same variables', (namespace) => {
    const reference = keysOf('en', namespace);
    for (const language of LANGUAGES.filter((l) => l !== 'en')) {
      const keys = keysOf(language, namespace);
      expect([...keys.keys()].sort(), `${language}/${namespace}`).toEqual([...reference.keys()].sort());
      for (const [key, vars] of reference) expect(keys.get(key), `${language}/${namespace}: ${key}`).toBe(vars);
    }
  });

  it.each(namespaces)('%s: every plural form each language needs', (namespace) => {
    for (const language of LANGUAGES) {
      // i18next asks Intl.PluralRules with the portal's own code, so the test does too.
      const needed = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
      const flat = flatten(JSON.parse(fs.readFileSync(path.join(dir, language, `${namespace}.json`), 'utf8')));
      const plurals = new Set([...flat.keys()].filter((k) => PLURAL.test(k)).map((k) => k.replace(PLURAL, '')));
      for (const base of plurals) {
        for (const form of needed)
          expect(flat.has(`${base}_${form}`), `${language}/${namespace}: ${base}_${form}`).toBe(true);
      }
    }
  });
});
