import type { homeRoutes } from '@portal/shared';
import { catalogue } from './catalogue.js';
import { compiledOnce, runCompiled } from './compiled-query.js';
import type { Db } from './connect.js';
import { bundleCounts, bundleCountsOf } from './content.js';
import { countDueMandatory, ownAdditionalTable, ownCompletedTable, type CourseSubject } from './courses.js';
import { reachedGoals, unreachedGoals } from './goals.js';

/**
 * Everything the home page counts, read in one query of one-row derived tables: the page asks on every visit, and on
 * PostgreSQL each query is a round trip that costs the server more than its rows. The parameters are the person's
 * id, their position's id, and their id twice more.
 */
const homeCountsQuery = compiledOnce((db) =>
  db
    .selectFrom([
      reachedGoals(db).as('goals'),
      bundleCounts(db).as('bundles'),
      ownAdditionalTable(db),
      ownCompletedTable(db),
    ])
    .selectAll(),
);

export async function loadHomeCounts(db: Db, person: CourseSubject, now = new Date()): Promise<homeRoutes.HomeCounts> {
  const [courses, [row]] = await Promise.all([
    catalogue(db),
    runCompiled(db, homeCountsQuery, [person.id, person.position_id, person.id, person.id]),
  ]);
  const bundles = bundleCountsOf(row);
  return {
    unreached_goals: unreachedGoals(row?.reached_goals),
    due_mandatory: countDueMandatory(person, courses, row, now),
    cma_bundles: bundles.cma,
    instruction_bundles: bundles.instructions,
  };
}
