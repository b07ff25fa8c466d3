import fs from 'node:fs';
import path from 'node:path';
import { adminRoutes, type courseRoutes } from '@portal/shared';
import ExcelJS from 'exceljs';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, type TestEnv } from '../../test/test-env.js';

/** A SCORM 2004 course of three parts, each its own SCO. */
const THREE_PARTS = `<?xml version="1.0"?>
<manifest identifier="m" xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3">
  <metadata><schema>ADL SCORM</schema><schemaversion>2004 4th Edition</schemaversion></metadata>
  <organizations default="o"><organization identifier="o"><title>Safety</title>
    <item identifier="lesson" identifierref="r1"><title>Lesson</title></item>
    <item identifier="quiz" identifierref="r2"><title>Quiz</title></item>
    <item identifier="survey" identifierref="r3"><title>Survey</title></item>
  </organization></organizations>
  <resources>
    <resource identifier="r1" type="webcontent" adlcp:scormType="sco" href="lesson.html"/>
    <resource identifier="r2" type="webcontent" adlcp:scormType="sco" href="quiz.html"/>
    <resource identifier="r3" type="webcontent" adlcp:scormType="sco" href="survey.html"/>
  </resources>
</manifest>`;

async function idOf(env: TestEnv, login: string): Promise<number> {
  return (await env.db.selectFrom('users').select('id').where('login', '=', login).executeTakeFirstOrThrow()).id;
}

/** Puts the three-part course in the courses folder and the catalogue, as an upload would. */
async function addThreePartCourse(env: TestEnv) {
  const dir = path.join(env.config.COURSES_DIR, 'safety-parts-lv');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'imsmanifest.xml'), THREE_PARTS);
  for (const file of ['lesson.html', 'quiz.html', 'survey.html']) fs.writeFileSync(path.join(dir, file), '<p>x</p>');
  await env.db
    .insertInto('courses')
    .values({
      alias: 'safety-parts',
      language: 'lv',
      name: 'Safety',
      description: '',
      expiration: 0,
      folder: 'safety-parts-lv',
      course_type: 'optional',
      status: 'enabled',
      course_order_office: 0,
      course_order_store: 0,
      external_url: null,
      launch_file: 'lesson.html',
      scorm_version: '2004',
      created_at: new Date().toISOString(),
    })
    .execute();
}

async function commit(env: TestEnv, body: Record<string, unknown>) {
  const res = await env.app.inject({
    method: 'POST',
    url: '/scorm-commit',
    headers: { host: 'content.localhost:8080', 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
  expect(res.statusCode, res.body).toBe(200);
}

describeEachDatabase('what managers see of a person’s attempts and parts', (env) => {
  let anna: number;
  let karlis: number;
  let annaToken: string;
  let liga: string;
  let roberts: string;

  beforeAll(async () => {
    anna = await idOf(env(), 'ab1234');
    karlis = await idOf(env(), 'kz1234');
    annaToken = await env().login('ab1234');
    liga = await env().login('lo1234', 'demo-pass');
    roberts = await env().login('roberts.liepa', 'demo-pass');
    await addThreePartCourse(env());
    const added = await env().call(
      'add_additional_course',
      { save_user_id: anna, add_course_alias: 'safety-parts' },
      liga,
    );
    expect(added.status, JSON.stringify(added.body)).toBe(200);
  });

  it('refuses both calls without a session, to a learner, and for a person out of the manager’s scope', async () => {
    for (const route of ['get_course_attempts', 'get_course_parts']) {
      const input = { user_id: anna, course_alias: 'safety-parts' };
      expect((await env().call(route, input)).body.error, route).toBe('not active');
      expect((await env().call(route, { user_id: anna }, liga)).status, route).toBe(400);
      expect((await env().call(route, input, annaToken)).status, route).toBe(403);
      expect((await env().call(route, { ...input, user_id: karlis }, liga)).status, route).toBe(403);
    }
  });

  it('lists the parts in the manifest’s order with nothing saved before the course is opened', async () => {
    const res = await env().call('get_course_parts', { user_id: anna, course_alias: 'safety-parts' }, liga);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const none = { completion_status: null, success_status: null, score: null, done: false };
    expect(res.body.result).toEqual({
      attempt: null,
      parts: [
        { id: 'lesson', title: 'Lesson', ...none },
        { id: 'quiz', title: 'Quiz', ...none },
        { id: 'survey', title: 'Survey', ...none },
      ],
    });
  });

  it('shows each part’s status and score of the latest attempt, and each attempt’s summary', async () => {
    const launched = await env().call('launch_course', { course_alias: 'safety-parts' }, annaToken);
    expect(launched.status, JSON.stringify(launched.body)).toBe(200);
    const { token } = launched.body.result as courseRoutes.CourseLaunch;
    await commit(env(), {
      token,
      seq: 1,
      sco: 'lesson',
      cmi: { completion_status: 'completed', success_status: 'unknown', total_time: 'PT4M' },
    });
    await commit(env(), {
      token,
      seq: 2,
      sco: 'quiz',
      cmi: { completion_status: 'completed', success_status: 'failed', score: { raw: '40' }, total_time: 'PT1H2M3S' },
    });

    const parts = await env().call('get_course_parts', { user_id: anna, course_alias: 'safety-parts' }, roberts);
    expect(parts.status, JSON.stringify(parts.body)).toBe(200);
    expect(parts.body.result).toEqual({
      attempt: 1,
      parts: [
        {
          id: 'lesson',
          title: 'Lesson',
          completion_status: 'completed',
          success_status: null,
          score: null,
          done: true,
        },
        { id: 'quiz', title: 'Quiz', completion_status: 'completed', success_status: 'failed', score: 40, done: false },
        { id: 'survey', title: 'Survey', completion_status: null, success_status: null, score: null, done: false },
      ],
    });

    const attempts = await env().call('get_course_attempts', { user_id: anna, course_alias: 'safety-parts' }, roberts);
    expect(attempts.status, JSON.stringify(attempts.body)).toBe(200);
    expect(attempts.body.result).toEqual([
      expect.objectContaining({ attempt: 1, status: 'failed', score: 40, total_time: 'PT1H2M3S' }),
    ]);
  });

  it('puts every attempt in the person’s result export, in the export’s language', async () => {
    const res = await env().app.inject({
      method: 'GET',
      url: `${adminRoutes.DOWNLOAD_PATH}?r=get_user_data_excel&u=${anna}&lang=lv`,
      headers: { cookie: `portal_session=${liga}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Mēģinājumi')!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      'Kurss',
      'Mēģinājums',
      'Sākts',
      'Pēdējoreiz atvērts',
      'Statuss',
      'Rezultāts',
      'Pavadītais laiks',
    ]);
    const rows = sheet.getRows(2, sheet.rowCount - 1)!.map((row) => (row.values as unknown[]).slice(1));
    expect(rows).toEqual([['Safety', 1, expect.any(Date), expect.any(Date), 'Nav nokārtots', 40, '1:02:03']]);
  });
});
