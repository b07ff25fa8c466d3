import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type Language } from '@portal/shared';
import { initialLanguage, localeTag } from './language';

/** Every catalog file, loaded only when its language and namespace are needed. */
const catalogs = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*/*.json');

const lazyCatalogs: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, done) {
    const load = catalogs[`./locales/${language}/${namespace}.json`];
    if (!load) return done(new Error(`no catalog ${language}/${namespace}`), false);
    load().then(
      (module) => done(null, module.default),
      (error: Error) => done(error, false),
    );
  },
};

export const i18nReady = i18next
  .use(lazyCatalogs)
  .use(initReactI18next)
  .init({
    lng: initialLanguage(),
    fallbackLng: false,
    supportedLngs: [...LANGUAGES],
    ns: ['common'],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    react: { useSuspense: true },
    returnNull: false,
    // i18next advertises its makers' service in every browser's console otherwise.
    showSupportNotice: false,
  });

i18next.on('languageChanged', (language) => {
  document.documentElement.lang = localeTag(language as Language);
});
document.documentElement.lang = localeTag(initialLanguage());

export { i18next };
