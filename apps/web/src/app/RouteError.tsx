import { useRouteError } from 'react-router';
import { LoadError } from '../components/PageState';

/** A section that failed to load (for example its code after a release): offer a reload. */
export function RouteError() {
  console.error(useRouteError());
  return <LoadError onRetry={() => window.location.reload()} />;
}
