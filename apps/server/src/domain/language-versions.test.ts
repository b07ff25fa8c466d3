import { describe, expect, it } from 'vitest';
import { pickVersions, readIn, type CourseVersion } from './language-versions.js';

let nextId = 1;
const version = (alias: string, language: string, status = 'enabled'): CourseVersion => ({
  id: nextId++,
  alias,
  language,
  status,
});

const latvian = { language: 'lv', country: 'lv' };
/** Language of each alias's pick. */
const languages = (picked: Map<string, CourseVersion>) =>
  Object.fromEntries([...picked].map(([alias, v]) => [alias, v.language]));

describe('pickVersions', () => {
  const welcome = [version('welcome', 'lv'), version('welcome', 'en'), version('welcome', 'lt')];
  const safety = [version('safety', 'lv'), version('safety', 'ee')];

  it("shows the person's own version when they read in their own language", () => {
    expect(languages(pickVersions(latvian, [...welcome, ...safety]))).toEqual({ welcome: 'lv', safety: 'lv' });
  });

  it("shows the chosen language's version where one exists, the country's otherwise", () => {
    expect(languages(pickVersions(latvian, [...welcome, ...safety], 'en'))).toEqual({ welcome: 'en', safety: 'lv' });
    expect(languages(pickVersions(latvian, [...welcome, ...safety], 'ee'))).toEqual({ welcome: 'lv', safety: 'ee' });
  });

  it('shows a version in the chosen language that is not among the assigned ones, given every version', () => {
    const assigned = [version('welcome', 'lv')];
    const every = [...assigned, version('welcome', 'lt')];
    expect(languages(pickVersions(latvian, assigned, 'lt'))).toEqual({ welcome: 'lv' });
    expect(languages(pickVersions(latvian, assigned, 'lt', (alias) => every.filter((v) => v.alias === alias)))).toEqual(
      { welcome: 'lt' },
    );
  });

  it('lists the same courses in every language: a disabled version in the chosen language shows the own one', () => {
    const versions = [version('fire', 'lv'), version('fire', 'en', 'disabled'), ...welcome];
    for (const chosen of ['lv', 'lt', 'ee', 'en'])
      expect([...pickVersions(latvian, versions, chosen).keys()].sort(), chosen).toEqual(['fire', 'welcome']);
    expect(pickVersions(latvian, versions, 'en').get('fire')?.language).toBe('lv');
  });

  it('drops a course whose own version is disabled in every language, even where the chosen one is enabled', () => {
    const versions = [version('old', 'lv', 'disabled'), version('old', 'en')];
    for (const chosen of ['lv', 'en']) expect(pickVersions(latvian, versions, chosen).has('old'), chosen).toBe(false);
  });

  it("falls back to the country's version, then English, then any, for a person whose language has none", () => {
    const english = { language: 'en', country: 'lt' };
    expect(languages(pickVersions(english, [version('a', 'lt'), version('a', 'lv')]))).toEqual({ a: 'lt' });
    expect(languages(pickVersions(latvian, [version('b', 'ee'), version('b', 'en')]))).toEqual({ b: 'en' });
    expect(languages(pickVersions(latvian, [version('c', 'ee')]))).toEqual({ c: 'ee' });
  });
});

describe('readIn', () => {
  const bundle = { id: 1, category_name: 'Kategoriju vadības pamati', description: '<p>Kas ir preču kategorija</p>' };

  it('takes the fields its text in the language has, and keeps its own for the rest', () => {
    expect(readIn(bundle, { category_name: 'Category management basics', description: '<p>What</p>' })).toEqual({
      id: 1,
      category_name: 'Category management basics',
      description: '<p>What</p>',
    });
    const resource = { title: 'Atvērt PDF', button_string: 'Lasīt' as string | null };
    expect(readIn(resource, { title: 'Open the PDF', button_string: null })).toEqual({
      title: 'Open the PDF',
      button_string: 'Lasīt',
    });
  });

  it('reads as it is without a text in the language', () => {
    expect(readIn(bundle, undefined)).toBe(bundle);
  });
});
