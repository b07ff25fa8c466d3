import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGUAGES, managerRoutes } from '@portal/shared';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { packageRefusalText } from './errors';

const locales = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../i18n/locales');

/** What the server names beside each reason (scorm/import.ts, scorm/manifest.ts). */
const PARAMS: Record<managerRoutes.PackageReason, (keyof managerRoutes.PackageRefusal)[]> = {
  'not-zip': [],
  'too-large': [],
  'zip-bomb': [],
  'unsafe-entry': ['file'],
  encrypted: ['file'],
  'no-manifest': [],
  'manifest-not-at-root': ['folder'],
  'nested-package': ['file'],
  'manifest-not-utf8': [],
  'manifest-too-complex': [],
  'manifest-not-xml': ['line'],
  'manifest-unreadable': [],
  'unknown-version': [],
  'outside-path': ['path'],
  'no-organization': [],
  'no-launchable-sco': [],
  'unsupported-launch': ['file'],
  'missing-sco': ['file'],
  sequencing: ['detail'],
  'invalid-folder': ['folder'],
};
const SAMPLE = {
  file: 'lesson/quiz.swf',
  folder: 'course-files',
  line: 17,
  path: '../../etc/passwd',
  detail: '<item i1>',
};

async function translator(language: string) {
  const manager = JSON.parse(fs.readFileSync(path.join(locales, language, 'manager.json'), 'utf8')) as object;
  const instance = i18next.createInstance();
  await instance.init({
    lng: language,
    fallbackLng: false,
    resources: { [language]: { manager } },
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  });
  return instance.t;
}

describe('package refusals', () => {
  it('says every reason the server gives as a sentence of its own in each of the four languages', async () => {
    expect(Object.keys(PARAMS).sort()).toEqual([...managerRoutes.PACKAGE_REASONS].sort());
    for (const language of LANGUAGES) {
      const t = await translator(language);
      const sentences = new Set<string>();
      for (const reason of managerRoutes.PACKAGE_REASONS) {
        const refusal: managerRoutes.PackageRefusal = { reason };
        for (const param of PARAMS[reason]) Object.assign(refusal, { [param]: SAMPLE[param as keyof typeof SAMPLE] });
        const text = packageRefusalText(t, refusal);
        expect([language, reason, text]).not.toEqual([language, reason, `course.refusals.${reason}`]);
        expect(text, `${language} ${reason}`).not.toMatch(/{{|}}/);
        expect(text, `${language} ${reason}`).toMatch(/[.!:>]$/);
        for (const param of PARAMS[reason]) expect(text, `${language} ${reason}`).toContain(String(refusal[param]));
        sentences.add(text);
      }
      expect(sentences.size, language).toBe(managerRoutes.PACKAGE_REASONS.length);
    }
  });
});
