import { LANGUAGES, type UserProfile } from '@portal/shared';
import type { QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getQuery, useGet } from './queries';

/** How long the signed-in user's profile and settings are shown before they are asked for again. */
const USER_STALE_MS = 5 * 60_000;

/** The signed-in user (`users`), shared by every view; loaded once per session. */
export function useProfile({ enabled = true }: { enabled?: boolean } = {}) {
  return useGet('users', {}, { staleTime: USER_STALE_MS, retry: false, enabled });
}

/** Starts loading the signed-in user while the view that shows it is still loading its code. */
export function prefetchProfile(client: QueryClient): void {
  void client.prefetchQuery({ ...getQuery('users', {}), staleTime: USER_STALE_MS });
}

/**
 * The portal's settings for the signed-in user in the language the portal shows (help guide, ABC link, videos,
 * bundle counts): the menu and the page share one request. Here rather than in a module of its own, which would be
 * one more script for the home page to fetch before it can ask.
 */
export function usePortalSettings() {
  const { i18n } = useTranslation();
  // Not i18n/language's isLanguage: imported from here, the bundler gave that module a chunk of its own.
  const language = LANGUAGES.find((l) => l === i18n.language);
  return useGet('portal_settings', language ? { language } : {}, { staleTime: USER_STALE_MS });
}

export const isStoreUser = (user: UserProfile) => user.typ === 'store_user';
export const isManager = (user: UserProfile) => user.role === 'admin' || user.role === 'regman';
export const isTrainingManager = (user: UserProfile) => user.role === 'admin' && user.typ === 'dev';
