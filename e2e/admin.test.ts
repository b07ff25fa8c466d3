import path from 'node:path';
import Database from 'better-sqlite3';
import ExcelJS from 'exceljs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chromiumAvailable,
  launchBrowser,
  newPage,
  screenshot,
  signIn,
  startPortal,
  stopPortal,
  VIEWPORTS,
  type Portal,
  hasFocus,
} from './harness';

/** An optional Latvian course no position has, so an admin can give it to Anna as an additional course. */
function addUnassignedCourse(portal: Portal): void {
  const db = new Database(path.join(portal.dataDir, 'portal.sqlite'));
  db.pragma('busy_timeout = 5000');
  db.prepare(
    `insert into courses (alias, language, name, description, expiration, folder, course_type, status,
       course_order_office, course_order_store, created_at)
     values ('inventory-basics', 'lv', 'Inventūras pamati', 'Kā veikt inventūru.', 0, 'inventory-basics-lv', 'optional', 'enabled', 20, 20, ?)`,
  ).run(new Date().toISOString());
  db.close();
}

async function search(page: Page, text: string): Promise<void> {
  await page.locator('input[name="search"]').fill(text);
  await page.getByRole('button', { name: 'Meklēt' }).click();
}

/** Līga, signed in on her people's page, has found Anna by her PIN: Anna's line in the results. */
async function annaFoundByLiga(page: Page): Promise<Locator> {
  await signIn(page, 'lo1234', { password: 'demo-pass' });
  await page.goto('/filter/user/2');
  await search(page, 'ab1234');
  return page.getByTestId('search-results').getByRole('button', { name: /Anna Bērziņa/ });
}

describe.skipIf(!chromiumAvailable)('administration in Chromium', () => {
  let portal: Portal;
  let browser: Browser;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    portal = await startPortal();
    addUnassignedCourse(portal);
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await stopPortal(portal);
  });

  it('Līga finds Anna by surname and by PIN, opens her details and gives her an additional course that Anna then sees', async () => {
    const { context, page } = await newPage(browser, portal);
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await signIn(page, 'lo1234', { password: 'demo-pass' });
    await page.goto('/filter/user/2');

    await search(page, 'Bērziņa');
    await page.getByTestId('search-results').getByText('Anna Bērziņa').waitFor();
    await search(page, 'zzzz-nobody');
    await page.getByTestId('no-users').waitFor();
    expect(await page.getByTestId('no-users').textContent()).toBe('Lietotāji netika atrasti. Lūdzu, mēģiniet vēlreiz!');
    await search(page, 'ab1234');
    const anna = page.getByTestId('search-results').getByRole('button', { name: /Anna Bērziņa/ });
    await anna.click();

    const details = page.getByTestId('user-details');
    await details.getByRole('heading', { name: 'Anna Bērziņa' }).waitFor();
    const row = details.locator('[data-testid="details-course"][data-alias="inventory-basics"]');
    await row.getByRole('button', { name: 'Pievienot kā papildu' }).click();
    await row.getByText('Papildu', { exact: true }).waitFor();
    await details.evaluate((element) => element.scrollTo(0, 0));
    await screenshot(page, 'admin-user-details-desktop');
    await page.setViewportSize(VIEWPORTS.tablet);
    await details.evaluate((element) => element.scrollTo(0, 0));
    await screenshot(page, 'admin-user-details-tablet');
    await context.close();

    const learner = await newPage(browser, portal);
    await signIn(learner.page, 'ab1234');
    await learner.page.goto('/courses/2');
    await learner.page.locator('[data-testid="course"][data-alias="inventory-basics"]').waitFor();
    await learner.context.close();
  });

  it('moves the keyboard focus into the form on Edit and back after Cancel, and back to what opened a dialog: the question while editing, then the details of a person', async () => {
    const { context, page } = await newPage(browser, portal);
    page.on('pageerror', (error) => pageErrors.push(error.message));
    const anna = await annaFoundByLiga(page);
    await anna.press('Enter');
    const details = page.getByTestId('user-details');
    const edit = details.getByRole('button', { name: 'Labot' });
    await edit.press('Enter');
    await expect.poll(() => hasFocus(details.getByLabel('Vārds', { exact: true }))).toBe(true);
    await details.getByRole('button', { name: 'Atcelt' }).press('Enter');
    await expect.poll(() => hasFocus(edit)).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => hasFocus(details.getByLabel('Vārds', { exact: true }))).toBe(true);
    const deleteHistory = details.getByRole('button', { name: 'Dzēst apmācību vēsturi' });
    await deleteHistory.press('Enter');
    await page.getByTestId('confirm-dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('confirm-dialog').waitFor({ state: 'detached' });
    await expect.poll(() => hasFocus(deleteHistory)).toBe(true);
    await page.keyboard.press('Escape');
    await details.waitFor({ state: 'detached' });
    await expect.poll(() => hasFocus(anna)).toBe(true);
    await context.close();
  });

  it('closes only the confirmation on an Escape that comes as it opens, the details staying open', async () => {
    const { context, page } = await newPage(browser, portal);
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await (await annaFoundByLiga(page)).click();
    const details = page.getByTestId('user-details');
    const deleteHistory = details.getByRole('button', { name: 'Dzēst apmācību vēsturi' });
    // React shows the confirmation in a microtask, and the details learn of it only in a later task: an Escape pressed
    // in between, as a quick hand or a busy machine sends it, reached both.
    const confirmShown = await deleteHistory.evaluate(async (button: HTMLButtonElement) => {
      button.focus();
      button.click();
      await new Promise<void>((resolve) => queueMicrotask(resolve));
      const shown = document.querySelector('[data-testid="confirm-dialog"]')?.contains(document.activeElement);
      document.activeElement?.dispatchEvent(
        new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }),
      );
      return shown;
    });
    expect(confirmShown).toBe(true);
    await page.getByTestId('confirm-dialog').waitFor({ state: 'detached' });
    await expect.poll(() => hasFocus(deleteHistory)).toBe(true);
    expect(await details.isVisible()).toBe(true);
    await context.close();
  });

  it('Līga adds a user and sees the generated PIN, then transfers them to another store with the confirmation', async () => {
    const { context, page } = await newPage(browser, portal);
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await signIn(page, 'lo1234', { password: 'demo-pass' });
    await page.goto('/filter/user/3');

    await page.getByRole('button', { name: 'Pievienot lietotāju' }).click();
    await page.getByText('Lūdzu, aizpildiet šo lauku!').first().waitFor();
    await page.locator('#add-name').fill('Jānis');
    await page.locator('#add-surname').fill('Ērglis');
    await page.locator('#add-position').selectOption('cashier');
    // Pressed from the keyboard, the button keeps the focus while the call is under way and does not send it twice.
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let adds = 0;
    await page.route('**/api?r=add_user*', async (route) => {
      adds++;
      await released;
      await route.continue();
    });
    const add = page.locator('form:has(#add-position) button[type="submit"]');
    await add.press('Enter');
    await add
      .and(page.getByRole('button', { name: 'Ielādē…' }))
      .and(page.locator('[aria-disabled="true"]'))
      .waitFor();
    expect(await hasFocus(add)).toBe(true);
    await page.locator('#add-surname').press('Enter');
    await add.press('Enter');
    release();
    await page.getByTestId('user-created').getByText('Lietotājs izveidots!').waitFor();
    expect(adds).toBe(1);
    expect(await hasFocus(add)).toBe(true);
    await page.unroute('**/api?r=add_user*');
    const pin = (await page.getByTestId('created-login').textContent())?.trim() ?? '';
    expect(pin).toMatch(/^ja\d{4}$/);

    await page.goto('/filter/user/2');
    await search(page, pin);
    await page
      .getByTestId('search-results')
      .getByRole('button', { name: /Jānis Ērglis/ })
      .click();
    const details = page.getByTestId('user-details');
    await details.getByRole('heading', { name: 'Jānis Ērglis' }).waitFor();
    await details.getByRole('button', { name: 'Labot' }).click();
    await details.getByTestId('details-department').selectOption('lv-riga-02');
    await details.getByTestId('details-position').selectOption('warehouse-worker');
    await details.getByRole('button', { name: 'Saglabāt' }).click();
    const confirm = page.getByTestId('confirm-dialog');
    await confirm.getByText('Vai tiešām vēlaties pārcelt šo lietotāju uz citu veikalu?').waitFor();
    await confirm.getByRole('button', { name: 'Jā' }).click();
    const due = details.getByTestId('due-items');
    await due.waitFor();
    expect(await due.textContent()).toContain('Pārtikas higiēna');
    await context.close();
  });

  it('shows the results table, legend and chart of her store to Līga at 1280 px, tablet and phone width, the page never wider than a phone', async () => {
    const { context, page } = await newPage(browser, portal);
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await signIn(page, 'lo1234', { password: 'demo-pass' });
    await page.goto('/filter/user/1');
    await page.getByTestId('results-table').waitFor();
    await page.getByTestId('results-chart').waitFor();
    expect(await page.getByTestId('result-row').count()).toBeGreaterThanOrEqual(14);
    expect(await page.locator('[data-status="expires-soon"]').count()).toBeGreaterThan(0);
    await screenshot(page, 'admin-results-desktop');
    await page.setViewportSize(VIEWPORTS.tablet);
    await screenshot(page, 'admin-results-tablet');
    await page.setViewportSize(VIEWPORTS.phone);
    await screenshot(page, 'admin-results-phone');
    // The wide results table scrolls in its own box; the page itself never scrolls sideways on a phone.
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, 'no sideways scrolling at 360 px').toBeLessThanOrEqual(VIEWPORTS.phone.width);
    await context.close();
  });

  it('keeps the keyboard focus on a person picked in the results and on a course chosen, while the table follows', async () => {
    const { context, page } = await newPage(browser, portal);
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await signIn(page, 'lo1234', { password: 'demo-pass' });
    await page.goto('/filter/user/1');
    const person = page.getByTestId('result-row').first().getByRole('checkbox');
    await person.press('Space');
    await expect.poll(() => person.isChecked()).toBe(true);
    await expect.poll(() => hasFocus(person)).toBe(true);

    const columns = page.getByTestId('results-table').locator('thead th');
    expect(await columns.count()).toBeGreaterThan(3);
    const course = page.getByRole('group', { name: 'Rādīt tikai šos kursus' }).getByRole('checkbox').first();
    await course.press('Space');
    await expect.poll(() => columns.count()).toBe(3);
    expect(await hasFocus(course)).toBe(true);
    expect(await person.isChecked()).toBe(true);
    await context.close();
  });

  it('Inga is warned without a course, then exports the results of a department and the file downloads', async () => {
    const { context, page } = await newPage(browser, portal);
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await signIn(page, 'inga.vitola', { office: true, password: 'demo-pass' });
    await page.goto('/filter/dep/1');
    await page.getByRole('checkbox', { name: 'Personāla departaments' }).check();
    await page.getByRole('button', { name: 'Rādīt rezultātus' }).click();
    await page.getByTestId('results-table').waitFor();

    const exportButton = page.getByTestId('export-results');
    await exportButton.press('Enter');
    const banner = page.getByTestId('warning-banner');
    await banner.getByText('Nav atlasīts neviens kurss').waitFor();
    // Dismissed from the keyboard, the banner gives the focus back to where it came from.
    await banner.getByRole('button').focus();
    await banner.getByRole('button').press('Enter');
    await banner.waitFor({ state: 'detached' });
    await expect.poll(() => hasFocus(exportButton)).toBe(true);

    await page.getByRole('group', { name: 'Rādīt tikai šos kursus' }).locator('label').first().click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-results').click()]);
    expect(download.suggestedFilename()).toMatch(/^results-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const file = path.join(portal.dataDir, 'export.xlsx');
    await download.saveAs(file);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const sheet = workbook.getWorksheet('Rezultāti')!;
    expect((sheet.getRow(1).values as unknown[]).slice(1, 3)).toEqual(['Vārds', 'Uzvārds']);
    expect(sheet.rowCount).toBeGreaterThan(1);
    await context.close();
  });

  it('raised no page errors', () => {
    expect(pageErrors).toEqual([]);
  });
});
