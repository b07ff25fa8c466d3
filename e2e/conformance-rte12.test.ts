/**
 * SCORM 1.2 run-time behaviour through the isolated player, from the SCORM 1.2 RTE rules (chapter 3): the replay SCO
 * of the SCORM 2004 conformance replay plays a hand-written case list in the same command form, one launch of the
 * player per visit:
 * credit, mode and entry per launch (first launch, resume, review, "Start again"), the manifest's mastery score
 * deciding passed/failed, read-only (403), write-only (404) and keyword (402) elements, type mismatches (405), calls
 * before LMSInitialize (301), a second LMSInitialize (101), invalid arguments (201), `_children` / `_count`, 64,000
 * characters of `cmi.suspend_data`, and a record that review leaves unchanged.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zipBuffer } from '../apps/server/src/scorm/test-zips';
import { chromiumAvailable, launchBrowser, newPage, signIn, startPortal, stopPortal, type Portal } from './harness';
import type { ApiCall, Command } from './conformance/cts-reader';
import { REPLAY_SCO } from './conformance/packages';
import { closePlayer, describeFailure, openCourse, replay, replayFrame } from './conformance/replay';
import { managerApi, uploadCourse } from './course-uploads';

const ALIAS = 'rte-12';

const MANIFEST = `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="rte12" version="1.0" xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
  <metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata>
  <organizations default="org"><organization identifier="org"><title>RTE 1.2</title>
    <item identifier="item" identifierref="res" parameters="?tc=RTE12&amp;act=1"><title>Run-time</title>
      <adlcp:masteryscore>80</adlcp:masteryscore>
      <adlcp:datafromlms>level=2&amp;mode=quiz</adlcp:datafromlms>
      <adlcp:maxtimeallowed>00:30:00</adlcp:maxtimeallowed>
      <adlcp:timelimitaction>exit,message</adlcp:timelimitaction>
    </item>
  </organization></organizations>
  <resources><resource identifier="res" type="webcontent" adlcp:scormtype="sco" href="sco.html">
    <file href="sco.html"/></resource></resources>
</manifest>`;

/** 64,000 characters of varied text, as an authoring tool's suspend data is. */
const SUSPEND_DATA = Array.from(
  { length: 64000 },
  (_, i) => 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghij0123456789;:'[(i * 7919) % 48],
).join('');

/** A command in the replay form: call, element (or argument), value, expected return, expected error. */
const c = (call: ApiCall, element: string, expectedReturn: string, expectedError: string, value?: string): Command =>
  value === undefined
    ? { call, element, expectedReturn, expectedError }
    : { call, element, value, expectedReturn, expectedError };
const get = (element: string, expected: string, error = '0') => c('GetValue', element, expected, error);
const set = (element: string, value: string, expected = 'true', error = '0') =>
  c('SetValue', element, expected, error, value);

/** The visits, in order; `restart` first presses the player's "Start again". */
const VISITS: { name: string; restart?: boolean; commands: (learnerId: string) => Command[] }[] = [
  {
    name: 'first launch',
    commands: (learnerId) => [
      get('cmi.core.lesson_status', '', '301'),
      set('cmi.core.lesson_location', 'x', 'false', '301'),
      c('Commit', '', 'false', '301'),
      c('Initialize', 'x', 'false', '201'),
      c('Initialize', '', 'true', '0'),
      c('Initialize', '', 'false', '101'),
      get('cmi.core.credit', 'credit'),
      get('cmi.core.lesson_mode', 'normal'),
      get('cmi.core.entry', 'ab-initio'),
      get('cmi.core.lesson_status', 'not attempted'),
      get('cmi.core.student_id', learnerId),
      get('cmi.student_data.mastery_score', '80'),
      get('cmi.launch_data', 'level=2&mode=quiz'),
      get('cmi.student_data.max_time_allowed', '00:30:00'),
      get('cmi.student_data.time_limit_action', 'exit,message'),
      get('cmi.core.total_time', '0000:00:00'),
      get(
        'cmi.core._children',
        'student_id,student_name,lesson_location,credit,lesson_status,entry,score,total_time,lesson_mode,exit,session_time',
      ),
      get('cmi.core.score._children', 'raw,min,max'),
      get('cmi.objectives._count', '0'),
      // read-only elements
      set('cmi.core.student_id', 'x', 'false', '403'),
      set('cmi.core.student_name', 'x', 'false', '403'),
      set('cmi.core.credit', 'no-credit', 'false', '403'),
      set('cmi.core.entry', 'resume', 'false', '403'),
      set('cmi.core.total_time', '0001:00:00', 'false', '403'),
      set('cmi.core.lesson_mode', 'browse', 'false', '403'),
      set('cmi.launch_data', 'x', 'false', '403'),
      set('cmi.student_data.mastery_score', '10', 'false', '403'),
      // keywords
      set('cmi.core._children', 'x', 'false', '402'),
      set('cmi.objectives._count', '1', 'false', '402'),
      // write-only elements
      get('cmi.core.exit', '', '404'),
      get('cmi.core.session_time', '', '404'),
      // type mismatches
      set('cmi.core.score.raw', 'abc', 'false', '405'),
      set('cmi.core.score.raw', '150', 'false', '405'),
      set('cmi.core.lesson_status', 'done', 'false', '405'),
      set('cmi.core.session_time', '1 hour', 'false', '405'),
      set('cmi.core.exit', 'quit', 'false', '405'),
      // a container is no element
      get('cmi.core', '', '201'),
      set('cmi.core', 'x', 'false', '201'),
      set('cmi.suspend_data', SUSPEND_DATA),
      set('cmi.core.lesson_location', 'page-3'),
      set('cmi.core.score.raw', '50'),
      set('cmi.core.session_time', '00:01:30'),
      set('cmi.core.exit', 'suspend'),
      c('Commit', 'x', 'false', '201'),
      c('Commit', '', 'true', '0'),
      c('GetErrorString', '403', 'less255', '0'),
      c('GetDiagnostic', '', 'less255', '0'),
      c('Terminate', 'x', 'false', '201'),
      c('Terminate', '', 'true', '0'),
    ],
  },
  {
    name: 'resume: the score below the mastery score failed',
    commands: () => [
      c('Initialize', '', 'true', '0'),
      get('cmi.core.entry', 'resume'),
      get('cmi.core.credit', 'credit'),
      get('cmi.core.lesson_mode', 'normal'),
      get('cmi.core.lesson_location', 'page-3'),
      get('cmi.suspend_data', SUSPEND_DATA),
      get('cmi.core.score.raw', '50'),
      get('cmi.core.lesson_status', 'failed'),
      get('cmi.core.total_time', '0000:01:30'),
      set('cmi.core.score.raw', '90'),
      set('cmi.core.session_time', '00:02:00'),
      set('cmi.core.exit', ''),
    ],
  },
  {
    name: 'passed: the course opens in review, no-credit',
    commands: () => [
      c('Initialize', '', 'true', '0'),
      get('cmi.core.lesson_mode', 'review'),
      get('cmi.core.credit', 'no-credit'),
      get('cmi.core.entry', ''),
      get('cmi.core.lesson_status', 'passed'),
      get('cmi.core.score.raw', '90'),
      set('cmi.core.score.raw', '10'),
      set('cmi.core.lesson_status', 'incomplete'),
    ],
  },
  {
    name: 'review again: the record is unchanged',
    commands: () => [
      c('Initialize', '', 'true', '0'),
      get('cmi.core.lesson_mode', 'review'),
      get('cmi.core.lesson_status', 'passed'),
      get('cmi.core.score.raw', '90'),
    ],
  },
  {
    name: '"Start again": a new attempt from the beginning',
    restart: true,
    commands: () => [
      c('Initialize', '', 'true', '0'),
      get('cmi.core.entry', 'ab-initio'),
      get('cmi.core.credit', 'credit'),
      get('cmi.core.lesson_mode', 'normal'),
      get('cmi.core.lesson_status', 'not attempted'),
      get('cmi.core.lesson_location', ''),
      get('cmi.core.score.raw', ''),
      get('cmi.suspend_data', ''),
      get('cmi.core.total_time', '0000:00:00'),
    ],
  },
];

describe.skipIf(!chromiumAvailable)('SCORM 1.2 run-time behaviour through the isolated player', () => {
  let portal: Portal;
  let browser: Browser;

  beforeAll(async () => {
    portal = await startPortal();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await stopPortal(portal);
  });

  it('answers every call of the RTE 1.2 case list as the rules say, launch after launch', async () => {
    const api = await managerApi(portal);
    const zip = await zipBuffer([
      ['imsmanifest.xml', MANIFEST],
      ['sco.html', REPLAY_SCO],
    ]);
    await uploadCourse(api, ALIAS, zip, 'cashier');
    const found = await api.post('/api?r=find_user', { data: { search_string: 'Bērziņa', userLang: 'lv' } });
    const people = ((await found.json()) as { result: { id: number; name: string }[] }).result;
    const learnerId = String(people.find((p) => p.name === 'Anna')!.id);
    await api.dispose();

    const { context, page } = await newPage(browser, portal);
    await signIn(page, 'ab1234');
    let commands = 0;
    const failures: string[] = [];
    for (const [visit, { name, restart, commands: make }] of VISITS.entries()) {
      await openCourse(page, ALIAS);
      if (restart) {
        await page.getByTestId('player-restart').click();
        await expect.poll(() => page.getByTestId('course-player').getAttribute('data-mode')).toBe('normal');
      }
      const frame = await replayFrame(page, 'RTE12', '1');
      expect(await frame.evaluate(() => (window as unknown as { replay: { version: string } }).replay.version)).toBe(
        '1.2',
      );
      const list = make(learnerId);
      const outcome = await replay(frame, list);
      commands += outcome.count;
      for (const failure of outcome.failed) failures.push(describeFailure(`V${visit + 1} (${name})`, failure));
      await closePlayer(page);
    }
    await context.close();

    console.log(`SCORM 1.2 run-time behaviour: ${commands - failures.length}/${commands} commands`);
    for (const line of failures) console.log(`  failed: ${line}`);
    expect(failures).toEqual([]);
  }, 300_000);
});
