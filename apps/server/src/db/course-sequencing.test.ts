import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIALECTS, openTestDatabase } from '../../test/test-env.js';
import { repoRoot } from '../config.js';
import { parseSequencing } from '../scorm/sequencing/activity-tree.js';
import { courseSequencing, saveCourseSequencing } from './course-sequencing.js';

const CTS = path.resolve(repoRoot, '../shared/conformance/scorm2004-cts/Courses');
const tree = (id: string) =>
  parseSequencing(fs.readFileSync(path.join(CTS, `LMSTestPackage_${id}`, 'imsmanifest.xml'), 'utf8'))!;

describe.each(DIALECTS)('course sequencing on %s', (dialect) => {
  it('stores a version’s tree, replaces it with the next package’s, and removes it for a package without one', async () => {
    const database = await openTestDatabase(dialect);
    try {
      const { db } = database;
      const course = await db
        .insertInto('courses')
        .values({
          alias: 'seq',
          language: 'lv',
          name: 'Seq',
          description: '',
          expiration: 0,
          folder: 'seq-lv',
          course_type: 'optional',
          status: 'enabled',
          course_order_office: 0,
          course_order_store: 0,
          external_url: null,
          launch_file: 'a.html',
          scorm_version: '2004',
          created_at: new Date().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      expect(await courseSequencing(db, course.id)).toBeNull();
      await saveCourseSequencing(db, course.id, tree('SX-05'));
      expect(await courseSequencing(db, course.id)).toEqual(tree('SX-05'));
      await saveCourseSequencing(db, course.id, tree('OB-07b'));
      expect(await courseSequencing(db, course.id)).toEqual(tree('OB-07b'));
      await saveCourseSequencing(db, course.id, null);
      expect(await courseSequencing(db, course.id)).toBeNull();

      await saveCourseSequencing(db, course.id, tree('CM-16'));
      await db.deleteFrom('courses').where('id', '=', course.id).execute();
      expect(await db.selectFrom('course_sequencing').selectAll().execute()).toEqual([]);
    } finally {
      await database.dispose();
    }
  });
});
