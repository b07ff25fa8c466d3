import { LANGUAGES } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { useGet } from './queries';

/**
 * The portal's settings for the signed-in user in the language the portal shows (help guide, ABC link, videos,
 * bundle counts): the menu and the page share one request.
 */
export function usePortalSettings() {
  const { i18n } = useTranslation();
  const language = LANGUAGES.find((l) => l === i18n.language);
  return useGet('portal_settings', language ? { language } : {}, { staleTime: 5 * 60_000 });
}
