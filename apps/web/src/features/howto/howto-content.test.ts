import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGUAGES } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { howToContentSchema, type HowToContent } from './howto-content';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../content/howto');

function read(language: string): unknown {
  return JSON.parse(fs.readFileSync(path.join(dir, `${language}.json`), 'utf8'));
}

const allText = (content: HowToContent) => JSON.stringify(content);

describe('how-to guidance content', () => {
  it('has a file for every language and no other', () => {
    const files = fs.readdirSync(dir).filter((f) => f.endsWith('.json'));
    expect(files.sort()).toEqual(LANGUAGES.map((l) => `${l}.json`).sort());
  });

  for (const language of LANGUAGES) {
    it(`validates ${language}.json: five sections in order, each with numbered sub-sections`, () => {
      const result = howToContentSchema.safeParse(read(language));
      expect(result.success ? 'valid' : result.error.issues).toBe('valid');
    });
  }

  it('has the same sections, sub-sections and links in every language, so every address works in each', () => {
    const shape = (c: HowToContent) =>
      c.sections.map((s) => ({
        id: s.id,
        subSections: s.subSections.map((sub) => ({
          id: sub.id,
          blocks: sub.blocks.map((b) => (b.type === 'link' ? `link:${b.to}` : b.type)),
        })),
      }));
    const english = shape(howToContentSchema.parse(read('en')));
    for (const language of LANGUAGES) expect(shape(howToContentSchema.parse(read(language)))).toEqual(english);
  });

  it("states the spec's facts in every language, prices as plain text", () => {
    for (const language of LANGUAGES) {
      const text = allText(howToContentSchema.parse(read(language)));
      expect(text, language).toMatch(/3–5/);
      expect(text, language).toMatch(/5–9/);
      expect(text, language).toMatch(/\b40\b/);
      expect(text, language).toMatch(/\b24\b/);
      for (const price of ['70 USD', '129 USD', '158 CHF']) expect(text, `${language} ${price}`).toContain(price);
      expect(text, language).not.toMatch(/https?:\/\//);
    }
  });

  it('rejects a file that misses a section or a sub-section title', () => {
    const content = howToContentSchema.parse(read('en'));
    expect(howToContentSchema.safeParse({ ...content, sections: content.sections.slice(0, 4) }).success).toBe(false);
    const broken = structuredClone(content);
    broken.sections[2]!.subSections[0]!.title = ' ';
    expect(howToContentSchema.safeParse(broken).success).toBe(false);
    const reordered = structuredClone(content);
    reordered.sections.reverse();
    expect(howToContentSchema.safeParse(reordered).success).toBe(false);
  });
});
