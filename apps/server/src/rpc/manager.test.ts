import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase, type TestEnv } from '../../test/test-env.js';
import { repoRoot } from '../config.js';
import { courseSequencing } from '../db/course-sequencing.js';
import { zipBuffer } from '../scorm/test-zips.js';
import { demoPackages } from '../seed/demo-packages.js';
import { affectedByCell } from './manager-positions.js';
import { managerApi } from './manager.js';

const SAMPLES = path.resolve(repoRoot, '../shared/samples');
const GOLF = path.join(SAMPLES, 'scorm12-golf-basic-calls.zip');
const coursesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'manager-courses-'));
afterAll(() => fs.rmSync(coursesDir, { recursive: true, force: true }));
/** The course folders uploads left beside the demo courses. */
const demoFolders = new Set(demoPackages().keys());
const uploadedFolders = () => fs.readdirSync(coursesDir).filter((folder) => !demoFolders.has(folder));

const OTHERS = [
  { who: 'Anna (learner)', login: 'ab1234', pass: '' },
  { who: 'Līga (store admin)', login: 'lo1234', pass: 'demo-pass' },
  { who: 'Roberts (regional manager)', login: 'roberts.liepa', pass: 'demo-pass' },
  { who: 'Inga (office admin)', login: 'inga.vitola', pass: 'demo-pass' },
];

/** A multipart/form-data body: text fields, then an optional file. */
function multipart(fields: Record<string, string>, file?: { name: string; filename: string; content: Buffer }) {
  const boundary = `----manager-test-${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\n` +
          'Content-Type: application/zip\r\n\r\n',
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(
  env: TestEnv,
  token: string | null,
  fields: Record<string, string>,
  file: { filename: string; content: Buffer } | null = { filename: 'golf.zip', content: fs.readFileSync(GOLF) },
) {
  const body = multipart(fields, file ? { name: 'package', ...file } : undefined);
  const response = await env.app.inject({
    method: 'POST',
    url: '/api/course-upload',
    payload: body.payload,
    headers: { 'content-type': body.contentType, ...(token ? { cookie: `portal_session=${token}` } : {}) },
  });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
}

/** A SCORM 2004 manifest whose item refers to a sequencing collection member that does not exist. */
const BROKEN_SEQUENCING = `<?xml version="1.0"?>
<manifest identifier="m" xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" xmlns:imsss="http://www.imsglobal.org/xsd/imsss">
  <metadata><schema>ADL SCORM</schema><schemaversion>2004 4th Edition</schemaversion></metadata>
  <organizations default="o"><organization identifier="o"><title>T</title>
    <item identifier="i1" identifierref="r1"><title>One</title><imsss:sequencing IDRef="shared-rules"/></item>
  </organization></organizations>
  <resources><resource identifier="r1" type="webcontent" href="index.html"><file href="index.html"/></resource></resources>
</manifest>`;

const TABLES = [
  'courses',
  'course_sequencing',
  'course_positions',
  'bundle_positions',
  'additional_courses',
  'notifications',
  'login_links',
  'audit_log',
] as const;

/** Row counts of every table the manager calls write, to show that a refused call changed nothing. */
async function snapshot(env: TestEnv) {
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    const row = await env.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  return counts;
}

async function ids(env: TestEnv) {
  const course = await env.db
    .selectFrom('courses')
    .select(['id', 'alias'])
    .where('alias', '=', 'welcome')
    .where('language', '=', 'lv')
    .executeTakeFirstOrThrow();
  const bundle = await env.db
    .selectFrom('bundles')
    .select('id')
    .where('kind', '=', 'instruction')
    .where('country', '=', 'lv')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const login = await env.db.selectFrom('login_links').select('id').orderBy('id').executeTakeFirstOrThrow();
  const notification = await env.db.selectFrom('notifications').select('id').orderBy('id').executeTakeFirstOrThrow();
  return { course, bundleId: bundle.id, loginId: login.id, notificationId: notification.id };
}

/** A valid input for every manager call, so that only the caller's role can make it fail. */
function validInputs(x: Awaited<ReturnType<typeof ids>>): Record<string, Record<string, unknown>> {
  return {
    add_course: {
      alias: 'refused-course',
      language: 'lv',
      name: 'X',
      expiration: 0,
      course_type: 'optional',
      external_url: 'https://example.com/x',
    },
    update_course: { id: x.course.id, status: 'disabled' },
    courses_by_type: { language: 'lv', course_type: 'mandatory' },
    get_course_positions: { language: 'lv' },
    add_course_to_position: { courseId: x.course.id, courseAlias: 'welcome', position: 'cashier', language: 'lv' },
    remove_course_from_position: { courseId: x.course.id, courseAlias: 'welcome', position: 'cashier', language: 'lv' },
    get_instruction_positions: { country: 'lv' },
    add_instruction_to_position: { bundleId: x.bundleId, position: 'warehouse-worker' },
    remove_instruction_from_position: { bundleId: x.bundleId, position: 'cashier' },
    add_courses_impact: { course_ids: [x.course.id], departments: ['lv-riga-01'] },
    add_courses: { course_ids: [x.course.id], departments: ['lv-riga-01'] },
    add_notification: { language: 'lv', alias: 'refused', name: 'X', external: 0 },
    manager_notifications: { language: 'lv' },
    set_notification_status: { id: x.notificationId, status: 'disabled' },
    manager_login_links: { language: 'lv' },
    save_login_link: { link_type: 'survey', language: 'lv', heading: 'X', url: 'https://example.com/s' },
    delete_login_link: { id: x.loginId },
  };
}

describe('affectedByCell', () => {
  it('counts the position’s people less additional holders, and nobody when another version covers them', () => {
    expect(affectedByCell({ enabled: true, otherVersionOnPosition: false, people: 12, additionalHolders: 2 })).toBe(10);
    expect(affectedByCell({ enabled: true, otherVersionOnPosition: true, people: 12, additionalHolders: 0 })).toBe(0);
    expect(affectedByCell({ enabled: false, otherVersionOnPosition: false, people: 12, additionalHolders: 0 })).toBe(0);
    expect(affectedByCell({ enabled: true, otherVersionOnPosition: false, people: 1, additionalHolders: 3 })).toBe(0);
  });
});

describeEachDatabase(
  'training manager calls',
  (env) => {
    let manager: string;
    // The folder is shared by both databases' runs: each starts from the demo courses alone.
    beforeAll(() => {
      for (const entry of uploadedFolders()) fs.rmSync(path.join(coursesDir, entry), { recursive: true });
    });
    const signIn = async () => (manager ??= await env().login('training.manager', 'demo-pass'));

    it('lists every manager call once, each for the catalogue capability only', () => {
      const names = managerApi.map((r) => r.contract.name);
      expect(new Set(names).size).toBe(names.length);
      expect(managerApi.every((r) => r.allow === 'catalogue')).toBe(true);
      for (const name of [
        'add_course',
        'get_course_positions',
        'add_course_to_position',
        'remove_course_from_position',
        'get_instruction_positions',
        'add_instruction_to_position',
        'remove_instruction_from_position',
        'courses_by_type',
        'add_courses',
        'add_notification',
      ]) {
        expect(names).toContain(name);
      }
    });

    it('answers not active without a session, for every call and the upload', async () => {
      const x = await ids(env());
      for (const [name, input] of Object.entries(validInputs(x))) {
        const res = await env().call(name, input);
        expect(res.status, name).toBe(401);
        expect(res.body.error, name).toBe('not active');
      }
      const res = await upload(env(), null, { alias: 'x', language: 'lv' });
      expect(res.status).toBe(401);
      expect(res.body.error).toBe('not active');
    });

    it.each(OTHERS)('refuses every call and the upload to $who, and nothing changes', async ({ login, pass }) => {
      const token = await env().login(login, pass);
      const x = await ids(env());
      const before = await snapshot(env());
      for (const [name, input] of Object.entries(validInputs(x))) {
        const res = await env().call(name, input, token);
        expect(res.status, name).toBe(403);
        expect(res.body.error, name).toBe('forbidden');
      }
      // Even invalid input is refused as forbidden: the role is checked first.
      expect((await env().call('add_course', { alias: '' }, token)).body.error).toBe('forbidden');
      const res = await upload(env(), token, {
        alias: 'refused-upload',
        language: 'lv',
        name: 'Golf',
        expiration: '12',
        course_type: 'mandatory',
      });
      expect(res.status).toBe(403);
      expect(res.body.error).toBe('forbidden');
      expect(await snapshot(env())).toEqual(before);
      expect(uploadedFolders()).toEqual([]);
    });

    it('validates add_course and refuses a taken alias with conflict', async () => {
      const token = await signIn();
      const bad = await env().call(
        'add_course',
        { alias: 'Bad Alias', language: 'xx', name: '', expiration: -1, course_type: 'sometimes' },
        token,
      );
      expect(bad.status).toBe(400);
      expect(bad.body.error).toBe('invalid input');
      expect(Object.keys(bad.body.fields ?? {}).sort()).toEqual(
        ['alias', 'course_type', 'expiration', 'language', 'name'].sort(),
      );
      expect(bad.body.fields?.alias).toMatch(/lower-case/);

      const neither = await env().call(
        'add_course',
        { alias: 'no-content', language: 'lv', name: 'N', expiration: 0, course_type: 'optional' },
        token,
      );
      expect(neither.status).toBe(400);
      expect(neither.body.fields?.folder).toMatch(/Upload a SCORM package/);

      const badLink = await env().call(
        'add_course',
        {
          alias: 'js-link',
          language: 'lv',
          name: 'N',
          expiration: 0,
          course_type: 'optional',
          external_url: 'javascript:alert(1)',
        },
        token,
      );
      expect(badLink.status).toBe(400);
      expect(badLink.body.fields?.external_url).toBeTruthy();

      const missingFolder = await env().call(
        'add_course',
        { alias: 'ghost', language: 'lv', name: 'N', expiration: 0, course_type: 'optional', folder: 'no-such-folder' },
        token,
      );
      expect(missingFolder.status).toBe(400);
      expect(missingFolder.body.fields?.folder).toMatch(/no course folder/);

      const taken = await env().call(
        'add_course',
        {
          alias: 'welcome',
          language: 'lv',
          name: 'Again',
          expiration: 0,
          course_type: 'optional',
          external_url: 'https://example.com',
        },
        token,
      );
      expect(taken.status).toBe(409);
      expect(taken.body.message).toMatch(/already exists in language lv/);
    });

    it('adds an external course and a course over an existing folder, and audits them', async () => {
      const token = await signIn();
      const external = await env().call(
        'add_course',
        {
          alias: 'ext-ethics',
          language: 'lt',
          name: 'Etika',
          description: 'Išorinis kursas',
          expiration: 24,
          course_type: 'optional',
          course_order_store: 7,
          external_url: 'https://example.com/ethics',
        },
        token,
      );
      expect(external.status).toBe(200);
      expect(external.body.result).toMatchObject({
        alias: 'ext-ethics',
        language: 'lt',
        expiration: 24,
        course_type: 'optional',
        course_order_store: 7,
        course_order_office: 100,
        status: 'enabled',
        external_url: 'https://example.com/ethics',
        folder: '',
        positions: 0,
      });
      // The same alias in another language is a new version, not a conflict; the demo folder already exists.
      const folder = await env().call(
        'add_course',
        {
          alias: 'ext-ethics',
          language: 'ee',
          name: 'Eetika',
          expiration: 24,
          course_type: 'optional',
          folder: 'welcome-ee',
        },
        token,
      );
      expect(folder.status).toBe(200);
      expect(folder.body.result).toMatchObject({ folder: 'welcome-ee', launch_file: 'index.html' });
      const audit = await env()
        .db.selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'course.add')
        .where('subject_id', '=', String((external.body.result as { id: number }).id))
        .executeTakeFirstOrThrow();
      expect(audit.before_json).toBe('null');
      expect(JSON.parse(audit.after_json!)).toMatchObject({ alias: 'ext-ethics', source: 'external' });
    });

    it('uploads a real SCORM 1.2 package as a new course, then refuses the same alias without leaving anything', async () => {
      const token = await signIn();
      const fields = {
        alias: 'golf-basics',
        language: 'lv',
        name: 'Golfa pamati',
        description: 'Reāla SCORM 1.2 pakete',
        expiration: '12',
        course_type: 'mandatory',
        course_order_store: '5',
      };
      const res = await upload(env(), token, fields);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.result).toMatchObject({
        alias: 'golf-basics',
        language: 'lv',
        folder: 'golf-basics-lv',
        scorm_version: '1.2',
        expiration: 12,
        course_type: 'mandatory',
        course_order_store: 5,
        status: 'enabled',
      });
      const launch = (res.body.result as { launch_file: string }).launch_file;
      expect(fs.existsSync(path.join(coursesDir, 'golf-basics-lv', launch.split('?')[0]!))).toBe(true);

      const before = await snapshot(env());
      const again = await upload(env(), token, fields);
      expect(again.status).toBe(409);
      expect(again.body.message).toMatch(/already exists/);
      expect(await snapshot(env())).toEqual(before);
      expect(uploadedFolders()).toEqual(['golf-basics-lv']);
    });

    it('refuses invalid packages and invalid fields with clear errors, leaving nothing behind', async () => {
      const token = await signIn();
      const before = await snapshot(env());
      const fields = { alias: 'broken', language: 'lv', name: 'B', expiration: '0', course_type: 'optional' };
      for (const [file, message] of [
        ['no-manifest.zip', /no imsmanifest\.xml/],
        ['manifest-in-subfolder.zip', /must be at the root/],
      ] as const) {
        const res = await upload(env(), token, fields, {
          filename: file,
          content: fs.readFileSync(path.join(SAMPLES, 'invalid', file)),
        });
        expect(res.status, file).toBe(400);
        expect(res.body.error).toBe('invalid input');
        expect(String(res.body.message)).toMatch(message);
        expect((res.body.fields as Record<string, string>).package).toMatch(message);
      }
      const notZip = await upload(env(), token, fields, { filename: 'golf.zip', content: Buffer.from('not a zip') });
      expect(notZip.status).toBe(400);
      expect(String(notZip.body.message)).toMatch(/not a readable \.zip/);

      const wrongName = await upload(env(), token, fields, { filename: 'golf.pdf', content: fs.readFileSync(GOLF) });
      expect((wrongName.body.fields as Record<string, string>).package).toMatch(/\.zip/);

      const badFields = await upload(env(), token, { ...fields, alias: '../etc', expiration: '999' });
      expect(badFields.status).toBe(400);
      expect(Object.keys(badFields.body.fields as object).sort()).toEqual(['alias', 'expiration']);

      const noFile = await upload(env(), token, fields, null);
      expect(noFile.status).toBe(400);
      expect((noFile.body.fields as Record<string, string>).package).toMatch(/Choose a SCORM/);

      const takenFolder = await upload(env(), token, { ...fields, folder: 'welcome-lv' });
      expect(takenFolder.status).toBe(409);
      expect(String(takenFolder.body.message)).toMatch(/folder "welcome-lv" is already in use/);

      expect(await snapshot(env())).toEqual(before);
      expect(uploadedFolders().filter((f) => f !== 'golf-basics-lv')).toEqual([]);
    });

    it('stores a SCORM 2004 package’s activity tree with the course version', async () => {
      const token = await signIn();
      const fields = { alias: 'golf-sequenced', language: 'lv', name: 'G', expiration: '0', course_type: 'optional' };
      const zip = fs.readFileSync(path.join(SAMPLES, 'external', 'golf-seq-forced-sequential-scorm2004-3rd.zip'));
      const res = await upload(env(), token, fields, { filename: 'golf.zip', content: zip });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const stored = await courseSequencing(env().db, (res.body.result as { id: number }).id);
      expect(stored?.objectivesGlobalToSystem).toBe(false);
      const tree = stored!.activityTree;
      expect(tree.id).toBe('golf_sample_default_org');
      expect(tree.children?.map((a) => a.id)).toEqual([
        'playing_item',
        'etuqiette_item',
        'handicapping_item',
        'havingfun_item',
        'assessment_item',
      ]);
      const etiquette = tree.children![1]!;
      expect(etiquette.sequencingRules.preConditionRules).toEqual([
        {
          action: 'disabled',
          conditionCombination: 'any',
          conditions: [
            { condition: 'satisfied', operator: 'not', referencedObjective: 'previous_sco_satisfied' },
            { condition: 'objectiveStatusKnown', operator: 'not', referencedObjective: 'previous_sco_satisfied' },
          ],
        },
      ]);
      // From the sequencing collection member the item refers to.
      expect(etiquette.deliveryControls).toEqual({
        tracked: true,
        completionSetByContent: true,
        objectiveSetByContent: true,
      });
      expect(etiquette.sequencingControls.objectiveMeasureWeight).toBe(0);
      expect(stored!.launches.etuqiette_item).toEqual({
        href: 'shared/launchpage.html?content=etiquette',
        scormType: 'sco',
      });
    });

    it('refuses a package whose sequencing refers to a missing collection member, leaving nothing behind', async () => {
      const token = await signIn();
      const before = await snapshot(env());
      const zip = await zipBuffer([
        ['imsmanifest.xml', BROKEN_SEQUENCING],
        ['index.html', '<p>one</p>'],
      ]);
      const fields = { alias: 'broken-seq', language: 'lv', name: 'B', expiration: '0', course_type: 'optional' };
      const res = await upload(env(), token, fields, { filename: 'broken.zip', content: zip });
      expect(res.status).toBe(400);
      expect(String(res.body.message)).toMatch(
        /sequencing is not valid: item "i1": it refers to the sequencing collection member "shared-rules", which does not exist/,
      );
      expect(await snapshot(env())).toEqual(before);
      expect(fs.existsSync(path.join(coursesDir, 'broken-seq-lv'))).toBe(false);
    });

    it('stores the tree of a SCORM 2004 course made over an existing folder, and refuses a folder whose sequencing is broken', async () => {
      const token = await signIn();
      const input = { language: 'lv', name: 'S', expiration: 0, course_type: 'optional' };
      const made = await env().call('add_course', { ...input, alias: 'safe-work-copy', folder: 'safe-work-lv' }, token);
      expect(made.status).toBe(200);
      const stored = await courseSequencing(env().db, (made.body.result as { id: number }).id);
      expect(stored?.activityTree.children?.map((activity) => activity.id)).toEqual(['item_1']);
      expect(stored?.launches).toEqual({ item_1: { href: 'index.html', scormType: 'sco' } });
      // The demo version the seed made over the same folder has the same tree.
      const seeded = await env()
        .db.selectFrom('courses')
        .select('id')
        .where('alias', '=', 'safe-work')
        .where('language', '=', 'lv')
        .executeTakeFirstOrThrow();
      expect(await courseSequencing(env().db, seeded.id)).toEqual(stored);

      const broken = path.join(coursesDir, 'broken-seq-folder');
      fs.mkdirSync(broken);
      fs.writeFileSync(path.join(broken, 'imsmanifest.xml'), BROKEN_SEQUENCING);
      fs.writeFileSync(path.join(broken, 'index.html'), '<p>one</p>');
      try {
        const before = await snapshot(env());
        const refused = await env().call(
          'add_course',
          { ...input, alias: 'broken-folder', folder: 'broken-seq-folder' },
          token,
        );
        expect(refused.status).toBe(400);
        expect(refused.body.fields?.folder).toMatch(
          /sequencing collection member "shared-rules", which does not exist/,
        );
        expect(await snapshot(env())).toEqual(before);
      } finally {
        fs.rmSync(broken, { recursive: true, force: true });
      }
    });

    it('updates and disables a course, which learners stop seeing at once', async () => {
      const token = await signIn();
      const anna = await env().login('ab1234');
      const x = await ids(env());
      const seen = async () =>
        ((await env().call('courses', {}, anna)).body.result as { alias: string }[]).map((c) => c.alias);
      expect(await seen()).toContain('welcome');
      expect((await env().call('update_course', { id: x.course.id }, token)).body.fields?.id).toMatch(/Nothing/);
      const off = await env().call('update_course', { id: x.course.id, status: 'disabled', expiration: 6 }, token);
      expect(off.status).toBe(200);
      expect(off.body.result).toMatchObject({ status: 'disabled', expiration: 6 });
      expect(await seen()).not.toContain('welcome');
      const list = (await env().call('courses_by_type', { language: 'lv', course_type: 'mandatory' }, token)).body
        .result as { alias: string; status: string; course_type: string }[];
      expect(list.find((c) => c.alias === 'welcome')?.status).toBe('disabled');
      expect(list.every((c) => c.course_type === 'mandatory')).toBe(true);
      await env().call('update_course', { id: x.course.id, status: 'enabled', expiration: 0 }, token);
      expect(await seen()).toContain('welcome');
      expect((await env().call('update_course', { id: 999999, status: 'enabled' }, token)).status).toBe(404);
      expect((await env().call('courses_by_type', { language: 'xx' }, token)).status).toBe(400);
    });

    it('assigns a course to a position with the count of people it affects, and learners see it at once', async () => {
      const token = await signIn();
      const anna = await env().login('ab1234');
      const course = (await env()
        .db.selectFrom('courses')
        .select(['id', 'alias'])
        .where('alias', '=', 'golf-basics')
        .where('language', '=', 'lv')
        .executeTakeFirstOrThrow())!;
      const grid = (await env().call('get_course_positions', { language: 'lv' }, token)).body.result as {
        positions: { id: number; alias: string; country: string; people: number }[];
        courses: { id: number }[];
        cells: { course_id: number; position_id: number; assigned: boolean; affected: number }[];
      };
      expect(grid.positions.every((p) => p.country === 'lv')).toBe(true);
      const cashier = grid.positions.find((p) => p.alias === 'cashier')!;
      expect(cashier.people).toBeGreaterThan(0);
      const cell = grid.cells.find((c) => c.course_id === course.id && c.position_id === cashier.id)!;
      expect(cell).toMatchObject({ assigned: false, affected: cashier.people });
      expect(grid.cells).toHaveLength(grid.courses.length * grid.positions.length);

      const input = { courseId: course.id, courseAlias: 'golf-basics', position: 'cashier', language: 'lv' };
      const added = await env().call('add_course_to_position', input, token);
      expect(added.body.result).toEqual({ changed: true, affected: cashier.people });
      expect((await env().call('add_course_to_position', input, token)).body.result).toEqual({
        changed: false,
        affected: 0,
      });
      const annaCourses = (await env().call('courses', {}, anna)).body.result as {
        alias: string;
        course_type: string;
      }[];
      expect(annaCourses.find((c) => c.alias === 'golf-basics')?.course_type).toBe('mandatory');

      const audit = await env()
        .db.selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'course.position.add')
        .executeTakeFirstOrThrow();
      expect(JSON.parse(audit.before_json!).position_ids).not.toContain(cashier.id);
      expect(JSON.parse(audit.after_json!).position_ids).toContain(cashier.id);

      // A welcome course already on the position in lv: adding the English version affects nobody.
      const welcomeEn = await env()
        .db.selectFrom('courses')
        .select('id')
        .where('alias', '=', 'welcome')
        .where('language', '=', 'en')
        .executeTakeFirstOrThrow();
      const enGrid = (await env().call('get_course_positions', { language: 'en', country: 'lv' }, token)).body
        .result as typeof grid;
      const enCell = enGrid.cells.find((c) => c.course_id === welcomeEn.id && c.position_id === cashier.id)!;
      expect(enCell.assigned).toBe(true);
      expect(enCell.affected).toBe(0);

      const removed = await env().call('remove_course_from_position', input, token);
      expect(removed.body.result).toEqual({ changed: true, affected: cashier.people });
      expect(
        ((await env().call('courses', {}, anna)).body.result as { alias: string }[]).map((c) => c.alias),
      ).not.toContain('golf-basics');
      await env().call('add_course_to_position', input, token);
    });

    it('validates course × position changes', async () => {
      const token = await signIn();
      const x = await ids(env());
      const base = { courseId: x.course.id, courseAlias: 'welcome', position: 'cashier', language: 'lv' };
      const wrongAlias = await env().call('add_course_to_position', { ...base, courseAlias: 'safe-work' }, token);
      expect(wrongAlias.status).toBe(400);
      expect(wrongAlias.body.fields?.courseAlias).toMatch(/is "welcome" in lv/);
      const wrongCountry = await env().call('add_course_to_position', { ...base, country: 'lt' }, token);
      expect(wrongCountry.body.fields?.country).toMatch(/positions in lv only/);
      const noPosition = await env().call('add_course_to_position', { ...base, position: 'astronaut' }, token);
      expect(noPosition.status).toBe(404);
      const noCourse = await env().call('add_course_to_position', { ...base, courseId: 999999 }, token);
      expect(noCourse.status).toBe(404);
      const missing = await env().call('remove_course_from_position', { courseId: 'x' }, token);
      expect(missing.status).toBe(400);
      expect(Object.keys(missing.body.fields ?? {})).toEqual(
        expect.arrayContaining(['courseId', 'courseAlias', 'position', 'language']),
      );
      const en = await env()
        .db.selectFrom('courses')
        .select('id')
        .where('alias', '=', 'welcome')
        .where('language', '=', 'en')
        .executeTakeFirstOrThrow();
      const enNoCountry = await env().call(
        'add_course_to_position',
        { ...base, courseId: en.id, language: 'en' },
        token,
      );
      expect(enNoCountry.body.fields?.country).toMatch(/Say which country/);
    });

    it('assigns instruction bundles to positions and learners see them at once', async () => {
      const token = await signIn();
      const x = await ids(env());
      const grid = (await env().call('get_instruction_positions', { country: 'lv' }, token)).body.result as {
        positions: { id: number; alias: string; people: number }[];
        bundles: { bundleId: number }[];
        assignments: { bundle_id: number; position_id: number }[];
      };
      expect(grid.bundles.map((b) => b.bundleId)).toContain(x.bundleId);
      const warehouse = grid.positions.find((p) => p.alias === 'warehouse-worker')!;
      const karlisLogin = await env()
        .db.selectFrom('users')
        .innerJoin('positions', 'positions.id', 'users.position_id')
        .select('users.login')
        .where('positions.id', '=', warehouse.id)
        .executeTakeFirstOrThrow();
      const worker = await env().login(karlisLogin.login);
      const bundlesOf = async () =>
        ((await env().call('get_instructions', {}, worker)).body.result as { bundleId: number }[]).map(
          (b) => b.bundleId,
        );
      const had = (await bundlesOf()).includes(x.bundleId);
      const mode = had ? 'remove_instruction_from_position' : 'add_instruction_to_position';
      const res = await env().call(mode, { bundleId: x.bundleId, position: 'warehouse-worker' }, token);
      expect(res.body.result).toEqual({ changed: true, affected: warehouse.people });
      expect((await bundlesOf()).includes(x.bundleId)).toBe(!had);
      const back = had ? 'add_instruction_to_position' : 'remove_instruction_from_position';
      expect((await env().call(back, { bundleId: x.bundleId, position: 'warehouse-worker' }, token)).status).toBe(200);
      expect((await bundlesOf()).includes(x.bundleId)).toBe(had);

      expect((await env().call('get_instruction_positions', { country: 'en' }, token)).status).toBe(400);
      expect(
        (await env().call('add_instruction_to_position', { bundleId: x.bundleId, position: 'nope' }, token)).status,
      ).toBe(404);
      const cma = await env().db.selectFrom('bundles').select('id').where('kind', '=', 'cma').executeTakeFirstOrThrow();
      expect(
        (await env().call('add_instruction_to_position', { bundleId: cma.id, position: 'cashier' }, token)).status,
      ).toBe(404);
      expect((await env().call('add_instruction_to_position', { bundleId: -1 }, token)).status).toBe(400);
    });

    it('gives courses to whole departments as additional courses, with a preview first', async () => {
      const token = await signIn();
      const safeWork = await env()
        .db.selectFrom('courses')
        .select('id')
        .where('alias', '=', 'ext-ethics')
        .where('language', '=', 'lt')
        .executeTakeFirstOrThrow();
      const input = { course_ids: [safeWork.id], departments: ['lv-riga-02', 'lv-office-hr'] };
      const before = await snapshot(env());
      const preview = await env().call('add_courses_impact', input, token);
      expect(preview.status).toBe(200);
      expect(await snapshot(env())).toEqual(before);
      const impact = preview.body.result as { people: number; added: number; courses: string[]; departments: number };
      expect(impact).toMatchObject({ courses: ['ext-ethics'], departments: 2 });
      expect(impact.people).toBeGreaterThan(10);
      expect(impact.added).toBe(impact.people);

      const done = await env().call('add_courses', input, token);
      expect(done.body.result).toEqual(impact);
      const again = await env().call('add_courses', input, token);
      expect((again.body.result as { added: number }).added).toBe(0);

      const karlis = await env().login('kz1234');
      const list = (await env().call('courses', {}, karlis)).body.result as { alias: string; additional: boolean }[];
      expect(list.find((c) => c.alias === 'ext-ethics')?.additional).toBe(true);

      const bad = await env().call('add_courses', { course_ids: [999999], departments: ['nowhere'] }, token);
      expect(bad.status).toBe(400);
      expect(bad.body.fields?.course_ids).toMatch(/No course with id 999999/);
      const unknownDep = await env().call(
        'add_courses',
        { course_ids: [safeWork.id], departments: ['nowhere'] },
        token,
      );
      expect(unknownDep.body.fields?.departments).toMatch(/No department nowhere/);
      const empty = await env().call('add_courses', { course_ids: [], departments: [] }, token);
      expect(empty.body.fields).toMatchObject({
        course_ids: 'Choose at least one course.',
        departments: 'Choose at least one department.',
      });
    });

    it('adds a notification that learners of that language see at once, and validates links', async () => {
      const token = await signIn();
      const anna = await env().login('ab1234');
      const input = {
        language: 'lv',
        alias: 'new-survey',
        name: 'Jauna aptauja',
        description: 'Aizpildi līdz piektdienai.',
        external: 1,
        link: 'https://example.com/survey',
      };
      const res = await env().call('add_notification', input, token);
      expect(res.status).toBe(200);
      expect(res.body.result).toMatchObject({ alias: 'new-survey', status: 'active', external: 1, reads: 0 });
      const annas = (await env().call('notifications', {}, anna)).body.result as { alias: string; external: number }[];
      expect(annas.find((n) => n.alias === 'new-survey')).toMatchObject({ external: 1, link: input.link });
      const jonas = await env().login('jk1234');
      const lt = (await env().call('notifications', {}, jonas)).body.result as { alias: string }[];
      expect(lt.map((n) => n.alias)).not.toContain('new-survey');

      expect((await env().call('add_notification', input, token)).status).toBe(409);
      for (const link of ['javascript:alert(1)', '//evil.example/x', 'data:text/html,hi']) {
        const bad = await env().call('add_notification', { ...input, alias: 'bad-link', link }, token);
        expect(bad.status, link).toBe(400);
        expect(bad.body.fields?.link, link).toMatch(/https:\/\//);
      }
      const noLink = await env().call('add_notification', { ...input, alias: 'no-link', link: '' }, token);
      expect(noLink.body.fields?.link).toMatch(/needs a link/);
      const relative = await env().call(
        'add_notification',
        { ...input, alias: 'portal-page', external: 0, link: '/courses/1' },
        token,
      );
      expect(relative.status).toBe(200);
      const bad = await env().call('add_notification', { language: 'lv', alias: 'Bad Alias!', name: '' }, token);
      expect(Object.keys(bad.body.fields ?? {}).sort()).toEqual(['alias', 'name']);

      const list = (await env().call('manager_notifications', { language: 'lv' }, token)).body.result as {
        id: number;
        alias: string;
      }[];
      const created = list.find((n) => n.alias === 'new-survey')!;
      const off = await env().call('set_notification_status', { id: created.id, status: 'disabled' }, token);
      expect(off.body.result).toMatchObject({ status: 'disabled' });
      const after = (await env().call('notifications', {}, anna)).body.result as { alias: string }[];
      expect(after.map((n) => n.alias)).not.toContain('new-survey');
      const audit = await env()
        .db.selectFrom('audit_log')
        .select(['before_json', 'after_json'])
        .where('action', '=', 'notification.status')
        .executeTakeFirstOrThrow();
      expect(JSON.parse(audit.before_json!).status).toBe('active');
      expect(JSON.parse(audit.after_json!).status).toBe('disabled');
    });

    it('manages login page surveys and scholar courses per language, shown on the login page at once', async () => {
      const token = await signIn();
      const survey = await env().call(
        'save_login_link',
        {
          link_type: 'survey',
          language: 'ee',
          heading: 'Rahulolu küsitlus',
          description: 'Anonüümne',
          url: 'https://example.com/ee-survey',
          is_anon: true,
          bold_border: true,
          sort_order: 1,
        },
        token,
      );
      expect(survey.status).toBe(200);
      const created = survey.body.result as { id: number };
      const publicList = async () =>
        (await env().call('login_links', { language: 'ee' })).body.result as {
          linkSurveys: { surveyId: number; surveyHeading: string; surveyIsAnon: boolean }[];
          linkCourses: { courseHeading: string }[];
        };
      expect((await publicList()).linkSurveys.find((s) => s.surveyId === created.id)).toMatchObject({
        surveyHeading: 'Rahulolu küsitlus',
        surveyIsAnon: true,
      });
      const edited = await env().call(
        'save_login_link',
        { id: created.id, link_type: 'survey', language: 'ee', heading: 'Uus pealkiri', url: '/files/s.pdf' },
        token,
      );
      expect(edited.body.result).toMatchObject({ heading: 'Uus pealkiri', is_anon: false });
      const scholar = await env().call(
        'save_login_link',
        { link_type: 'scholar', language: 'ee', heading: 'Õpilaste kursus', url: 'https://example.com/scholar' },
        token,
      );
      expect(scholar.status).toBe(200);
      expect((await publicList()).linkCourses.map((c) => c.courseHeading)).toContain('Õpilaste kursus');
      const mine = (await env().call('manager_login_links', { language: 'ee' }, token)).body.result as { id: number }[];
      expect(mine.map((l) => l.id)).toContain(created.id);

      expect(
        (
          await env().call(
            'save_login_link',
            { link_type: 'survey', language: 'ee', heading: 'X', url: 'javascript:alert(1)' },
            token,
          )
        ).body.fields?.url,
      ).toBeTruthy();
      expect(
        (await env().call('save_login_link', { link_type: 'poll', language: 'ee', heading: '', url: '' }, token)).body
          .fields,
      ).toMatchObject({ link_type: expect.any(String), heading: expect.any(String), url: expect.any(String) });
      expect(
        (
          await env().call(
            'save_login_link',
            { id: 999999, link_type: 'survey', language: 'ee', heading: 'X', url: 'https://e.com' },
            token,
          )
        ).status,
      ).toBe(404);

      expect((await env().call('delete_login_link', { id: created.id }, token)).body.result).toBe('ok');
      expect((await publicList()).linkSurveys.map((s) => s.surveyId)).not.toContain(created.id);
      expect((await env().call('delete_login_link', { id: created.id }, token)).status).toBe(404);
      const audit = await env()
        .db.selectFrom('audit_log')
        .select(['action'])
        .where('subject_type', '=', 'login_link')
        .where('subject_id', '=', String(created.id))
        .execute();
      expect(audit.map((a) => a.action)).toEqual(['login_link.add', 'login_link.update', 'login_link.delete']);
    });
  },
  { COURSES_DIR: coursesDir },
);
