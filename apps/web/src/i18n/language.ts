import { DEFAULT_LANGUAGE, LANGUAGES, LOCALE_TAG, type Language } from '@portal/shared';

const KEY = 'prefLang';
const ONE_YEAR_S = 365 * 24 * 3600;

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The saved preference (local storage, else the prefLang cookie), or null when none was chosen. */
export function savedLanguage(): Language | null {
  const stored = localStorage.getItem(KEY);
  if (isLanguage(stored)) return stored;
  const cookie = document.cookie.split('; ').find((c) => c.startsWith(`${KEY}=`));
  const value = cookie?.slice(KEY.length + 1);
  return isLanguage(value) ? value : null;
}

export function saveLanguage(language: Language): void {
  localStorage.setItem(KEY, language);
  document.cookie = `${KEY}=${language}; path=/; max-age=${ONE_YEAR_S}; SameSite=Lax`;
}

export function initialLanguage(): Language {
  return savedLanguage() ?? DEFAULT_LANGUAGE;
}

/** `ee` is the portal's code for Estonian; documents and date formats need the BCP 47 tag `et`. */
export function localeTag(language: Language): string {
  return LOCALE_TAG[language];
}
