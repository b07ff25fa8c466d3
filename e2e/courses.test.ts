import type { Browser, FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chromiumAvailable,
  launchBrowser,
  newPage,
  screenshot,
  signIn,
  startPortal,
  stopPortal,
  type Portal,
  hasFocus,
} from './harness';

/** The number in the home page's courses tile, or 0 when it says all is done. */
async function coursesTileCount(page: Page): Promise<number> {
  await page.goto('/home');
  const tile = page.locator('[data-testid="tile-courses"][data-count]');
  await tile.waitFor();
  return Number(await tile.getAttribute('data-count'));
}

async function openCourse(page: Page, alias: string): Promise<FrameLocator> {
  await page.goto('/courses/1');
  await page.locator(`[data-testid="course"][data-alias="${alias}"] [data-testid="course-open"]`).click();
  const frame = page.frameLocator('[data-testid="course-frame"]').frameLocator('iframe');
  await frame.locator('h1').waitFor();
  return frame;
}

async function closePlayer(page: Page): Promise<void> {
  await page.getByTestId('player-close').click();
  await page.getByTestId('course-player').waitFor({ state: 'detached' });
}

const today = () => new Date();

describe.skipIf(!chromiumAvailable)('courses and the player in Chromium', () => {
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

  for (const [alias, version, firstPage, secondPage] of [
    ['welcome', '1.2', 'Mūsu vērtības', 'Darba kārtība'],
    ['safe-work', '2004', 'Smagumu celšana', 'Evakuācija'],
  ] as const) {
    it(`Anna leaves the SCORM ${version} course '${alias}' half way, resumes it and passes the quiz`, async () => {
      const { context, page } = await newPage(browser, portal);
      await signIn(page, 'ab1234');
      const before = await coursesTileCount(page);

      let frame = await openCourse(page, alias);
      expect(await frame.locator('h1').textContent()).toBe(firstPage);
      await frame.locator('[data-action="next"]').click();
      await frame.locator('h1', { hasText: secondPage }).waitFor();
      await page.locator('[data-testid="player-save-state"][data-state="saved"]').waitFor();
      await closePlayer(page);

      frame = await openCourse(page, alias);
      expect(await frame.locator('h1').textContent()).toBe(secondPage);
      await frame.locator('[data-action="next"]').click();
      await frame.locator('[data-action="next"]').click();
      // The right answers of the demo quizzes (content/courses/source/<alias>.json).
      const answers = alias === 'welcome' ? ['#q0o0', '#q1o1'] : ['#q0o1', '#q1o0'];
      for (const answer of answers) await frame.locator(answer).check();
      await frame.locator('[data-action="submit"]').click();
      await frame.locator('.score').waitFor();
      await page.locator('[data-testid="player-save-state"][data-state="saved"]').waitFor();
      await closePlayer(page);

      const card = page.locator(`[data-testid="course"][data-alias="${alias}"]`);
      await page.locator(`[data-testid="course"][data-alias="${alias}"][data-status="complete"]`).waitFor();
      const finished = (await card.getByTestId('course-finished').textContent()) ?? '';
      const day = new Intl.DateTimeFormat('lv', { dateStyle: 'medium', timeZone: 'UTC' }).format(today());
      expect(finished).toContain(day);
      await screenshot(page, `courses-${alias}-complete-desktop`);
      expect(await coursesTileCount(page)).toBe(before - 1);
      await context.close();
    });
  }

  it('saves a commit made while the server is down once it is back', async () => {
    const { context, page } = await newPage(browser, portal);
    await signIn(page, 'ab1234');
    // Anna completed this course before: it opens in review, and "Start again" begins a new attempt that saves.
    let frame = await openCourse(page, 'cash-handling');
    await page.getByTestId('player-review').waitFor();
    await page.getByTestId('player-restart').click();
    await page.locator('[data-testid="player-save-state"][data-state="saved"]').waitFor();
    frame = page.frameLocator('[data-testid="course-frame"]').frameLocator('iframe');
    await frame.locator('h1').waitFor();
    await portal.stop();
    await frame.locator('[data-action="next"]').click();
    await page.locator('[data-testid="player-save-state"][data-state="retrying"]').waitFor();
    await portal.start();
    await page.locator('[data-testid="player-save-state"][data-state="saved"]').waitFor({ timeout: 30_000 });
    await closePlayer(page);
    const reopened = await openCourse(page, 'cash-handling');
    expect(await reopened.locator('.progress').textContent()).toMatch(/^Lapa 2 /);
    await context.close();
  });

  it('on a second visit takes the course catalogue from the browser cache and only the progress from the server', async () => {
    const { context, page } = await newPage(browser, portal);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const routes = new Map<string, string>();
    const fromCache = new Set<string>();
    cdp.on('Network.requestWillBeSent', (event) => {
      const route = new URL(event.request.url).searchParams.get('r');
      if (route?.startsWith('course_')) routes.set(event.requestId, route);
    });
    cdp.on('Network.requestServedFromCache', (event) => fromCache.add(event.requestId));
    cdp.on('Network.responseReceived', (event) => {
      if (event.response.fromDiskCache) fromCache.add(event.requestId);
    });
    const visit = async () => {
      routes.clear();
      fromCache.clear();
      await page.goto('/courses/2');
      await page.getByTestId('course-list').waitFor();
      const served = (cached: boolean) =>
        [...routes].filter(([id]) => fromCache.has(id) === cached).map(([, route]) => route);
      return { server: served(false).sort(), cache: served(true) };
    };
    await signIn(page, 'ab1234');
    expect(await visit()).toEqual({ server: ['course_catalogue', 'course_progress'], cache: [] });
    const names = await page.locator('[data-testid="course"] h2').allTextContents();
    expect(names.length).toBeGreaterThan(0);
    expect(await visit()).toEqual({ server: ['course_progress'], cache: ['course_catalogue'] });
    expect(await page.locator('[data-testid="course"] h2').allTextContents()).toEqual(names);
    await context.close();
  });

  it("shows each course's status as the server counts it, whatever the browser's clock says", async () => {
    const { context, page } = await newPage(browser, portal);
    await signIn(page, 'ab1234');
    const serverStatuses = await page.evaluate(async () => {
      const answer = (await (await fetch('/api?r=courses')).json()) as {
        result: { alias: string; course_status: string; days_left: number | null }[];
      };
      return Object.fromEntries(answer.result.map((c) => [c.alias, `${c.course_status} ${c.days_left}`]));
    });
    expect(serverStatuses).toMatchObject({ 'food-hygiene': expect.stringMatching(/^expires-soon \d+$/) });
    expect(serverStatuses['data-protection']).toMatch(/^expired -\d+$/);
    // Three years on, every completion would have expired by the browser's own clock.
    await page.clock.setFixedTime(new Date(Date.now() + 3 * 365 * 86_400_000));
    const shown: Record<string, string> = {};
    for (const tab of ['/courses/1', '/courses/2']) {
      await page.goto(tab);
      await page.getByTestId('course-list').waitFor();
      for (const card of await page.getByTestId('course').all()) {
        const status = await card.getAttribute('data-status');
        const daysLeft =
          status === 'expires-soon'
            ? (await card.getByTestId('course-status').locator('span').first().textContent())!.match(/\d+/)![0]
            : null;
        shown[(await card.getAttribute('data-alias'))!] = `${status} ${daysLeft}`;
      }
    }
    expect(Object.keys(shown).length).toBeGreaterThan(3);
    for (const [alias, status] of Object.entries(shown))
      expect(status, alias).toBe(serverStatuses[alias]!.replace(/^(?!expires-soon)(\S+) .*$/, '$1 null'));
    await context.close();
  });

  it("opens and closes the player from the keyboard, the focus coming back to the course's button", async () => {
    const { context, page } = await newPage(browser, portal);
    await signIn(page, 'ab1234');
    await page.goto('/courses/1');
    const open = page.locator('[data-testid="course"][data-alias="food-hygiene"] [data-testid="course-open"]');
    await open.press('Enter');
    await page.frameLocator('[data-testid="course-frame"]').frameLocator('iframe').locator('h1').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('course-player').waitFor({ state: 'detached' });
    await expect.poll(() => hasFocus(open)).toBe(true);
    await context.close();
  });

  it('shows the player full screen on a phone', async () => {
    const { context, page } = await newPage(browser, portal, 'phone');
    await signIn(page, 'ab1234');
    await openCourse(page, 'food-hygiene');
    const box = await page.getByTestId('course-player').boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(359);
    await screenshot(page, 'courses-player-phone');
    await context.close();
  });
});
