import { Navigate, Outlet } from 'react-router';
import { isManager, isStoreUser, isTrainingManager, useProfile } from '../api/profile';

type Area = 'office-filter' | 'store-filter' | 'manager';

/** Mirrors the server's rules in the UI: a section the user may not use leads home. */
export function RequireRole({ allow }: { allow: Area }) {
  const { data: user } = useProfile();
  if (!user) return null;
  const allowed =
    allow === 'manager'
      ? isTrainingManager(user)
      : allow === 'office-filter'
        ? isManager(user) && !isStoreUser(user)
        : isManager(user);
  return allowed ? <Outlet /> : <Navigate to="/home" replace />;
}
