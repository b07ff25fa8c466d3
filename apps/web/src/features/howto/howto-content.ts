import { HOW_TO_SECTIONS, type Language } from '@portal/shared';
import { z } from 'zod';

const text = z.string().trim().min(1);

/** One piece of a how-to page: a paragraph, a bulleted list, numbered steps, a tip, or a link inside the portal. */
export const howToBlockSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('paragraph'), text }),
  z.strictObject({ type: z.literal('list'), items: z.array(text).min(1) }),
  z.strictObject({ type: z.literal('steps'), items: z.array(text).min(1) }),
  z.strictObject({ type: z.literal('tip'), text }),
  z.strictObject({
    type: z.literal('link'),
    to: z.string().regex(/^\/[a-z0-9\-/]*$/, 'a path inside the portal'),
    label: text,
  }),
]);

const numbered = <T extends { id: number }>(items: T[]) => items.every((item, index) => item.id === index + 1);

export const howToSubSectionSchema = z.strictObject({
  id: z.number().int().min(1),
  title: text,
  blocks: z.array(howToBlockSchema).min(1),
});

export const howToSectionSchema = z.strictObject({
  id: z.number().int().min(1).max(HOW_TO_SECTIONS),
  title: text,
  summary: text,
  subSections: z.array(howToSubSectionSchema).min(1).refine(numbered, 'sub-sections are numbered 1, 2, 3 … in order'),
});

/** One language's how-to guidance (content/howto/<language>.json): exactly the five sections in the spec's order. */
export const howToContentSchema = z.strictObject({
  title: text,
  intro: text,
  sections: z
    .array(howToSectionSchema)
    .length(HOW_TO_SECTIONS)
    .refine(numbered, 'sections are numbered 1 to 5 in order'),
});

export type HowToBlock = z.infer<typeof howToBlockSchema>;
export type HowToSection = z.infer<typeof howToSectionSchema>;
export type HowToContent = z.infer<typeof howToContentSchema>;

/** Each language's file, fetched only when that language is shown. */
const files = import.meta.glob<{ default: unknown }>('../../../../../content/howto/*.json');

/** Loads and checks the how-to guidance in one language. */
export async function loadHowTo(language: Language): Promise<HowToContent> {
  const load = files[`../../../../../content/howto/${language}.json`];
  if (!load) throw new Error(`no how-to content for ${language}`);
  return howToContentSchema.parse((await load()).default);
}
