import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chromiumAvailable,
  launchBrowser,
  newPage,
  screenshot,
  signIn,
  startPortal,
  stopPortal,
  useLanguage,
  type Portal,
} from './harness';

/** The number in the home page's goals tile ("3 mērķi vēl nav sasniegti"), or null when it shows none. */
async function goalsTileCount(page: Page): Promise<number> {
  await page.goto('/home');
  const tile = page.locator('[data-testid="tile-goals"][data-count]');
  await tile.waitFor();
  return Number(await tile.getAttribute('data-count'));
}

async function waitSaved(page: Page): Promise<void> {
  await page.locator('[data-testid="save-status"][data-state="saved"]').waitFor({ timeout: 15_000 });
}

async function openGoals(page: Page): Promise<void> {
  await page.goto('/goals');
  await page.getByTestId('goal').first().waitFor();
}

describe.skipIf(!chromiumAvailable)('development goals in Chromium', () => {
  let portal: Portal;
  let browser: Browser;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    portal = await startPortal();
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await stopPortal(portal);
  });

  it("sends Anna's first visit to /goals to the goal tutorial once, then shows her three goals", async () => {
    const { context, page } = await newPage(browser, portal);
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await signIn(page, 'ab1234');
    await page.goto('/goals');
    await page.waitForURL('**/how-to-goals/1/1');
    await page.getByTestId('goals-intro').waitFor();
    await page.getByRole('heading', { level: 3, name: 'Jūsu trīs attīstības mērķi' }).waitFor();

    await page.getByRole('link', { name: 'Izvirzīt manus mērķus' }).click();
    await page.waitForURL('**/goals');
    await page.getByTestId('goal').first().waitFor();
    expect(await page.getByTestId('goal').count()).toBe(3);
    expect(await page.getByTestId('goal-name').first().inputValue()).toBe('1. mērķis');
    expect(await page.getByTestId('goal').first().getByTestId('task').count()).toBe(4);

    // Remembered on the server: a new browser (another device) is not sent to the tutorial again.
    await context.close();
    const other = await newPage(browser, portal);
    await signIn(other.page, 'ab1234');
    await openGoals(other.page);
    expect(new URL(other.page.url()).pathname).toBe('/goals');
    await other.context.close();
  });

  it('saves a renamed goal (pasted line break stripped), a quarter and four tasks at 100 without a save button', async () => {
    const { context, page } = await newPage(browser, portal);
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: portal.url });
    await signIn(page, 'ab1234');
    const before = await goalsTileCount(page);
    await openGoals(page);

    const goal = page.getByTestId('goal').first();
    const name = goal.getByTestId('goal-name');
    await name.click();
    await page.keyboard.press('Control+A');
    await page.evaluate(() => navigator.clipboard.writeText('Apgūt\nkases darbu'));
    await page.keyboard.press('Control+V');
    expect(await name.inputValue()).toBe('Apgūt kases darbu');

    await goal.getByTestId('goal-quarter').selectOption('3');
    await goal.getByTestId('task-description').nth(1).fill('Vienu maiņu sekot Līgai pie kases');
    const ranges = goal.getByTestId('task-percentage');
    for (let i = 0; i < 4; i++) {
      await ranges.nth(i).press('End');
    }
    expect(await goal.getAttribute('data-reached')).toBe('true');
    await waitSaved(page);
    expect(await page.locator('button', { hasText: /saglabāt/i }).count()).toBe(0);

    await page.reload();
    await page.getByTestId('goal').first().waitFor();
    const reloaded = page.getByTestId('goal').first();
    expect(await reloaded.getByTestId('goal-name').inputValue()).toBe('Apgūt kases darbu');
    expect(await reloaded.getByTestId('goal-quarter').inputValue()).toBe('3');
    expect(await reloaded.getByTestId('task-description').nth(1).inputValue()).toBe(
      'Vienu maiņu sekot Līgai pie kases',
    );
    const values = await reloaded
      .getByTestId('task-percentage')
      .evaluateAll((els) => els.map((el) => (el as HTMLInputElement).value));
    expect(values).toEqual(['100', '100', '100', '100']);
    expect(await reloaded.getAttribute('data-reached')).toBe('true');
    expect(await reloaded.getByTestId('goal-state').textContent()).toBe('Mērķis sasniegts');
    const second = page.getByTestId('goal').nth(1);
    expect(await second.getAttribute('data-reached')).toBe('false');

    // The home tile counts one unreached goal fewer.
    const after = await goalsTileCount(page);
    expect([before, after]).toEqual([3, 2]);
    await context.close();
  });

  it('keeps the text of a failed save, shows it failed, and saves it once the connection is back', async () => {
    const { context, page } = await newPage(browser, portal);
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await signIn(page, 'ab1234');
    await openGoals(page);
    await page.route('**/api?r=set_task_description*', (route) => route.abort('internetdisconnected'));
    const field = page.getByTestId('goal').nth(1).getByTestId('task-description').first();
    await field.fill('Izlasīt rokasgrāmatu par preču izvietošanu');
    await page.locator('[data-testid="save-status"][data-state="failed"]').waitFor({ timeout: 10_000 });
    expect(await field.inputValue()).toBe('Izlasīt rokasgrāmatu par preču izvietošanu');
    expect(await page.getByRole('alert').first().textContent()).toContain('nav savienojuma');

    await page.unroute('**/api?r=set_task_description*');
    await waitSaved(page);
    await page.reload();
    await page.getByTestId('goal').first().waitFor();
    expect(await page.getByTestId('goal').nth(1).getByTestId('task-description').first().inputValue()).toBe(
      'Izlasīt rokasgrāmatu par preču izvietošanu',
    );
    await context.close();
  });

  it('moves through the how-to sections by keyboard-reachable links and redirects unknown sections', async () => {
    const { context, page } = await newPage(browser, portal);
    await useLanguage(context, 'en');
    await signIn(page, 'ab1234');
    await page.goto('/how-to-goals/2/1');
    await page.getByRole('heading', { level: 3, name: 'Short, focused sessions' }).waitFor();
    expect(await page.locator('article').textContent()).toContain('5–9');
    await page.getByRole('link', { name: /Next/ }).click();
    await page.waitForURL('**/how-to-goals/2/2');
    await page.getByRole('heading', { level: 3, name: 'Make it stick' }).waitFor();
    expect(await page.locator('article').textContent()).toMatch(/40 percent.*after 24 hours/);
    const sections = page.getByRole('navigation', { name: 'Guidance sections' }).getByRole('link');
    expect(await sections.allTextContents()).toEqual([
      'How to set goals',
      'Learn on my own',
      'Learn from colleagues',
      'Learn by doing',
      'Take training courses',
    ]);
    await sections.nth(2).press('Enter');
    await page.waitForURL('**/how-to-goals/3/1');
    await page.getByRole('heading', { level: 3, name: 'A learning group of 3–5' }).waitFor();
    await page.goto('/how-to-goals/9/1');
    await page.waitForURL('**/how-to-goals/1/1');
    await context.close();
  });

  it('takes screenshots of /goals and a how-to page at 360 and 1280 px in Latvian and English', async () => {
    for (const language of ['lv', 'en'] as const) {
      for (const viewport of ['phone', 'desktop'] as const) {
        const { context, page } = await newPage(browser, portal, viewport);
        page.on('pageerror', (error) => pageErrors.push(error.message));
        await useLanguage(context, language);
        await signIn(page, 'ab1234');
        await openGoals(page);
        await screenshot(page, `goals-${language}-${viewport}`);
        await page.goto('/how-to-goals/2/3');
        await page.locator('article h3').waitFor();
        await screenshot(page, `howto-${language}-${viewport}`);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${language} ${viewport} scrolls sideways`).toBeLessThanOrEqual(0);
        await context.close();
      }
    }
    expect(pageErrors).toEqual([]);
  });
});
