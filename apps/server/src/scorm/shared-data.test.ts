import type { courseRoutes } from '@portal/shared';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, type TestEnv } from '../../test/test-env.js';
import { addScorm2004Course } from './test-courses.js';

/** A SCORM 2004 course of two SCOs mapping shared data buckets; `globalToSystem` is its organisation's flag. */
const manifest = (globalToSystem: boolean) => `<?xml version="1.0"?>
<manifest identifier="m" xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3">
  <metadata><schema>ADL SCORM</schema><schemaversion>2004 4th Edition</schemaversion></metadata>
  <organizations default="o"><organization identifier="o" adlcp:sharedDataGlobalToSystem="${globalToSystem}">
    <title>Shared</title>
    <item identifier="writer" identifierref="r1"><title>Writer</title>
      <adlcp:data><adlcp:map targetID="notes"/><adlcp:map targetID="glossary" writeSharedData="false"/></adlcp:data>
    </item>
    <item identifier="reader" identifierref="r1"><title>Reader</title>
      <adlcp:data><adlcp:map targetID="notes" writeSharedData="false"/></adlcp:data>
    </item>
  </organization></organizations>
  <resources><resource identifier="r1" type="webcontent" adlcp:scormType="sco" href="index.html"/></resources>
</manifest>`;

const addCourse = (env: TestEnv, alias: string, globalToSystem: boolean) =>
  addScorm2004Course(env, alias, manifest(globalToSystem));

async function commit(env: TestEnv, body: Record<string, unknown>) {
  return env.app.inject({
    method: 'POST',
    url: '/scorm-commit',
    headers: { host: 'content.localhost:8080', 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
}

describeEachDatabase('SCORM 2004 shared data (adl.data) kept per learner', (env) => {
  let anna: string;
  let seq = 0;

  async function launch(alias: string): Promise<courseRoutes.CourseLaunch> {
    const res = await env().call('launch_course', { course_alias: alias }, anna);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.result as courseRoutes.CourseLaunch;
  }

  async function write(alias: string, sco: string, shared: Record<string, string>) {
    const { token } = await launch(alias);
    seq += 1;
    return commit(env(), { token, seq, sco, cmi: { cmi: { completion_status: 'incomplete' } }, shared_data: shared });
  }

  beforeAll(async () => {
    const annaId = (
      await env().db.selectFrom('users').select('id').where('login', '=', 'ab1234').executeTakeFirstOrThrow()
    ).id;
    anna = await env().login('ab1234');
    const liga = await env().login('lo1234', 'demo-pass');
    for (const [alias, global] of [
      ['shared-a', true],
      ['shared-b', true],
      ['own-c', false],
      ['own-d', false],
    ] as const) {
      await addCourse(env(), alias, global);
      const added = await env().call('add_additional_course', { save_user_id: annaId, add_course_alias: alias }, liga);
      expect(added.status, JSON.stringify(added.body)).toBe(200);
    }
  });

  it('launches each SCO with its maps and no stores before anything is written', async () => {
    expect((await launch('shared-a')).shared_data).toEqual({
      maps: {
        writer: [
          { targetID: 'notes', readSharedData: true, writeSharedData: true },
          { targetID: 'glossary', readSharedData: true, writeSharedData: false },
        ],
        reader: [{ targetID: 'notes', readSharedData: true, writeSharedData: false }],
      },
      stores: {},
    });
  });

  it('keeps what a SCO writes for the next launch, and for every course when the data is global to the system', async () => {
    expect((await write('shared-a', 'writer', { notes: 'page 3' })).statusCode).toBe(200);
    expect((await launch('shared-a')).shared_data.stores).toEqual({ notes: 'page 3' });
    expect((await launch('shared-b')).shared_data.stores).toEqual({ notes: 'page 3' });
  });

  it('keeps a course’s own buckets to that course when its data is not global to the system', async () => {
    expect((await write('own-c', 'writer', { notes: 'c only' })).statusCode).toBe(200);
    expect((await launch('own-c')).shared_data.stores).toEqual({ notes: 'c only' });
    expect((await launch('own-d')).shared_data.stores).toEqual({});
    expect((await launch('shared-a')).shared_data.stores).toEqual({ notes: 'page 3' });
  });

  it('starts a course’s own buckets empty in a new attempt, and forgets a store emptied', async () => {
    const restarted = await env().call('launch_course', { course_alias: 'own-c', restart: true }, anna);
    expect(restarted.status, JSON.stringify(restarted.body)).toBe(200);
    expect((restarted.body.result as courseRoutes.CourseLaunch).shared_data.stores).toEqual({});
    expect((await write('shared-b', 'writer', { notes: '' })).statusCode).toBe(200);
    expect((await launch('shared-a')).shared_data.stores).toEqual({});
    expect((await write('shared-a', 'writer', { notes: 'page 3' })).statusCode).toBe(200);
  });

  it('refuses the whole commit when it writes a bucket the SCO may not write, or one too large', async () => {
    for (const [sco, shared] of [
      ['writer', { glossary: 'x' }],
      ['reader', { notes: 'x' }],
      ['writer', { elsewhere: 'x' }],
      ['writer', { notes: 'x'.repeat(64001) }],
    ] as const) {
      const res = await write('shared-a', sco, shared);
      expect(res.statusCode, `${sco} ${Object.keys(shared).join()}`).toBe(400);
    }
    expect((await launch('shared-a')).shared_data.stores).toEqual({ notes: 'page 3' });
  });
});
