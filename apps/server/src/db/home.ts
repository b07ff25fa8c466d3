import type { homeRoutes } from '@portal/shared';
import { catalogue } from './catalogue.js';
import { compiledOnce, runCompiled } from './compiled-query.js';
import type { Db } from './connect.js';
import { bundleCounts, bundleCountsOf } from './content.js';
import { countDueMandatory, ownAdditionalTable, ownResultsVersion, type CourseSubject } from './courses.js';
import { reachedGoals, unreachedGoals } from './goals.js';

/**
 * Everything the home page counts, read in one query of one-row derived tables and the person's results version: the
 * page asks on every visit, and on PostgreSQL each query is a round trip that costs the server more than its rows.
 * The parameters are the person's id (the results version, before the tables in the SQL), their id, their position's
 * id, and their id once more.
 */
const homeCountsQuery = compiledOnce((db) =>
  db
    .selectFrom([reachedGoals(db).as('goals'), bundleCounts(db).as('bundles'), ownAdditionalTable(db)])
    .selectAll()
    .select(ownResultsVersion(db)),
);

export async function loadHomeCounts(db: Db, person: CourseSubject, now = new Date()): Promise<homeRoutes.HomeCounts> {
  const [courses, [row]] = await Promise.all([
    catalogue(db),
    runCompiled(db, homeCountsQuery, [person.id, person.id, person.position_id, person.id]),
  ]);
  const bundles = bundleCountsOf(row);
  return {
    unreached_goals: unreachedGoals(row?.reached_goals),
    due_mandatory: await countDueMandatory(db, person, courses, row, now),
    cma_bundles: bundles.cma,
    instruction_bundles: bundles.instructions,
  };
}
