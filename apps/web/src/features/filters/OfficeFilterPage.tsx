import { FilterPage } from './FilterPage';

/** `/filter/dep/{section}`: results by department, people search, add user. */
export function OfficeFilterPage() {
  return <FilterPage kind="office" />;
}
