/**
 * A learner's attempts of real sample packages (Rustici's golf "basic calls" examples, SCORM 1.2 and 2004, made
 * outside this project) in Chromium: a tab closed mid-course keeps what the content's own unload handler committed and
 * the course resumes there; a passed course opens in review and nothing the content does then changes the record;
 * "Start again" begins a fresh attempt without taking the completion away.
 *
 * The packages page with their own Previous / Next / Exit buttons around a frame of pages; they commit only when they
 * finish (LMSFinish / Terminate from Exit or from their unload handler), and ask with confirm() whether to resume at
 * the saved page. The last page is a quiz that sets passed (score at least 70) or failed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, type Browser, type Frame, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { managerApi, uploadCourse } from './course-uploads';
import { chromiumAvailable, launchBrowser, newPage, signIn, startPortal, stopPortal, type Portal } from './harness';

const SAMPLES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../shared/samples');

interface Sample {
  zip: string;
  alias: string;
  version: '1.2' | '2004';
  /** The package's pages; the last one is the quiz. */
  pages: number;
  /** Data model names of this version; `status` is the one passed or failed goes to. */
  cmi: { entry: string; location: string; mode: string; credit: string; status: string; completion: string };
}

const SAMPLES_PLAYED: Sample[] = [
  {
    zip: 'scorm12-golf-basic-calls.zip',
    alias: 'golf-attempts-12',
    version: '1.2',
    pages: 16,
    cmi: {
      entry: 'cmi.core.entry',
      location: 'cmi.core.lesson_location',
      mode: 'cmi.core.lesson_mode',
      credit: 'cmi.core.credit',
      status: 'cmi.core.lesson_status',
      completion: 'cmi.core.lesson_status',
    },
  },
  {
    zip: 'scorm2004-3rd-golf-basic-calls.zip',
    alias: 'golf-attempts-2004',
    version: '2004',
    pages: 15,
    cmi: {
      entry: 'cmi.entry',
      location: 'cmi.location',
      mode: 'cmi.mode',
      credit: 'cmi.credit',
      status: 'cmi.success_status',
      completion: 'cmi.completion_status',
    },
  },
];

/** The page where the learner closes the tab half way, and its file (the same in both packages). */
const HALF_WAY = 4;
const HALF_WAY_PAGE = 'Playing/RulesOfGolf.html';

/** A part's saved data model (scorm-again commits it under a `cmi` root). */
function cmiOf(sco: { cmi: Record<string, unknown> | null }): Record<string, unknown> {
  const saved = sco.cmi ?? {};
  return (saved.cmi as Record<string, unknown> | undefined) ?? saved;
}

/** The saved values the tests compare, of either version. */
function savedValues(sample: Sample, cmi: Record<string, unknown>) {
  if (sample.version === '1.2') {
    const core = (cmi.core ?? {}) as Record<string, unknown>;
    const score = (core.score ?? {}) as Record<string, unknown>;
    return {
      location: core.lesson_location,
      exit: core.exit,
      status: core.lesson_status,
      score: score.raw,
      total_time: core.total_time,
    };
  }
  const score = (cmi.score ?? {}) as Record<string, unknown>;
  return {
    location: cmi.location,
    exit: cmi.exit,
    status: `${String(cmi.completion_status)} ${String(cmi.success_status)}`,
    score: score.raw,
    total_time: cmi.total_time,
  };
}

describe.skipIf(!chromiumAvailable)("a learner's attempts of the real sample packages in Chromium", () => {
  let portal: Portal;
  let browser: Browser;
  let manager: APIRequestContext;
  let anna: number | undefined;

  beforeAll(async () => {
    portal = await startPortal();
    browser = await launchBrowser();
    manager = await managerApi(portal);
    for (const sample of SAMPLES_PLAYED) {
      const zip = fs.readFileSync(path.join(SAMPLES, sample.zip));
      await uploadCourse(manager, sample.alias, zip, 'cashier', { mandatory: true });
    }
  });
  afterAll(async () => {
    await manager?.dispose();
    await browser?.close();
    await stopPortal(portal);
  });

  /** Anna in a tab of her own; the content's dialogs are recorded and a resume question is answered yes. */
  async function learner() {
    const { context, page } = await newPage(browser, portal);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void (dialog.type() === 'confirm' && /resume/i.test(dialog.message()) ? dialog.accept() : dialog.dismiss());
    });
    await signIn(page, 'ab1234');
    anna ??= await page.evaluate(async () => {
      const response = await fetch('/api?r=courses');
      return ((await response.json()) as { result: { user_id: number }[] }).result[0]!.user_id;
    });
    return { context, page, dialogs };
  }

  async function openCourse(page: Page, sample: Sample) {
    await page.goto('/courses/1');
    await page.locator(`[data-testid="course"][data-alias="${sample.alias}"] [data-testid="course-open"]`).click();
    const content = page.frameLocator('[data-testid="course-frame"]').frameLocator('iframe');
    await content.locator('#butNext').waitFor();
    await scoInitialized(page, sample);
    return content;
  }

  /** The launch page of the content origin, in the player's frame. */
  function launchFrame(page: Page): Frame {
    const frame = page.frames().find((f) => new URL(f.url()).pathname === '/scorm-launch');
    if (!frame) throw new Error('the player has no launch page');
    return frame;
  }

  async function scoInitialized(page: Page, sample: Sample): Promise<void> {
    await launchFrame(page).waitForFunction((version) => {
      const api = (window as unknown as Record<string, { isInitialized(): boolean } | undefined>)[
        version === '1.2' ? 'API' : 'API_1484_11'
      ];
      return api?.isInitialized() === true;
    }, sample.version);
  }

  /** What the run-time the content talks to answers for these elements. */
  async function runtimeValues(page: Page, sample: Sample, names: string[]): Promise<string[]> {
    return launchFrame(page).evaluate(
      ({ version, names }) => {
        const api = (window as unknown as Record<string, Record<string, (name: string) => string>>)[
          version === '1.2' ? 'API' : 'API_1484_11'
        ]!;
        return names.map((name) => api[version === '1.2' ? 'LMSGetValue' : 'GetValue']!(name));
      },
      { version: sample.version, names },
    );
  }

  /** The page of the package the content frame shows (its index in the package's own list). */
  async function shownPage(page: Page): Promise<string> {
    const frame = page.frames().find((f) => f.name() === 'contentFrame');
    return new URL(frame!.url()).pathname.split('/').slice(-2).join('/');
  }

  async function closePlayer(page: Page): Promise<void> {
    await page.getByTestId('player-close').click();
    await page.getByTestId('course-player').waitFor({ state: 'detached' });
  }

  /** Anna's own saved state of the course's one part. */
  async function savedState(page: Page, sample: Sample) {
    const state = await page.evaluate(async (alias) => {
      const response = await fetch(`/api?r=get_course_state&course_alias=${alias}`);
      return (await response.json()).result as {
        attempt: number;
        complete: boolean;
        finish_time: string | null;
        scos: { cmi: Record<string, unknown> | null }[];
      };
    }, sample.alias);
    return { ...state, cmi: cmiOf(state.scos[0]!) };
  }

  /** The course in Anna's list, as the server counts it. */
  async function listed(page: Page, sample: Sample) {
    const list = await page.evaluate(async () => {
      const response = await fetch('/api?r=courses');
      return (await response.json()).result as {
        alias: string;
        complete: boolean;
        finish_time: string | null;
        course_status: string;
      }[];
    });
    const course = list.find((c) => c.alias === sample.alias)!;
    return { complete: course.complete, finish_time: course.finish_time, course_status: course.course_status };
  }

  /** Anna's attempts as her training manager sees them. */
  async function attempts(sample: Sample) {
    const response = await manager.get(`/api?r=get_course_attempts&user_id=${anna}&course_alias=${sample.alias}`);
    expect(response.status(), await response.text()).toBe(200);
    return (
      (await response.json()) as {
        result: { attempt: number; status: string | null; score: number | null; total_time: string | null }[];
      }
    ).result.map(({ attempt, status, score, total_time }) => ({ attempt, status, score, total_time }));
  }

  it('a tab closed half way keeps what the content committed from its unload handler, and the course resumes there', async () => {
    await Promise.all(
      SAMPLES_PLAYED.map(async (sample) => {
        const first = await learner();
        const content = await openCourse(first.page, sample);
        expect(await runtimeValues(first.page, sample, [sample.cmi.entry])).toEqual(['ab-initio']);
        for (let i = 0; i < HALF_WAY; i++) await content.locator('#butNext').click();
        await expect.poll(() => shownPage(first.page)).toBe(HALF_WAY_PAGE);
        // Nothing is committed while paging: the package commits only when it finishes.
        expect((await savedState(first.page, sample)).scos[0]!.cmi).toBeNull();
        await first.page.close({ runBeforeUnload: true });

        const second = await learner();
        // The unload handler set exit "suspend" and the session time, then finished: that commit is on record.
        await expect
          .poll(async () => savedValues(sample, (await savedState(second.page, sample)).cmi))
          .toMatchObject({ location: String(HALF_WAY), exit: 'suspend' });
        const [attempt] = await attempts(sample);
        expect(attempt).toMatchObject({ attempt: 1, status: 'incomplete' });
        expect(attempt!.total_time).not.toMatch(/^(0000:00:00|PT0S|PT0H0M0S)?$/);

        await openCourse(second.page, sample);
        expect(second.dialogs).toEqual(['Would you like to resume from where you previously left off?']);
        expect(await runtimeValues(second.page, sample, [sample.cmi.entry, sample.cmi.location])).toEqual([
          'resume',
          String(HALF_WAY),
        ]);
        await expect.poll(() => shownPage(second.page)).toBe(HALF_WAY_PAGE);
        await closePlayer(second.page);
        await second.context.close();
        await first.context.close();
      }),
    );
  });

  it('after a pass, a relaunch opens in review and nothing the content does then changes the record', async () => {
    await Promise.all(
      SAMPLES_PLAYED.map(async (sample) => {
        const { context, page, dialogs } = await learner();
        const content = await openCourse(page, sample);
        await expect.poll(() => shownPage(page)).toBe(HALF_WAY_PAGE);
        for (let i = HALF_WAY; i < sample.pages - 1; i++) await content.locator('#butNext').click();
        expect(await content.locator('#butNext').isDisabled()).toBe(true);
        const quiz = content.frameLocator('#contentFrame');
        await quiz.locator('h1', { hasText: 'Knowledge Check' }).waitFor();
        // The right answers are the ones the quiz marks correct; numbers are given in brackets beside the field.
        for (const radio of await quiz.locator('.correctAnswer input[type=radio]').all()) await radio.check();
        for (const field of await quiz.locator('.correctAnswer input[type=text]').all()) {
          const label = await field.locator('xpath=..').textContent();
          await field.fill(label!.match(/\((\d+)\)/)![1]!);
        }
        await quiz.locator('input[value="Submit Answers"]').click();
        await quiz.locator('h3', { hasText: 'Score: 100' }).waitFor();
        await content.locator('#butExit').click();
        await page.locator('[data-testid="player-save-state"][data-state="saved"]').waitFor();
        await closePlayer(page);
        await page.locator(`[data-testid="course"][data-alias="${sample.alias}"][data-status="complete"]`).waitFor();

        const passed = sample.version === '1.2' ? 'passed' : 'completed passed';
        const recorded = await savedState(page, sample);
        expect(savedValues(sample, recorded.cmi)).toMatchObject({ status: passed, score: '100' });
        const list = await listed(page, sample);
        expect(list).toMatchObject({ complete: true, course_status: 'complete' });
        const attemptsPassed = await attempts(sample);
        expect(attemptsPassed).toEqual([expect.objectContaining({ attempt: 1, status: 'passed', score: 100 })]);

        // Relaunch: the review banner, and the run-time says review, no credit. The 1.2 package resumes at the quiz and
        // sets lesson_status "completed" there over the "passed" on record; a 2004 review plays the course from its
        // start with a fresh data model, where the package sets completion_status "incomplete".
        await openCourse(page, sample);
        await page.getByTestId('player-review').waitFor();
        expect(await page.getByTestId('course-player').getAttribute('data-mode')).toBe('review');
        expect(await runtimeValues(page, sample, [sample.cmi.mode, sample.cmi.credit])).toEqual([
          'review',
          'no-credit',
        ]);
        // The learner pages to the quiz, submits it unanswered (the content sets a low score and failed), pages back
        // and exits.
        while (!(await content.locator('#butNext').isDisabled())) await content.locator('#butNext').click();
        await quiz.locator('input[value="Submit Answers"]').click();
        await quiz.locator('h3', { hasText: /^Score: [1-6]?\d$/ }).waitFor();
        expect(await runtimeValues(page, sample, [sample.cmi.status])).toEqual(['failed']);
        await content.locator('#butPrevious').click();
        await content.locator('#butExit').click();
        await launchFrame(page).waitForFunction((version) => {
          const api = (window as unknown as Record<string, { isTerminated(): boolean } | undefined>)[
            version === '1.2' ? 'API' : 'API_1484_11'
          ];
          return api?.isTerminated() === true;
        }, sample.version);
        await closePlayer(page);

        // The review launch's commits (from Exit, then from closing) have had time to arrive; the record, the list and
        // the manager's view are as they were.
        await page.waitForTimeout(1000);
        expect((await savedState(page, sample)).cmi).toEqual(recorded.cmi);
        expect(await listed(page, sample)).toEqual(list);
        expect(await attempts(sample)).toEqual(attemptsPassed);
        // The content asked nothing but whether to resume.
        expect(new Set(dialogs)).toEqual(new Set(['Would you like to resume from where you previously left off?']));
        await context.close();
      }),
    );
  });

  it('"Start again" begins a fresh attempt and keeps the completion on record', async () => {
    await Promise.all(
      SAMPLES_PLAYED.map(async (sample) => {
        const { context, page, dialogs } = await learner();
        const list = await listed(page, sample);
        await openCourse(page, sample);
        await page.getByTestId('player-review').waitFor();
        dialogs.length = 0;
        await page.getByTestId('player-restart').click();
        await page.getByTestId('player-review').waitFor({ state: 'detached' });
        const content = page.frameLocator('[data-testid="course-frame"]').frameLocator('iframe');
        await content.locator('#butNext').waitFor();
        await scoInitialized(page, sample);
        expect(await page.getByTestId('course-player').getAttribute('data-mode')).toBe('normal');
        // A fresh data model: no location nor suspend data from the passed attempt (the content sets location 0).
        expect(
          await runtimeValues(page, sample, [
            sample.cmi.entry,
            sample.cmi.location,
            'cmi.suspend_data',
            sample.cmi.mode,
            sample.cmi.credit,
          ]),
        ).toEqual(['ab-initio', '0', '', 'normal', 'credit']);
        // The content started at its first page without asking to resume; it set incomplete on its first launch.
        await expect.poll(() => shownPage(page)).toBe('Playing/Playing.html');
        expect(dialogs).toEqual([]);
        expect(await runtimeValues(page, sample, [sample.cmi.completion])).toEqual(['incomplete']);
        await content.locator('#butNext').click();
        await page.close({ runBeforeUnload: true });

        const again = await learner();
        await expect
          .poll(async () => (await attempts(sample)).map((a) => [a.attempt, a.status]))
          .toEqual([
            [2, 'incomplete'],
            [1, 'passed'],
          ]);
        const state = await savedState(again.page, sample);
        expect(state.attempt).toBe(2);
        expect(savedValues(sample, state.cmi)).toMatchObject({ location: '1', exit: 'suspend' });
        // The completion on record stays: the course is still complete, with the same finish time.
        expect(state.complete).toBe(true);
        expect(await listed(again.page, sample)).toEqual(list);
        await again.context.close();
        await context.close();
      }),
    );
  });
});
