/**
 * Imports a SCORM package into the courses folder and registers it as a course version:
 *   npm run course:import -- file.zip --alias safe-work --language lv [--name "…"] [--folder safe-work-lv]
 *        [--type mandatory|optional] [--expiration 12] [--replace]
 * Uses the same settings as the server (DATABASE_URL, COURSES_DIR). A refused package leaves nothing behind.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { LANGUAGES, type Language } from '@portal/shared';
import { loadConfig } from '../apps/server/src/config.js';
import { connect, migrateToLatest } from '../apps/server/src/db/connect.js';
import { saveCourseSequencing } from '../apps/server/src/db/course-sequencing.js';
import { saveCourseVersion } from '../apps/server/src/db/course-versions.js';
import { importPackage, PackageError } from '../apps/server/src/scorm/import.js';

const ALIAS = /^[a-z0-9][a-z0-9_-]{0,99}$/i;

function fail(message: string): never {
  console.error(`course:import: ${message}`);
  process.exit(1);
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    alias: { type: 'string' },
    language: { type: 'string' },
    name: { type: 'string' },
    folder: { type: 'string' },
    type: { type: 'string' },
    expiration: { type: 'string' },
    replace: { type: 'boolean', default: false },
  },
});

const [zipPath] = positionals;
if (!zipPath || positionals.length !== 1)
  fail('give exactly one .zip file (npm run course:import -- file.zip --alias … --language …)');
if (!values.alias || !ALIAS.test(values.alias)) fail('--alias is required: letters, digits, - and _');
const language = values.language as Language;
if (!LANGUAGES.includes(language)) fail(`--language must be one of ${LANGUAGES.join(', ')}`);
if (values.type && values.type !== 'mandatory' && values.type !== 'optional')
  fail('--type must be mandatory or optional');
const expiration = values.expiration === undefined ? undefined : Number(values.expiration);
if (expiration !== undefined && (!Number.isInteger(expiration) || expiration < 0 || expiration > 120)) {
  fail('--expiration must be a whole number of months (0 = never)');
}

const config = loadConfig();
const folder = values.folder ?? `${values.alias}-${language}`;
const existed = fs.existsSync(path.join(config.COURSES_DIR, folder));

let imported;
try {
  imported = await importPackage(path.resolve(zipPath), {
    coursesDir: config.COURSES_DIR,
    folder,
    replace: values.replace,
  });
} catch (error) {
  if (error instanceof PackageError) fail(`refused ${path.basename(zipPath)}: ${error.message}`);
  fail(`could not import ${path.basename(zipPath)}: ${(error as Error).message}`);
}

const connection = connect(config.DATABASE_URL, { baseDir: config.repoRoot });
try {
  await migrateToLatest(connection);
  const alias = values.alias;
  const saved = await connection.db.transaction().execute(async (trx) => {
    const version = await saveCourseVersion(trx, {
      alias,
      language,
      name: values.name ?? imported.manifest.title,
      folder,
      launch_file: imported.manifest.launchFile,
      scorm_version: imported.manifest.version,
      ...(values.type ? { course_type: values.type as 'mandatory' | 'optional' } : {}),
      ...(expiration !== undefined ? { expiration } : {}),
    });
    await saveCourseSequencing(trx, version.id, imported.sequencing);
    return version;
  });
  console.log(
    `${saved.created ? 'added' : 'updated'} course ${values.alias} (${language}, id ${saved.id}): SCORM ${imported.manifest.version}, ` +
      `${imported.manifest.scos.length} SCO(s), launches ${imported.manifest.launchFile}, ${imported.files} files in ${imported.dir}`,
  );
} catch (error) {
  // The course could not be registered: do not leave a folder nobody points at.
  if (!existed) fs.rmSync(imported.dir, { recursive: true, force: true });
  fail(`could not register the course: ${(error as Error).message}`);
} finally {
  await connection.close();
}
