import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chromiumAvailable,
  hasFocus,
  launchBrowser,
  newPage,
  screenshot,
  signIn,
  startPortal,
  stopPortal,
  type Portal,
} from './harness';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const GOLF = path.resolve(root, '../shared/samples/scorm12-golf-basic-calls.zip');

const signInManager = (page: Page) => signIn(page, 'training.manager', { office: true, password: 'demo-pass' });

describe.skipIf(!chromiumAvailable)('training manager in Chromium', () => {
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

  it('uploads a real SCORM package as a Latvian mandatory course, assigns it to cashiers, and Anna takes it', async () => {
    const { context, page } = await newPage(browser, portal);
    await signInManager(page);
    await page.locator('aside a[href="/manager/1"]').click();
    const form = page.getByTestId('add-course-form');
    await form.getByRole('heading', { name: 'Jauns kurss: Latviešu' }).waitFor();
    await page.getByTestId('course-package').setInputFiles(GOLF);
    await form.getByLabel('Aizstājvārds (alias)').fill('golf-basics');
    await form.getByLabel('Nosaukums').fill('Golfa pamati');
    await form.getByLabel('Apraksts').fill('Reāla SCORM 1.2 pakete no Rustici.');
    await form.getByLabel('Derīgs (mēneši)').fill('12');
    await form.getByLabel('Obligātais').check();
    await form.getByRole('button', { name: 'Pievienot kursu' }).click();
    await page.getByTestId('course-created').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('course-created').textContent()).toContain('Golfa pamati');
    const row = page.getByTestId('course-list').locator('tr', { hasText: 'golf-basics' });
    await row.waitFor();
    expect(await row.textContent()).toContain('12 mēneši');
    expect(await row.textContent()).toContain('Obligātais');

    // Assign it to the cashier position: the pending change shows how many people it reaches before saving.
    await page.getByRole('link', { name: 'Piešķirt to amatiem' }).click();
    const cell = page.getByTestId('cell-golf-basics-lv-cashier');
    await cell.waitFor();
    expect(await cell.isChecked()).toBe(false);
    await cell.check();
    const pending = page.getByTestId('pending-changes');
    const total = (await pending.getByTestId('pending-total').textContent()) ?? '';
    const people = Number(/(\d+)/.exec(total)?.[1]);
    expect(people).toBeGreaterThan(0);
    await screenshot(page, 'manager-positions-desktop');
    // Saved from the keyboard, the changes go with their buttons: the panel's title takes the focus.
    await pending.getByRole('button', { name: /Saglabāt izmaiņas/ }).press('Enter');
    await page.getByTestId('positions-saved').waitFor();
    await expect.poll(() => hasFocus(pending.getByRole('heading', { name: 'Saglabājamās izmaiņas' }))).toBe(true);
    expect(await page.getByTestId('positions-saved').textContent()).toContain(`Skarti darbinieki: ${people}`);
    // The grid reloads after the save: wait for the saved assignment to show ticked.
    await page.locator('[data-testid="cell-golf-basics-lv-cashier"]:checked').waitFor();
    await context.close();

    // Anna (a Latvian cashier) sees it among her mandatory courses at once, and completes it in the player.
    const anna = await newPage(browser, portal);
    await signIn(anna.page, 'ab1234');
    await anna.page.goto('/courses/1');
    const card = anna.page.locator('[data-testid="course"][data-alias="golf-basics"]');
    await card.waitFor();
    expect(await card.textContent()).toContain('Golfa pamati');
    await card.getByTestId('course-open').click();
    const frame = anna.page.frameLocator('[data-testid="course-frame"]').frameLocator('iframe');
    // The package's own navigation: reaching the last page sets cmi.core.lesson_status to completed.
    for (let i = 0; i < 15; i++) await frame.locator('#butNext').click();
    await frame.locator('#butExit').click();
    await anna.page.getByTestId('player-close').click();
    await anna.page.locator('[data-testid="course"][data-alias="golf-basics"][data-status="complete"]').waitFor();
    await anna.context.close();

    // The training manager sees Anna's result.
    const again = await newPage(browser, portal);
    await signInManager(again.page);
    const result = await again.page.evaluate(async () => {
      const found = await fetch('/api?r=find_user', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ search_string: 'ab1234' }),
      }).then((r) => r.json());
      const annaId = (found.result as { id: number; login: string }[]).find((u) => u.login === 'ab1234')!.id;
      const list = await fetch(`/api?r=courses&userId[]=${annaId}`).then((r) => r.json());
      return (list.result as { alias: string; course_status: string }[]).find((c) => c.alias === 'golf-basics');
    });
    expect(result?.course_status).toBe('complete');
    await again.context.close();
  });

  it('publishes an lv notification with an external link after a preview; Anna sees it and it opens in a new tab', async () => {
    const { context, page } = await newPage(browser, portal);
    await signInManager(page);
    await page.locator('aside a[href="/manager/2"]').click();
    const form = page.getByTestId('notification-form');
    await form.getByLabel('Virsraksts').fill('Aizpildi aptauju par apmācībām');
    await form.getByLabel('Aizstājvārds (alias)').fill('training-survey-2026');
    await form.getByLabel('Teksts').fill('Tava atbilde palīdz mums uzlabot kursus.');
    await form.getByLabel('Saite (nav obligāta)').fill(`${portal.url}/healthz`);
    await form.getByLabel('Atvērt saiti jaunā cilnē').check();
    // Enter in a field shows the preview and locks the field: the focus moves on to Publish. Edit goes once pressed:
    // the focus goes back to the first field.
    await form.getByLabel('Saite (nav obligāta)').press('Enter');
    await expect.poll(() => hasFocus(form.getByRole('button', { name: 'Publicēt' }))).toBe(true);
    await form.getByRole('button', { name: 'Labot' }).press('Enter');
    await expect.poll(() => hasFocus(form.getByLabel('Virsraksts'))).toBe(true);
    await form.getByRole('button', { name: 'Priekšskatīt' }).click();
    const preview = page.getByTestId('notification-preview');
    expect(await preview.getByRole('heading').textContent()).toBe('Aizpildi aptauju par apmācībām');
    expect(await preview.getByRole('link').getAttribute('target')).toBe('_blank');
    // Fields are locked during the preview; publishing is a second, deliberate step.
    expect(await form.getByLabel('Virsraksts').isDisabled()).toBe(true);
    await screenshot(page, 'manager-notification-preview-desktop');
    await form.getByRole('button', { name: 'Publicēt' }).click();
    await page.getByTestId('notification-published').waitFor();
    await context.close();

    const anna = await newPage(browser, portal);
    await signIn(anna.page, 'ab1234');
    const notice = anna.page.locator('[data-testid="notification"][data-alias="training-survey-2026"]');
    await notice.waitFor();
    expect(await notice.textContent()).toContain('Aizpildi aptauju par apmācībām');
    const link = notice.getByRole('link');
    expect(await link.getAttribute('target')).toBe('_blank');
    const [tab] = await Promise.all([anna.context.waitForEvent('page'), link.click()]);
    await tab.waitForLoadState();
    expect(tab.url()).toBe(`${portal.url}/healthz`);
    await anna.context.close();
  });

  it('shows every manager section at desktop and phone width', async () => {
    for (const viewport of ['desktop', 'phone'] as const) {
      const { context, page } = await newPage(browser, portal, viewport);
      await signInManager(page);
      for (const [section, ready] of [
        ['1', 'course-list'],
        ['2', 'notification-form'],
        ['3', 'course-position-grid'],
        ['4', 'instruction-position-grid'],
        ['5', 'departments-impact'],
        ['6', 'links-survey'],
      ] as const) {
        await page.goto(`/manager/${section}`);
        await page.getByTestId(ready).waitFor();
        await screenshot(page, `manager-${section}-${viewport}`);
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(width, `section ${section}: no sideways scrolling`).toBeLessThanOrEqual(
          viewport === 'phone' ? 360 : 1280,
        );
      }
      await context.close();
    }
  });

  it('keeps the keyboard focus when what had it goes: a login link edited, put aside and deleted, courses given', async () => {
    const { context, page } = await newPage(browser, portal);
    await signInManager(page);
    await page.goto('/manager/6');
    const list = page.getByTestId('links-survey');
    await list.waitFor();
    await page.getByLabel('Virsraksts').fill('Pagaidu aptauja');
    await page.getByLabel('Adrese').fill('https://example.com/aptauja');
    await page.getByRole('button', { name: 'Saglabāt' }).click();
    const row = list.locator('li', { hasText: 'Pagaidu aptauja' });
    await row.waitFor();
    // Edit puts the focus on the form's first field; Cancel, which goes with the editing, leaves it on the form's title.
    await row.getByRole('button', { name: 'Labot' }).press('Enter');
    await expect.poll(() => hasFocus(page.getByLabel('Veids'))).toBe(true);
    await page.getByRole('button', { name: 'Atcelt' }).press('Enter');
    await expect.poll(() => hasFocus(page.getByRole('heading', { name: 'Jauna saite' }))).toBe(true);
    // A deleted link goes with its buttons: the list's title takes the focus.
    page.once('dialog', (dialog) => void dialog.accept());
    await row.getByRole('button', { name: 'Dzēst' }).press('Enter');
    await row.waitFor({ state: 'detached' });
    await expect.poll(() => hasFocus(page.getByRole('heading', { name: /^Saites pieslēgšanās lapā/ }))).toBe(true);

    // Given, the choice is cleared and Give disabled: the message that says so takes the focus.
    await page.goto('/manager/5');
    await page
      .getByRole('group', { name: /^Kursi: / })
      .getByRole('checkbox')
      .first()
      .check();
    await page.getByRole('group', { name: 'Veikali un biroji' }).getByRole('checkbox').first().check();
    await page
      .getByTestId('departments-impact')
      .getByText(/^Darbinieki izvēlētajās vietās/)
      .waitFor();
    await page.getByRole('button', { name: 'Piešķirt kursus' }).press('Enter');
    const done = page.getByRole('status').filter({ hasText: /^Gatavs\./ });
    await done.waitFor();
    await expect.poll(() => hasFocus(done)).toBe(true);
    await context.close();
  });

  it('keeps other people out of /manager', async () => {
    const { context, page } = await newPage(browser, portal);
    await signIn(page, 'inga.vitola', { office: true, password: 'demo-pass' });
    expect(await page.locator('aside a[href="/manager/1"]').count()).toBe(0);
    await page.goto('/manager/1');
    await page.waitForURL('**/home');
    await context.close();
  });
});
