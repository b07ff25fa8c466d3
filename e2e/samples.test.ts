/**
 * The real SCORM packages in ../shared/samples/ (Rustici's golf examples, made outside this project):
 * each imports with the CLI (scripts/course-import.ts), is assigned to Anna's position through the training
 * manager's calls, and runs in the player in Chromium the way a learner takes it. The packages are used as
 * they are; the invalid ones must be refused by the CLI and leave nothing behind.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type Frame, type FrameLocator, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPackages } from '../apps/server/src/seed/demo-packages.js';
import { managerApi } from './course-uploads';
import {
  chromiumAvailable,
  launchBrowser,
  newPage,
  SCREENSHOT_DIR,
  signIn,
  startPortal,
  stopPortal,
  type Portal,
} from './harness';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SAMPLES = path.resolve(root, '../shared/samples');

interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the import CLI exactly as a person would, against the portal's database and courses folder. */
function importCli(portal: Portal, args: string[]): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/course-import.ts', ...args], {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: `sqlite:${path.join(portal.dataDir, 'portal.sqlite')}`,
        COURSES_DIR: coursesDir(portal),
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const coursesDir = (portal: Portal) => path.join(portal.dataDir, 'courses');
const demoFolders = new Set(demoPackages().keys());
/** Everything in the courses folder but the demo courses, hidden temporary folders included. */
const coursesLeft = (portal: Portal) =>
  fs.existsSync(coursesDir(portal))
    ? fs.readdirSync(coursesDir(portal)).filter((folder) => !demoFolders.has(folder))
    : [];

const SAMPLE_COURSES = [
  { zip: 'scorm12-golf-basic-calls.zip', alias: 'golf-basic-12', version: '1.2', parts: 1 },
  { zip: 'scorm2004-3rd-golf-basic-calls.zip', alias: 'golf-basic-2004', version: '2004', parts: 1 },
  { zip: 'scorm12-golf-minimum-calls-multi-sco.zip', alias: 'golf-minimum-multi', version: '1.2', parts: 18 },
] as const;

/**
 * The window as the learner sees it. The harness's helper takes the full page, which draws the fixed,
 * full-window player over a stretched page; the player is judged on what fits in the window.
 */
async function screenshotWindow(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
}

/**
 * Alerts the content raised (they report SCORM errors): every frame's alert is replaced, before the content runs, by
 * one that tells the test instead of waiting for someone to close it.
 */
async function recordDialogs(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.addInitScript(() => {
    window.alert = (message?: unknown) => console.warn(`content alert: ${String(message)}`);
  });
  page.on('console', (message) => {
    if (message.text().startsWith('content alert: ')) seen.push(message.text());
  });
  page.on('dialog', (dialog) => {
    seen.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return seen;
}

async function openCourse(page: Page, alias: string): Promise<FrameLocator> {
  await page.goto('/courses/1');
  await page.locator(`[data-testid="course"][data-alias="${alias}"] [data-testid="course-open"]`).click();
  await page.getByTestId('course-frame').waitFor();
  return page.frameLocator('[data-testid="course-frame"]').frameLocator('iframe');
}

async function closePlayer(page: Page): Promise<void> {
  await page.getByTestId('player-close').click();
  await page.getByTestId('course-player').waitFor({ state: 'detached' });
}

const courseCard = (page: Page, alias: string, status?: string) =>
  page.locator(`[data-testid="course"][data-alias="${alias}"]${status ? `[data-status="${status}"]` : ''}`);

/** The launch page of the content origin, in the player's frame. */
function launchFrame(page: Page): Frame {
  const frame = page.frames().find((f) => new URL(f.url()).pathname === '/scorm-launch');
  if (!frame) throw new Error('the player has no launch page');
  return frame;
}

/** The open part has called LMSInitialize on the launch page's SCORM 1.2 API (scorm-again's window.API). */
async function scoInitialized(page: Page): Promise<void> {
  await launchFrame(page).waitForFunction(() => {
    const api = (window as unknown as { API?: { isInitialized(): boolean } }).API;
    return api?.isInitialized() === true;
  });
}

/** Anna's own saved run-time state of a course, as the player loads it. */
async function courseState(page: Page, alias: string) {
  return page.evaluate(async (courseAlias) => {
    const response = await fetch(`/api?r=get_course_state&course_alias=${encodeURIComponent(courseAlias)}`);
    return (await response.json()).result as {
      complete: boolean;
      course_status: string;
      scos: { id: string; title: string; done: boolean; cmi: Record<string, unknown> | null }[];
    };
  }, alias);
}

describe.skipIf(!chromiumAvailable)(
  'the real sample SCORM packages, imported with the CLI and played in Chromium',
  () => {
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

    it('refuses the invalid packages with a clear message, a non-zero exit and nothing left behind', async () => {
      for (const [zip, message] of [
        ['manifest-in-subfolder.zip', /imsmanifest\.xml must be at the root of the package/],
        ['no-manifest.zip', /no imsmanifest\.xml: it is not a SCORM package/],
      ] as const) {
        const result = await importCli(portal, [
          path.join(SAMPLES, 'invalid', zip),
          '--alias',
          'bad-package',
          '--language',
          'lv',
        ]);
        expect(result.code, result.stdout + result.stderr).not.toBe(0);
        expect(result.stderr).toContain(`course:import: refused ${zip}:`);
        expect(result.stderr).toMatch(message);
        expect(result.stdout).toBe('');
        expect(coursesLeft(portal)).toEqual([]);
      }
      // Nor was a course registered.
      const api = await managerApi(portal);
      const catalogue = await api.post('/api?r=courses_by_type', { data: { language: 'lv' } });
      const aliases = ((await catalogue.json()) as { result: { alias: string }[] }).result.map((c) => c.alias);
      expect(aliases).not.toContain('bad-package');
      await api.dispose();
    });

    it('imports every valid package with the CLI and assigns it to the Latvian cashiers', async () => {
      for (const sample of SAMPLE_COURSES) {
        const result = await importCli(portal, [
          path.join(SAMPLES, sample.zip),
          '--alias',
          sample.alias,
          '--language',
          'lv',
          '--type',
          'mandatory',
          '--expiration',
          '12',
        ]);
        expect(result.code, result.stdout + result.stderr).toBe(0);
        expect(result.stdout).toContain(`added course ${sample.alias} (lv, id `);
        expect(result.stdout).toContain(`SCORM ${sample.version}, ${sample.parts} SCO(s)`);
      }
      expect(coursesLeft(portal).sort()).toEqual(SAMPLE_COURSES.map((s) => `${s.alias}-lv`).sort());

      const api = await managerApi(portal);
      const catalogue = await api.post('/api?r=courses_by_type', {
        data: { language: 'lv', course_type: 'mandatory' },
      });
      expect(catalogue.status()).toBe(200);
      const courses = ((await catalogue.json()) as { result: { id: number; alias: string }[] }).result;
      for (const sample of SAMPLE_COURSES) {
        const course = courses.find((c) => c.alias === sample.alias);
        expect(course, sample.alias).toBeDefined();
        const added = await api.post('/api?r=add_course_to_position', {
          data: { courseId: course!.id, courseAlias: sample.alias, position: 'cashier', language: 'lv' },
        });
        expect(added.status(), await added.text()).toBe(200);
        expect(((await added.json()) as { result: { changed: boolean } }).result.changed).toBe(true);
      }
      await api.dispose();
    });

    it('SCORM 1.2 basic calls: Anna pages to the end, which sets lesson_status completed, and the list shows it complete', async () => {
      const { context, page } = await newPage(browser, portal);
      const dialogs = await recordDialogs(page);
      await signIn(page, 'ab1234');
      const frame = await openCourse(page, 'golf-basic-12');
      // The package's launch page holds its own Previous / Next / Exit buttons around a frame of 16 pages;
      // reaching the last page (the knowledge check) sets cmi.core.lesson_status to "completed".
      await frame.locator('#butNext').waitFor();
      for (let i = 0; i < 15; i++) await frame.locator('#butNext').click();
      expect(await frame.locator('#butNext').isDisabled()).toBe(true);
      await frame.frameLocator('#contentFrame').locator('h1', { hasText: 'Knowledge Check' }).waitFor();
      await screenshotWindow(page, 'samples-golf-basic-12-player-desktop');
      await frame.locator('#butExit').click();
      await page.locator('[data-testid="player-save-state"][data-state="saved"]').waitFor();
      await closePlayer(page);
      await courseCard(page, 'golf-basic-12', 'complete').waitFor();
      const state = await courseState(page, 'golf-basic-12');
      expect(state.complete).toBe(true);
      const core = cmiOf(state.scos[0]!).core as Record<string, string>;
      expect(core.lesson_status).toBe('completed');
      expect(core.lesson_location).toBe('15');
      expect(dialogs.filter((d) => /error|unable/i.test(d))).toEqual([]);
      await context.close();
    });

    it('SCORM 2004 basic calls: Anna pages to the end, which sets completion_status completed, and the list shows it complete', async () => {
      const { context, page } = await newPage(browser, portal);
      const dialogs = await recordDialogs(page);
      await signIn(page, 'ab1234');
      const frame = await openCourse(page, 'golf-basic-2004');
      // 15 pages; the launch page sets completion_status "incomplete" on start and "completed" on the last page.
      await frame.locator('#butNext').waitFor();
      for (let i = 0; i < 14; i++) await frame.locator('#butNext').click();
      expect(await frame.locator('#butNext').isDisabled()).toBe(true);
      await frame.frameLocator('#contentFrame').locator('h1', { hasText: 'Knowledge Check' }).waitFor();
      await frame.locator('#butExit').click();
      await page.locator('[data-testid="player-save-state"][data-state="saved"]').waitFor();
      await closePlayer(page);
      await courseCard(page, 'golf-basic-2004', 'complete').waitFor();
      const state = await courseState(page, 'golf-basic-2004');
      expect(state.complete).toBe(true);
      const cmi = cmiOf(state.scos[0]!);
      expect(cmi.completion_status).toBe('completed');
      expect(cmi.location).toBe('14');
      expect(dialogs.filter((d) => /error|unable/i.test(d))).toEqual([]);
      await context.close();
    });

    it('SCORM 1.2 minimum calls, 18 parts: each part counts once opened and left, and the course ends complete', async () => {
      // Every part of this package only calls LMSInitialize on load and LMSFinish on unload: it never sets a
      // status. SCORM 1.2 RTE 3.4.4 asks the LMS to set lesson_status "completed" when a SCO finishes without
      // having set one, so each part is done once visited and left; the course is complete when all 18 are.
      const { context, page } = await newPage(browser, portal);
      const dialogs = await recordDialogs(page);
      await signIn(page, 'ab1234');
      await openCourse(page, 'golf-minimum-multi');
      const parts = page.getByTestId('sco-select');
      expect(await parts.locator('option').count()).toBe(18);
      const titles = await parts.locator('option').allTextContents();
      expect(titles[0]).toBe('1. How to Play');
      expect(titles[17]).toBe('18. Having Fun Quiz');

      const frame = page.frameLocator('[data-testid="course-frame"]').frameLocator('iframe');
      for (let i = 0; i < 18; i++) {
        if (i > 0) await parts.selectOption(String(i));
        await frame.locator('h1').waitFor();
        // The part calls LMSInitialize from its window.onload (after its picture loaded): a part left before
        // that never started, so it is not finished either. A reader is slower than that; the test waits for it.
        await scoInitialized(page);
        if (i === 0) await screenshotWindow(page, 'samples-golf-minimum-multi-player-desktop');
        if (i === 8) {
          // Half way: leaving the player keeps the parts done so far, and the course is not complete yet.
          await closePlayer(page);
          await courseCard(page, 'golf-minimum-multi', 'incomplete').waitFor();
          // The open part's finishing commit left as a beacon while the frame went away.
          await expect
            .poll(async () =>
              (await courseState(page, 'golf-minimum-multi')).scos.filter((s) => s.done).map((s) => s.title),
            )
            .toEqual(titles.slice(0, 9).map(strip));
          await openCourse(page, 'golf-minimum-multi');
          expect((await parts.locator('option').allTextContents()).filter((t) => t.endsWith('✓'))).toHaveLength(9);
        }
      }
      // The list of parts marks the ones left behind as done while the player stays open.
      const marked = (await parts.locator('option').allTextContents()).filter((t) => t.endsWith('✓'));
      expect(marked.map(strip)).toEqual(titles.slice(0, 17).map(strip));
      await closePlayer(page);
      await courseCard(page, 'golf-minimum-multi', 'complete').waitFor();
      const state = await courseState(page, 'golf-minimum-multi');
      expect(state.complete).toBe(true);
      expect(state.scos.every((s) => s.done)).toBe(true);
      expect(state.scos.map((s) => (cmiOf(s).core as Record<string, string>).lesson_status)).toEqual(
        Array(18).fill('completed'),
      );
      expect(dialogs.filter((d) => /error|unable/i.test(d))).toEqual([]);
      await context.close();
    });

    it('shows the player with the sample courses on a phone and on a desktop', async () => {
      for (const viewport of ['phone', 'desktop'] as const) {
        const { context, page } = await newPage(browser, portal, viewport);
        await recordDialogs(page);
        await signIn(page, 'ab1234');
        for (const alias of ['golf-basic-12', 'golf-minimum-multi']) {
          const frame = await openCourse(page, alias);
          // The basic-calls package pages inside a frame of its own, with its buttons under it.
          const content = alias === 'golf-basic-12' ? frame.frameLocator('#contentFrame') : frame;
          await content.locator('h1').waitFor();
          await content
            .locator('img#golfimg')
            .evaluate((img: HTMLImageElement) =>
              img.complete ? undefined : new Promise((resolve) => img.addEventListener('load', resolve)),
            );
          await screenshotWindow(page, `samples-player-${alias}-${viewport}`);
          const width = await page.evaluate(() => document.documentElement.scrollWidth);
          expect(width, 'no sideways scrolling').toBeLessThanOrEqual(viewport === 'phone' ? 360 : 1280);
          const player = (await page.getByTestId('course-player').boundingBox())!;
          const shown = (await page.getByTestId('course-frame').boundingBox())!;
          if (viewport === 'phone') {
            // Full screen on a phone, the frame inside the window.
            expect(player.width).toBeGreaterThanOrEqual(359);
            expect(shown.x).toBeGreaterThanOrEqual(0);
            expect(shown.x + shown.width).toBeLessThanOrEqual(360);
            expect(shown.y + shown.height).toBeLessThanOrEqual(740);
          } else {
            expect([shown.width, shown.height]).toEqual([990, 600]);
          }
          if (alias === 'golf-basic-12') {
            // The package's own buttons stay within reach.
            const next = (await frame.locator('#butNext').boundingBox())!;
            expect(next.y + next.height).toBeLessThanOrEqual(shown.y + shown.height);
          }
          await closePlayer(page);
        }
        await context.close();
      }
    });
  },
);

/** A part's saved data model (scorm-again commits it under a `cmi` root). */
function cmiOf(sco: { cmi: Record<string, unknown> | null }): Record<string, unknown> {
  const saved = sco.cmi ?? {};
  return (saved.cmi as Record<string, unknown> | undefined) ?? saved;
}

/** An option's title without its number and done mark. */
function strip(option: string): string {
  return option.replace(/^\d+\. /, '').replace(/ ✓$/, '');
}
