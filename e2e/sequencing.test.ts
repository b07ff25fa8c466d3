/**
 * A multi-part SCORM 2004 course that follows its sequencing (Rustici's golf example "forced sequential order": each
 * part after the first is disabled until the previous one's global objective is satisfied), uploaded through the
 * portal's own upload and played in Chromium: the launch page's engine delivers the parts, the player's Continue
 * moves on, and a tab closed mid-course resumes in the part it was in.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastNavigation, recordNavigation } from './conformance/player-controls';
import { managerApi, uploadCourse } from './course-uploads';
import { chromiumAvailable, launchBrowser, newPage, signIn, startPortal, stopPortal, type Portal } from './harness';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const GOLF = path.resolve(root, '../shared/samples/external/golf-seq-forced-sequential-scorm2004-3rd.zip');
const ALIAS = 'golf-forced';

async function openCourse(page: Page): Promise<void> {
  await page.goto('/courses/1');
  await page.locator(`[data-testid="course"][data-alias="${ALIAS}"] [data-testid="course-open"]`).click();
  await page.getByTestId('course-frame').waitFor();
}

/** Waits until the launch page shows the part whose launch has `?content=<part>`, and answers its frame. */
async function delivered(page: Page, part: string): Promise<Frame> {
  await expect
    .poll(() => page.frames().find((f) => f.url().includes(`launchpage.html?content=${part}`)), { timeout: 30_000 })
    .toBeDefined();
  return page.frames().find((f) => f.url().includes(`launchpage.html?content=${part}`))!;
}

describe.skipIf(!chromiumAvailable)('a sequenced SCORM 2004 course in the player', () => {
  let portal: Portal;
  let browser: Browser;

  beforeAll(async () => {
    portal = await startPortal();
    browser = await launchBrowser();
    const api = await managerApi(portal);
    await uploadCourse(api, ALIAS, fs.readFileSync(GOLF), 'cashier', {
      name: 'Golf: forced sequential order',
      mandatory: true,
    });
    await api.dispose();
  });
  afterAll(async () => {
    await browser?.close();
    await stopPortal(portal);
  });

  it('delivers the parts in the manifest’s order, continues by the player’s control, and resumes after the tab closed', async () => {
    const { context, page } = await newPage(browser, portal);
    await recordNavigation(page);
    await signIn(page, 'ab1234');
    await openCourse(page);

    // The engine starts at the first part; the others are disabled until it is passed.
    const playing = await delivered(page, 'playing');
    await expect.poll(() => lastNavigation(page)).toMatchObject({ current: 'playing_item', ended: false });
    const before = (await lastNavigation(page))!;
    expect(before.activities.map((a) => a.id)).toEqual([
      'playing_item',
      'etuqiette_item',
      'handicapping_item',
      'havingfun_item',
      'assessment_item',
    ]);
    expect(before.activities.find((a) => a.id === 'etuqiette_item')!.choosable).toBe(false);
    await expect.poll(async () => (await lastNavigation(page))!.controls.continue).toBe(false);

    // Five pages: the last sets completed and passed, and commits; Continue is valid from then on.
    for (let i = 0; i < 4; i++) await playing.locator('#butNext').click();
    await page.locator('[data-testid="player-save-state"][data-state="saved"]').waitFor();
    await expect.poll(async () => (await lastNavigation(page))!.controls.continue).toBe(true);
    await page.getByTestId('nav-continue').click();
    const etiquette = await delivered(page, 'etiquette');
    await expect
      .poll(() => lastNavigation(page))
      .toMatchObject({
        current: 'etuqiette_item',
        activities: expect.arrayContaining([
          expect.objectContaining({ id: 'playing_item', completion: 'completed', success: 'passed' }),
        ]),
      });
    await etiquette.locator('#butNext').click();
    await page.locator('[data-testid="player-save-state"][data-state="saved"]').waitFor();

    // The tab closes mid-part (the part's unload handler suspends it); the course reopens in that part.
    await page.close();
    const reopened = await context.newPage();
    await recordNavigation(reopened);
    await openCourse(reopened);
    await delivered(reopened, 'etiquette');
    await expect
      .poll(() => lastNavigation(reopened))
      .toMatchObject({
        current: 'etuqiette_item',
        activities: expect.arrayContaining([expect.objectContaining({ id: 'playing_item', completion: 'completed' })]),
      });
    await context.close();
  });
});
