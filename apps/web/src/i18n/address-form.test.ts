import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'locales');

/**
 * Each language speaks to the person in one form only: Latvian and Lithuanian in the formal "you" (jūs), which suits a
 * workplace tool, Estonian in the informal (sina), as its texts always have. These are the other form's words.
 */
const OTHER_FORM: Record<'lv' | 'lt' | 'ee', { words: string[]; pattern?: RegExp }> = {
  lv: {
    words: [
      ...['tu', 'tev', 'tevi', 'tevis', 'tevī', 'tavs', 'tava', 'tavi', 'tavu', 'tavas', 'tavam', 'tavai', 'taviem'],
      ...['tavām', 'tavos', 'tavās', 'tavā', 'esi', 'vari', 'izlasi', 'apstiprini', 'izej', 'atzīmē', 'mēģini'],
      ...['iepazīsties', 'izvirzi', 'ieraksti', 'pārlādē', 'pieslēdzies', 'atradīsi', 'velti'],
    ],
  },
  lt: {
    words: ['tu', 'tau', 'tave', 'tavęs', 'tavo', 'tavimi', 'tavyje', 'esi'],
    // The informal imperative ends in -k ("spausk", "pasirink"); the formal one in -kite.
    pattern: /^[a-ząčęėįšųūž]{2,}k$/,
  },
  ee: { words: ['te', 'teie', 'teil', 'teid', 'teile', 'teilt', 'teiega'] },
};

/** Exceptions to a pattern: words that only look like the other form. */
const NOT_VERBS = new Set(['tik']);

function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  return Object.values(value as Record<string, unknown>).flatMap(strings);
}

describe('form of address', () => {
  it.each(Object.keys(OTHER_FORM) as (keyof typeof OTHER_FORM)[])(
    '%s: every string of every catalog uses the same form',
    (language) => {
      const { words, pattern } = OTHER_FORM[language];
      const banned = new Set(words);
      const found: string[] = [];
      for (const file of fs.readdirSync(path.join(dir, language))) {
        const catalog: unknown = JSON.parse(fs.readFileSync(path.join(dir, language, file), 'utf8'));
        for (const text of strings(catalog)) {
          const tokens = text
            .replace(/{{\s*\w+\s*}}/g, ' ')
            .toLowerCase()
            .split(/[^\p{L}]+/u);
          for (const token of tokens) {
            if (banned.has(token) || (pattern?.test(token) && !NOT_VERBS.has(token)))
              found.push(`${file}: "${token}" in "${text}"`);
          }
        }
      }
      expect(found).toEqual([]);
    },
  );
});
