/**
 * The player's navigation of a sequenced SCORM 2004 course, in Chromium against the launch page's real engine:
 * Rustici's golf example "simple remediation" (flow only, no choice, its parts under an invisible wrapper), uploaded
 * through the portal's own upload. The learner moves with the player's controls, saves and closes, comes back to the
 * part they left, and on a phone opens the parts as a drawer with the controls still in reach.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { managerApi, uploadCourse } from './course-uploads';
import { chromiumAvailable, launchBrowser, newPage, signIn, startPortal, stopPortal, type Portal } from './harness';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const GOLF = path.resolve(root, '../shared/samples/external/golf-seq-simple-remediation-scorm2004-3rd.zip');
const ALIAS = 'golf-remediation';

async function openCourse(page: Page): Promise<void> {
  await page.goto('/courses/1');
  await page.locator(`[data-testid="course"][data-alias="${ALIAS}"] [data-testid="course-open"]`).click();
  await page.getByTestId('nav-tree').waitFor({ state: 'attached' });
}

/** Waits until the content frame shows the part whose launch has `?content=<part>`. */
async function delivered(page: Page, part: string): Promise<void> {
  await expect
    .poll(() => page.frames().some((f) => f.url().includes(`launchpage.html?content=${part}`)), { timeout: 30_000 })
    .toBe(true);
}

const currentPart = (page: Page) =>
  page.locator('[data-testid="nav-part"][aria-current="step"]').getAttribute('data-part');

describe.skipIf(!chromiumAvailable)('the player’s navigation of a sequenced course', () => {
  let portal: Portal;
  let browser: Browser;

  beforeAll(async () => {
    portal = await startPortal();
    browser = await launchBrowser();
    const api = await managerApi(portal);
    await uploadCourse(api, ALIAS, fs.readFileSync(GOLF), 'cashier', {
      name: 'Golf: simple remediation',
      mandatory: true,
    });
    await api.dispose();
  });
  afterAll(async () => {
    await browser?.close();
    await stopPortal(portal);
  });

  it('lists the parts, moves with Continue and Previous, and Save and close comes back to the part left', async () => {
    const { context, page } = await newPage(browser, portal);
    await signIn(page, 'ab1234');
    await openCourse(page);
    await delivered(page, 'playing');
    await expect.poll(() => currentPart(page)).toBe('playing_item');

    // The course itself comes first; the wrapper is invisible; a flow-only course offers no part to choose.
    const parts = page.getByTestId('nav-part');
    expect(await parts.evaluateAll((all) => all.map((p) => `${p.tagName} ${p.getAttribute('data-part')}`))).toEqual(
      [
        'golf_sample_default_org',
        'playing_item',
        'etuqiette_item',
        'handicapping_item',
        'havingfun_item',
        'test_1',
        'test_2',
        'test_3',
        'test_4',
      ].map((id) => `SPAN ${id}`),
    );
    expect(await page.getByTestId('nav-previous').count()).toBe(0);
    expect(await page.getByTestId('sco-select').count()).toBe(0);

    await page.getByTestId('nav-continue').click();
    await delivered(page, 'etiquette');
    await expect.poll(() => currentPart(page)).toBe('etuqiette_item');
    await page.getByTestId('nav-previous').click();
    await delivered(page, 'playing');
    await expect.poll(() => currentPart(page)).toBe('playing_item');
    await page.getByTestId('nav-continue').click();
    await expect.poll(() => currentPart(page)).toBe('etuqiette_item');

    await page.getByTestId('nav-suspendAll').click();
    await page.getByTestId('course-player').waitFor({ state: 'detached' });

    await openCourse(page);
    await delivered(page, 'etiquette');
    await expect.poll(() => currentPart(page)).toBe('etuqiette_item');
    await context.close();
  });

  it('on a phone shows the parts in a drawer and keeps the controls at the bottom of the window', async () => {
    const { context, page } = await newPage(browser, portal, 'phone');
    await signIn(page, 'ab1234');
    await openCourse(page);
    await page.getByTestId('nav-continue').waitFor();

    const tree = page.getByTestId('nav-tree');
    expect(await tree.isVisible()).toBe(false);
    const viewport = page.viewportSize()!;
    const controls = (await page.getByTestId('nav-controls').boundingBox())!;
    expect(controls.y + controls.height).toBeCloseTo(viewport.height, 0);
    const frame = (await page.getByTestId('course-frame').boundingBox())!;
    expect(frame.width).toBeCloseTo(viewport.width, 0);

    const toggle = page.getByTestId('nav-parts-toggle');
    await toggle.click();
    expect(await tree.isVisible()).toBe(true);
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Escape');
    expect(await tree.isVisible()).toBe(false);
    expect(await page.getByTestId('course-player').isVisible()).toBe(true);
    await context.close();
  });
});
