import { FilterPage } from './FilterPage';

/** `/filter/user/{section}`: results by store, people search, add user (not for regional managers). */
export function StoreFilterPage() {
  return <FilterPage kind="store" />;
}
