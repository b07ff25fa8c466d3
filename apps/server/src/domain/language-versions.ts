/** What choosing among a course's language versions needs of each version. */
export interface CourseVersion {
  id: number;
  alias: string;
  language: string;
  status: string;
}

/** The person a list is for: their own language and their country. */
export interface VersionReader {
  language: string;
  country: string;
}

/**
 * Per course alias, the version a person is shown, in the language they chose to read.
 *
 * Which courses are listed is decided in the person's own language: per alias the version in that language, else the
 * country's, else English, else any (the lowest id first); a disabled pick drops the course, which does not come back
 * in another language. So the list, and what is due or complete in it, is the same whichever language is read. Each
 * listed course is then shown in the chosen language where an enabled version in it exists among `versionsOf` its
 * alias (by default those given), else as picked.
 */
export function pickVersions<V extends CourseVersion>(
  reader: VersionReader,
  versions: readonly V[],
  chosen: string = reader.language,
  versionsOf: (alias: string) => readonly V[] = (alias) => versions.filter((v) => v.alias === alias),
): Map<string, V> {
  const preference = [reader.language, reader.country, 'en'];
  const rank = (version: V) => {
    const i = preference.indexOf(version.language);
    return i < 0 ? preference.length : i;
  };
  const picked = new Map<string, V>();
  for (const version of versions) {
    const current = picked.get(version.alias);
    if (!current || rank(version) < rank(current) || (rank(version) === rank(current) && version.id < current.id))
      picked.set(version.alias, version);
  }
  for (const [alias, version] of picked) if (version.status !== 'enabled') picked.delete(alias);
  if (chosen === reader.language) return picked;
  for (const alias of picked.keys()) {
    const translated = versionsOf(alias).filter((v) => v.language === chosen && v.status === 'enabled');
    if (translated.length > 0)
      picked.set(
        alias,
        translated.reduce((a, b) => (b.id < a.id ? b : a)),
      );
  }
  return picked;
}

/**
 * A bundle's or a resource's fields as read in another language than its country's: those its text in that language
 * gives (not null), the rest its own. Without a text it reads as it is.
 */
export function readIn<T extends object>(own: T, text: { [K in keyof T]?: T[K] | null } | undefined): T {
  if (!text) return own;
  const read = { ...own };
  for (const key of Object.keys(text) as (keyof T)[]) {
    const value = text[key];
    if (value !== null && value !== undefined) read[key] = value as T[keyof T];
  }
  return read;
}
