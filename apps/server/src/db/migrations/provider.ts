import type { Migration, MigrationProvider } from 'kysely';
import { initial } from './0001-initial.js';
import { courseStateSeq } from './0003-course-state-seq.js';
import { resultStatusIndex } from './0004-result-status-index.js';
import { catalogueVersion } from './0005-catalogue-version.js';
import { cachedRowsVersion } from './0006-cached-rows-version.js';
import { catalogueCachedRows } from './0007-catalogue-cached-rows.js';
import { resultsByPerson } from './0008-results-by-person.js';
import { resultsVersion } from './0009-results-version.js';
import { chartCounts } from './0010-chart-counts.js';
import { dropDerivedTables } from './0011-drop-derived-tables.js';
import { signInDevices } from './0012-sign-in-devices.js';
import { courseAttempts } from './0013-course-attempts.js';
import { courseSequencing } from './0014-course-sequencing.js';
import { bundleTexts } from './0015-bundle-texts.js';
import { attemptSequencing } from './0016-attempt-sequencing.js';
import { scormSharedData } from './0017-scorm-shared-data.js';
import { scormGlobalObjectives } from './0018-scorm-global-objectives.js';
import type { Dialect, PortalMigration } from './index.js';

/** Every migration, in order; the key is its name in the migration table. */
const all: Record<string, PortalMigration> = {
  '0001-initial': initial,
  '0003-course-state-seq': courseStateSeq,
  '0004-result-status-index': resultStatusIndex,
  '0005-catalogue-version': catalogueVersion,
  '0006-cached-rows-version': cachedRowsVersion,
  '0007-catalogue-cached-rows': catalogueCachedRows,
  '0008-results-by-person': resultsByPerson,
  '0009-results-version': resultsVersion,
  '0010-chart-counts': chartCounts,
  '0011-drop-derived-tables': dropDerivedTables,
  '0012-sign-in-devices': signInDevices,
  '0013-course-attempts': courseAttempts,
  '0014-course-sequencing': courseSequencing,
  '0015-bundle-texts': bundleTexts,
  '0016-attempt-sequencing': attemptSequencing,
  '0017-scorm-shared-data': scormSharedData,
  '0018-scorm-global-objectives': scormGlobalObjectives,
};

export function migrationProvider(dialect: Dialect): MigrationProvider {
  return {
    getMigrations: async () =>
      Object.fromEntries(Object.entries(all).map(([name, make]) => [name, make(dialect) as Migration])),
  };
}
