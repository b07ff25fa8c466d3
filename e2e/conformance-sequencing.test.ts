/**
 * ADL's SCORM 2004 4th Edition sequencing test cases (families CT, SX, RU, OB, CO, CM, MS and T) replayed through
 * the player: each CTS package, uploaded through the portal's own upload with the project's replay SCO under its
 * launch file names, is played by a learner in Chromium. The launch page's sequencing engine must deliver the
 * activities in the test case's order; the replay SCO makes each delivery's calls and checks every return value and
 * error code; the learner's actions of the test case (Continue, Previous, Choice, Exit All, a relaunch) are made with
 * the player's controls. Global objectives are the learner's across courses (adlseq:objectivesGlobalToSystem): each
 * series of test cases (the ids that differ only in their letter suffix, e.g. OB-03a, OB-03b, OB-03c, whose packages
 * read what an earlier one wrote) is played in order by a learner of its own, so unrelated packages reusing an
 * objective id such as `obj1` do not meet.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, launchBrowser, newPage, signIn, startPortal, stopPortal, type Portal } from './harness';
import { CTS_DIR, ctsPackage, ctsTestCase } from './conformance/packages';
import { recordNavigation } from './conformance/player-controls';
import { managerApi, uploadCourse } from './course-uploads';
import { playSequencingCase, type CaseFailure } from './conformance/sequencing-case';
import { SEQUENCING_KNOWN_FAILURES } from './conformance/sequencing-known-failures';

const FAMILIES = ['CT', 'SX', 'RU', 'OB', 'CO', 'CM', 'MS', 'T'];
/** Browser pages playing at once. */
const PAGES = 4;

const CASES = fs
  .readdirSync(path.join(CTS_DIR, 'Courses'))
  .map((dir) => /^LMSTestPackage_(([A-Z]+)-\w+)$/.exec(dir))
  .filter((m): m is RegExpExecArray => !!m && FAMILIES.includes(m[2]!))
  .map((m) => ({ id: m[1]!, family: m[2]! }));

const alias = (id: string) => `cts-${id.toLowerCase()}`;

/** The test cases by series, each in its order: an id without its letter suffix names its series. */
const SERIES = [
  ...CASES.reduce((series, testCase) => {
    const name = testCase.id.replace(/[a-z]+$/, '');
    series.set(name, [...(series.get(name) ?? []), testCase]);
    return series;
  }, new Map<string, typeof CASES>()).values(),
];

/** A new store learner of the cashier position (whom the packages are given to), made through user management. */
async function newLearner(api: APIRequestContext, series: string): Promise<string> {
  const added = await api.post('/api?r=add_user', {
    data: {
      role: 'learner',
      name: series,
      surname: 'CTS',
      country: 'lv',
      position: 'cashier',
      department_alias: 'lv-riga-01',
      type: 'store_user',
    },
  });
  expect(added.status(), await added.text()).toBe(200);
  return ((await added.json()) as { result: { login: string } }).result.login;
}

/** The root activity's id: the manifest's default organisation. */
const organizationId = (id: string) =>
  /<organizations\b[^>]*\sdefault\s*=\s*"([^"]+)"/.exec(
    fs.readFileSync(path.join(CTS_DIR, 'Courses', `LMSTestPackage_${id}`, 'imsmanifest.xml'), 'utf8'),
  )![1]!;

describe.skipIf(!chromiumAvailable)('SCORM 2004 sequencing conformance (ADL CTS) through the player', () => {
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

  it('delivers every test case’s activities in its order, each replayed with ADL’s expected answers', async () => {
    expect(CASES.length).toBeGreaterThan(180);
    const api = await managerApi(portal);
    for (let i = 0; i < CASES.length; i += PAGES) {
      await Promise.all(
        CASES.slice(i, i + PAGES).map(async ({ id }) => {
          const { zip } = await ctsPackage(id);
          await uploadCourse(api, alias(id), zip, 'cashier');
        }),
      );
    }
    const learners: string[] = [];
    for (const series of SERIES) learners.push(await newLearner(api, series[0]!.id));
    await api.dispose();

    const failures = new Map<string, CaseFailure>();
    const queue = SERIES.map((series, i) => ({ series, learner: learners[i]! }));
    await Promise.all(
      Array.from({ length: PAGES }, async () => {
        const { context, page } = await newPage(browser, portal);
        await recordNavigation(page);
        for (let next = queue.shift(); next; next = queue.shift()) {
          // The page goes on from the learner before, its cache warm: only the session changes.
          await context.clearCookies();
          await signIn(page, next.learner);
          for (const { id } of next.series) {
            const failure = await playSequencingCase(page, ctsTestCase(id), alias(id), organizationId(id)).catch(
              (error: Error): CaseFailure => ({ step: 'player', message: error.message.split('\n')[0]! }),
            );
            if (failure) failures.set(id, failure);
            await page.goto('/courses/2');
          }
        }
        await context.close();
      }),
    );

    const summary = FAMILIES.map((family) => {
      const ids = CASES.filter((c) => c.family === family).map((c) => c.id);
      return `${family} ${ids.filter((id) => !failures.has(id)).length}/${ids.length}`;
    });
    console.log(`SCORM 2004 sequencing conformance: ${summary.join(', ')}`);
    const known = new Map(SEQUENCING_KNOWN_FAILURES.flatMap((group) => Object.entries(group.cases)));
    for (const [id, failure] of failures) {
      console.log(`  ${known.has(id) ? 'known' : 'failed'}: ${id} ${failure.step}: ${failure.message}`);
    }
    // Every failure is a known one, and every known one still fails: at its listed delivery, or (a listed case only)
    // with the player's frame gone from under the harness, which a case that runs off ADL's order can bring about.
    const failed = Object.fromEntries(
      [...failures].map(([id, failure]) => [
        id,
        failure.step === 'player' && known.has(id) ? known.get(id) : failure.step,
      ]),
    );
    expect(failed).toEqual(Object.fromEntries(known));
  }, 1_200_000);
});
