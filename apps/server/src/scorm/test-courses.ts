import fs from 'node:fs';
import path from 'node:path';
import type { TestEnv } from '../../test/test-env.js';
import { saveCourseSequencing } from '../db/course-sequencing.js';
import { parseSequencing } from './sequencing/activity-tree.js';

/**
 * Adds an optional SCORM 2004 course `alias` in Latvian for the server's tests: its folder holds the manifest `xml`
 * and an `index.html`, and its activity tree is stored as an upload stores it.
 */
export async function addScorm2004Course(env: TestEnv, alias: string, xml: string): Promise<void> {
  const dir = path.join(env.config.COURSES_DIR, `${alias}-lv`);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'imsmanifest.xml'), xml);
  fs.writeFileSync(path.join(dir, 'index.html'), '<p>x</p>');
  const { id } = await env.db
    .insertInto('courses')
    .values({
      alias,
      language: 'lv',
      name: alias,
      description: '',
      expiration: 0,
      folder: `${alias}-lv`,
      course_type: 'optional',
      status: 'enabled',
      course_order_office: 0,
      course_order_store: 0,
      external_url: null,
      launch_file: 'index.html',
      scorm_version: '2004',
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await saveCourseSequencing(env.db, id, parseSequencing(xml));
}
