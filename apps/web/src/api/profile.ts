import type { UserProfile } from '@portal/shared';
import { useGet } from './queries';

/** The signed-in user (`users`), shared by every view; loaded once per session. */
export function useProfile({ enabled = true }: { enabled?: boolean } = {}) {
  return useGet('users', {}, { staleTime: 5 * 60_000, retry: false, enabled });
}

export const isStoreUser = (user: UserProfile) => user.typ === 'store_user';
export const isManager = (user: UserProfile) => user.role === 'admin' || user.role === 'regman';
export const isTrainingManager = (user: UserProfile) => user.role === 'admin' && user.typ === 'dev';
