import type { Language } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { isLanguage } from './language';

/** The language the person reads the portal in: what the learner calls take as `userLang`. */
export function useUserLang(): Language | undefined {
  const { i18n } = useTranslation();
  return isLanguage(i18n.language) ? i18n.language : undefined;
}
