import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));
const dir = path.join(here, 'locales');
/** The texts of the how-to and resources pages, beside the catalogs. */
const content = path.join(here, '../../../../content');

/** Every text file of a language: its catalogs and its how-to and resources pages. */
const filesOf = (language: string) => [
  ...fs.readdirSync(path.join(dir, language)).map((file) => path.join(dir, language, file)),
  path.join(content, 'howto', `${language}.json`),
  path.join(content, 'resources', `${language}.json`),
];

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
const NOT_VERBS = new Set(['tik', 'kiek', 'tiek', 'šiek', 'link', 'outlook']);

function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value === null || typeof value !== 'object') return [];
  return Object.values(value).flatMap(strings);
}

describe('form of address', () => {
  it.each(Object.keys(OTHER_FORM) as (keyof typeof OTHER_FORM)[])(
    '%s: every string of its catalogs and its how-to and resources pages uses the same form',
    (language) => {
      const { words, pattern } = OTHER_FORM[language];
      const banned = new Set(words);
      const found: string[] = [];
      for (const file of filesOf(language)) {
        const catalog: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
        for (const text of strings(catalog)) {
          const tokens = text
            .replace(/{{\s*\w+\s*}}|<[^>]*>|https?:\/\/\S+/g, ' ')
            .toLowerCase()
            .split(/[^\p{L}]+/u);
          for (const token of tokens) {
            if (banned.has(token) || (pattern?.test(token) && !NOT_VERBS.has(token)))
              found.push(`${path.relative(here, file)}: "${token}" in "${text}"`);
          }
        }
      }
      expect(found).toEqual([]);
    },
  );
});
