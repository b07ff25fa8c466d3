import type { Kysely } from 'kysely';
import { catalogueVersion } from './0005-catalogue-version.js';
import { cachedRowsVersion } from './0006-cached-rows-version.js';
import { catalogueCachedRows } from './0007-catalogue-cached-rows.js';
import { resultsByPerson } from './0008-results-by-person.js';
import { resultsVersion } from './0009-results-version.js';
import { chartCounts } from './0010-chart-counts.js';
import type { PortalMigration } from './index.js';

/** The migrations whose tables and triggers only kept copies of other rows, in the order they came. */
const DERIVED = [
  catalogueVersion,
  cachedRowsVersion,
  catalogueCachedRows,
  resultsByPerson,
  resultsVersion,
  chartCounts,
];

/**
 * Drops the copies of rows kept by triggers (`catalogue_version`, `cached_rows_version`, `results_by_person`,
 * `results_versions`, `chart_counts`): queries read the source tables through their covering indexes.
 */
export const dropDerivedTables: PortalMigration = (dialect) => ({
  async up(db: Kysely<unknown>) {
    for (const migration of [...DERIVED].reverse()) await migration(dialect).down(db);
  },
  async down(db: Kysely<unknown>) {
    for (const migration of DERIVED) await migration(dialect).up(db);
  },
});
