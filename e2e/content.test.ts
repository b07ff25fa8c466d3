import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import type { Browser } from 'playwright-core';
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
  hasFocus,
} from './harness';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const LANGUAGES = ['lv', 'lt', 'ee', 'en'] as const;

interface SectionFile {
  sections: { id: number; section_name: string; sectionLinks?: string[] }[];
}
const resources = (language: string): SectionFile =>
  JSON.parse(fs.readFileSync(path.join(root, 'content/resources', `${language}.json`), 'utf8')) as SectionFile;

/** Writes straight into the running portal's demo database (SQLite, WAL), as a manager's edit would. */
function withDatabase(portal: Portal, work: (db: Database.Database) => void): void {
  const db = new Database(path.join(portal.dataDir, 'portal.sqlite'));
  try {
    work(db);
  } finally {
    db.close();
  }
}

const HOSTILE =
  '<p>Svaigi dārzeņi</p><img src="x" onerror="window.__xss = 1"><script>window.__xss = 2</script><a href="javascript:window.__xss=3">klikšķini</a>';

describe.skipIf(!chromiumAvailable)('learning content in Chromium', () => {
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

  it('renders every resources section and sub-section in each of the four languages', async () => {
    for (const language of LANGUAGES) {
      const { context, page } = await newPage(browser, portal);
      page.on('pageerror', (error) => pageErrors.push(error.message));
      await useLanguage(context, language);
      await signIn(page, 'kz1234');
      for (const section of resources(language).sections) {
        const subs = Math.max(1, section.sectionLinks?.length ?? 0);
        for (let sub = 1; sub <= subs; sub++) {
          await page.goto(`/resources/${section.id}/${sub}`);
          const title = page.locator('#resources-section-title');
          await title.waitFor();
          expect(await title.textContent(), `${language} ${section.id}/${sub}`).toBe(section.section_name);
          expect((await page.getByTestId('section-description').textContent())?.length).toBeGreaterThan(20);
          if (sub === 1)
            expect(await page.getByTestId('resource').count(), `${language} ${section.id}`).toBeGreaterThan(0);
        }
      }
      // The section menu lists exactly the language's sections (no logistics in English).
      expect(await page.getByTestId('resources-section-link').count()).toBe(resources(language).sections.length);
      await context.close();
    }
    expect(pageErrors).toEqual([]);
  });

  it('shows the expert with several e-mails, hides it where the section says so, and marks intranet links', async () => {
    const { context, page } = await newPage(browser, portal);
    await signIn(page, 'kz1234');
    await page.goto('/resources/5/1');
    const expert = page.getByTestId('expert');
    await expert.waitFor();
    expect(await expert.locator('a[href^="mailto:"]').count()).toBe(2);
    await page.goto('/resources/3/1');
    await page.getByTestId('access-note').first().waitFor();

    await context.close();
    const lt = await newPage(browser, portal);
    await useLanguage(lt.context, 'lt');
    await signIn(lt.page, 'jk1234');
    await lt.page.goto('/resources/1/1');
    await lt.page.locator('#resources-section-title').waitFor();
    expect(await lt.page.getByTestId('expert').count()).toBe(0);
    await lt.context.close();
  });

  it('moves a CMA bundle unseen → seen → complete through the screen, and it stays complete after a reload', async () => {
    const { context, page } = await newPage(browser, portal);
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await signIn(page, 'kz1234');
    await page.goto('/cma/1');
    await page.getByTestId('bundle').waitFor();
    const second = page.getByTestId('bundle-link').nth(1);
    expect(await second.getByTestId('bundle-status').getAttribute('data-status')).toBe('new');
    // The coming-soon bundle sorts last.
    expect(await page.getByTestId('bundle-link').last().getByTestId('bundle-status').getAttribute('data-status')).toBe(
      'comingSoon',
    );

    await second.click();
    await page.waitForURL('**/cma/2');
    const status = page.getByTestId('bundle').getByTestId('bundle-status');
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="bundle"] [data-testid="bundle-status"]')?.getAttribute('data-status') ===
        'seen',
    );
    // The card may still be switching from the first bundle: wait for the opened one to settle as seen.
    await page.locator('[data-testid="bundle"] [data-testid="bundle-status"][data-status="seen"]').waitFor();

    await page.getByTestId('bundle-complete').click();
    await page.getByTestId('bundle-done').waitFor();
    expect(await status.getAttribute('data-status')).toBe('complete');
    await page.reload();
    await page.getByTestId('bundle-done').waitFor();
    expect(await page.getByTestId('bundle-complete').count()).toBe(0);
    await context.close();
  });

  it('confirms a mandatory instruction as read, and explains the markers in the legend, from the keyboard', async () => {
    const { context, page } = await newPage(browser, portal);
    await signIn(page, 'ab1234');
    await page.goto('/instructions/1');
    await page.getByTestId('bundle').getByTestId('mandatory').waitFor();
    await page.getByTestId('legend-button').press('Enter');
    const legend = page.getByTestId('legend');
    await legend.waitFor();
    expect(await legend.locator('li').count()).toBe(4);
    await page.keyboard.press('Escape');
    await legend.waitFor({ state: 'detached' });
    await expect.poll(() => hasFocus(page.getByTestId('legend-button'))).toBe(true);
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="bundle"] [data-testid="bundle-status"]')?.getAttribute('data-status') ===
        'seen',
    );
    await page.getByTestId('bundle-complete').press('Enter');
    await page.getByTestId('bundle-done').waitFor();
    await expect.poll(() => hasFocus(page.getByTestId('bundle-done'))).toBe(true);
    await context.close();
  });

  it('renders markup with <script>, onerror and javascript: links inert', async () => {
    withDatabase(portal, (db) => {
      db.prepare(`update bundles set description = ? where kind = 'cma' and country = 'lv' and category_id = 2`).run(
        HOSTILE,
      );
      db.prepare(`update notifications set description = ? where alias = 'fire-safety-week' and language = 'lv'`).run(
        HOSTILE,
      );
    });
    const { context, page } = await newPage(browser, portal);
    await signIn(page, 'lo1234', { password: 'demo-pass' });
    await page.goto('/cma/2');
    const description = page.getByTestId('bundle-description');
    await description.waitFor();
    expect(await description.textContent()).toContain('Svaigi dārzeņi');
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(await description.locator('script, img, [onerror]').count()).toBe(0);
    expect(await description.locator('a').getAttribute('href')).toBeNull();
    await context.close();
  });

  it('hides a notification once read, also after a reload', async () => {
    const { context, page } = await newPage(browser, portal);
    await signIn(page, 'kz1234');
    const list = page.getByTestId('notifications');
    await list.getByTestId('notification').first().waitFor();
    const before = await list.getByTestId('notification').count();
    const first = list.getByTestId('notification').first();
    const alias = await first.getAttribute('data-alias');
    await first.getByTestId('notification-read').click();
    await page.waitForFunction(
      (n) => document.querySelectorAll('[data-testid="notification"]').length === n,
      before - 1,
    );
    await page.reload();
    await list.getByTestId('notification').first().waitFor();
    expect(await list.getByTestId('notification').count()).toBe(before - 1);
    expect(await list.locator(`[data-alias="${alias}"]`).count()).toBe(0);
    await context.close();
  });

  it("marks every notification read from the keyboard, the focus going on to the next one's button, then the heading", async () => {
    const { context, page } = await newPage(browser, portal);
    await signIn(page, 'jk1234');
    const list = page.getByTestId('notifications');
    const buttons = list.getByTestId('notification-read');
    await buttons.first().waitFor();
    await buttons.first().focus();
    for (let left = await buttons.count(); left > 0; left--) {
      await page.keyboard.press('Enter');
      await expect.poll(() => buttons.count()).toBe(left - 1);
      await expect.poll(() => hasFocus(left > 1 ? buttons : list.locator('#notifications-title'))).toBe(true);
    }
    await context.close();
  });

  it('opens a survey in the modal frame from the login page', async () => {
    const { context, page } = await newPage(browser, portal);
    await page.goto('/');
    const survey = page.getByTestId('login-survey').first();
    await survey.waitFor();
    expect(await survey.getAttribute('data-bold')).toBe('true');
    await survey.getByTestId('survey-anonymous').waitFor();
    await survey.getByRole('button').click();
    const modal = page.getByTestId('survey-modal');
    await modal.waitFor();
    const frame = modal.getByTestId('content-frame');
    expect(await frame.getAttribute('src')).toBe('/files/surveys/demo-lv.html#satisfaction');
    const body = page.frameLocator('[data-testid="content-frame"]').locator('h1');
    expect(await body.textContent()).toBe('Aptaujas');
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'detached' });
    await context.close();
  });

  it('takes screenshots of resources, CMA, instructions and the login page at phone and desktop width', async () => {
    for (const viewport of ['phone', 'desktop'] as const) {
      const { context, page } = await newPage(browser, portal, viewport);
      await page.goto('/');
      await page.getByTestId('login-links').waitFor();
      await screenshot(page, `content-login-${viewport}`);
      await signIn(page, 'lo1234', { password: 'demo-pass' });
      await page.goto('/resources/5/2');
      await page.getByTestId('resource').first().waitFor();
      await screenshot(page, `content-resources-${viewport}`);
      await page.goto('/cma/1');
      await page.getByTestId('bundle').waitFor();
      await screenshot(page, `content-cma-${viewport}`);
      await page.goto('/instructions/1');
      await page.getByTestId('bundle').waitFor();
      await screenshot(page, `content-instructions-${viewport}`);
      await context.close();
    }
  });
});
