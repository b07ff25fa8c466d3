import type { UserProfile } from '@portal/shared';
import type { QueryClient } from '@tanstack/react-query';
import { getQuery, useGet } from './queries';

/** How long a loaded profile is shown before it is asked for again. */
const PROFILE_STALE_MS = 5 * 60_000;

/** The signed-in user (`users`), shared by every view; loaded once per session. */
export function useProfile({ enabled = true }: { enabled?: boolean } = {}) {
  return useGet('users', {}, { staleTime: PROFILE_STALE_MS, retry: false, enabled });
}

/** Starts loading the signed-in user while the view that shows it is still loading its code. */
export function prefetchProfile(client: QueryClient): void {
  void client.prefetchQuery({ ...getQuery('users', {}), staleTime: PROFILE_STALE_MS });
}

export const isStoreUser = (user: UserProfile) => user.typ === 'store_user';
export const isManager = (user: UserProfile) => user.role === 'admin' || user.role === 'regman';
export const isTrainingManager = (user: UserProfile) => user.role === 'admin' && user.typ === 'dev';
