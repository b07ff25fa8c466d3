import type { courseRoutes } from '@portal/shared';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, type TestEnv } from '../../test/test-env.js';
import { addScorm2004Course } from './test-courses.js';

/** A SCORM 2004 course of two SCOs whose objectives map the global objectives `targets`; `globalToSystem` is its flag. */
const manifest = (globalToSystem: boolean, targets: string[]) => `<?xml version="1.0"?>
<manifest identifier="m" xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3"
  xmlns:imsss="http://www.imsglobal.org/xsd/imsss" xmlns:adlseq="http://www.adlnet.org/xsd/adlseq_v1p3">
  <metadata><schema>ADL SCORM</schema><schemaversion>2004 4th Edition</schemaversion></metadata>
  <organizations default="o"><organization identifier="o" adlseq:objectivesGlobalToSystem="${globalToSystem}">
    <title>Globals</title>
    <item identifier="first" identifierref="r1"><title>First</title>
      <imsss:sequencing><imsss:objectives>
        <imsss:primaryObjective objectiveID="p1">
          ${targets.map((t) => `<imsss:mapInfo targetObjectiveID="${t}" writeSatisfiedStatus="true" writeNormalizedMeasure="true"/>`).join('')}
        </imsss:primaryObjective>
      </imsss:objectives></imsss:sequencing>
    </item>
    <item identifier="second" identifierref="r1"><title>Second</title></item>
  </organization></organizations>
  <resources><resource identifier="r1" type="webcontent" adlcp:scormType="sco" href="index.html"/></resources>
</manifest>`;

const addCourse = (env: TestEnv, alias: string, globalToSystem: boolean, targets: string[]) =>
  addScorm2004Course(env, alias, manifest(globalToSystem, targets));

const passed = {
  satisfiedStatus: true,
  satisfiedStatusKnown: true,
  normalizedMeasure: 0.8,
  normalizedMeasureKnown: true,
};

describeEachDatabase('SCORM 2004 global objectives global to the system, kept per learner', (env) => {
  let anna: string;
  let karlis: string;
  let seq = 0;

  async function launch(alias: string, who = anna): Promise<courseRoutes.CourseLaunch> {
    const res = await env().call('launch_course', { course_alias: alias }, who);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.result as courseRoutes.CourseLaunch;
  }

  async function commitWith(token: string, globalObjectives: unknown) {
    seq += 1;
    return env().app.inject({
      method: 'POST',
      url: '/scorm-commit',
      headers: { host: 'content.localhost:8080', 'content-type': 'application/json' },
      payload: JSON.stringify({
        token,
        seq,
        sco: 'first',
        cmi: { cmi: { completion_status: 'incomplete' } },
        global_objectives: globalObjectives,
      }),
    });
  }

  const write = async (alias: string, globalObjectives: unknown) =>
    commitWith((await launch(alias)).token, globalObjectives);
  const globalsOf = async (alias: string, who = anna) => (await launch(alias, who)).sequencing?.global_objectives;

  beforeAll(async () => {
    const manager = await env().login('training.manager', 'demo-pass');
    anna = await env().login('ab1234');
    karlis = await env().login('kz1234');
    for (const login of ['ab1234', 'kz1234']) {
      const { id } = await env()
        .db.selectFrom('users')
        .select('id')
        .where('login', '=', login)
        .executeTakeFirstOrThrow();
      for (const [alias, global, targets] of [
        ['globals-a', true, ['obj1', 'obj2']],
        ['globals-b', true, ['obj1']],
        ['globals-own', false, ['obj1']],
      ] as const) {
        if (login === 'ab1234') await addCourse(env(), alias, global, [...targets]);
        const added = await env().call('add_additional_course', { save_user_id: id, add_course_alias: alias }, manager);
        expect(added.status, JSON.stringify(added.body)).toBe(200);
      }
    }
  });

  it('launches a course with the ids its tree maps and no state before anything is written; none when they belong to the attempt', async () => {
    expect(await globalsOf('globals-a')).toEqual({ ids: ['obj1', 'obj2'], states: {} });
    expect(await globalsOf('globals-own')).toBeNull();
  });

  it('keeps what a commit carries for every course that maps the objective, and only the ids each maps', async () => {
    expect((await write('globals-a', { obj1: passed, obj2: { satisfiedStatus: false } })).statusCode).toBe(200);
    expect(await globalsOf('globals-a')).toEqual({
      ids: ['obj1', 'obj2'],
      states: { obj1: passed, obj2: { satisfiedStatus: false } },
    });
    expect(await globalsOf('globals-b')).toEqual({ ids: ['obj1'], states: { obj1: passed } });
    const updated = { ...passed, rawScore: '7', rawScoreKnown: true, completionStatus: 'completed' };
    expect((await write('globals-b', { obj1: updated })).statusCode).toBe(200);
    expect((await globalsOf('globals-a'))?.states.obj1).toEqual(updated);
  });

  it('keeps them to the learner whose attempt committed them', async () => {
    expect(await globalsOf('globals-a', karlis)).toEqual({ ids: ['obj1', 'obj2'], states: {} });
    const res = await commitWith('not-an-attempt-token-at-all', { obj1: { satisfiedStatus: false } });
    expect(res.statusCode).not.toBe(200);
    expect((await globalsOf('globals-a'))?.states.obj1?.satisfiedStatus).toBe(true);
  });

  it('refuses the whole commit for an objective its course does not share, or a state not as the engine holds it', async () => {
    const before = await globalsOf('globals-a');
    for (const [alias, objectives] of [
      ['globals-own', { obj1: passed }],
      ['globals-b', { obj2: passed }],
      ['globals-a', { elsewhere: passed }],
      ['globals-a', { obj1: { satisfiedStatus: 'true' } }],
      ['globals-a', { obj1: { normalizedMeasure: true } }],
      ['globals-a', { obj1: { normalizedMeasure: 2 } }],
      ['globals-a', { obj1: { rawScore: '0x7' } }],
      ['globals-a', { obj1: { completionStatus: 'done' } }],
      ['globals-a', { obj1: { satisfiedStatus: true, readSatisfiedStatus: true } }],
      ['globals-a', { obj1: [passed] }],
      ['globals-a', [passed]],
      ['globals-a', { ['x'.repeat(4001)]: passed }],
      ['globals-a', Object.fromEntries(Array.from({ length: 257 }, (_, i) => [`o${i}`, passed]))],
    ] as const) {
      const res = await write(alias, objectives);
      expect(res.statusCode, `${alias} ${JSON.stringify(objectives).slice(0, 80)}`).toBe(400);
    }
    expect(await globalsOf('globals-a')).toEqual(before);
  });

  it('stores nothing a review commits', async () => {
    const rollup = { completion: 'completed', success: 'passed', scaled: 0.8 };
    seq += 1;
    const completed = await env().app.inject({
      method: 'POST',
      url: '/scorm-commit',
      headers: { host: 'content.localhost:8080', 'content-type': 'application/json' },
      payload: JSON.stringify({
        token: (await launch('globals-b')).token,
        seq,
        sco: 'first',
        cmi: { cmi: { completion_status: 'completed' } },
        sequencing: { state: { sequencing: null }, rollup },
        global_objectives: { obj1: passed },
      }),
    });
    expect(completed.json()).toMatchObject({ result: { saved: true, complete: true } });
    const review = await launch('globals-b');
    expect(review.mode).toBe('review');
    expect(review.sequencing?.global_objectives?.states).toEqual({ obj1: passed });
    expect((await commitWith(review.token, { obj1: { satisfiedStatus: false } })).statusCode).toBe(200);
    expect((await globalsOf('globals-a'))?.states.obj1).toEqual(passed);
  });
});
