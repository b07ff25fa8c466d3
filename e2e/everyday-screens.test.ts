import path from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { managerApi } from './course-uploads';
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

/** Where the page's first heading is against the sticky top bar and the window (CSS pixels). */
async function headingPlace(page: Page) {
  await page.locator('main h1').first().waitFor();
  await page.waitForLoadState('networkidle');
  // The main block takes the focus in the frame after a route change.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  return page.evaluate(() => {
    const bar = document.querySelector('header')!.getBoundingClientRect();
    const heading = document.querySelector('main h1')!.getBoundingClientRect();
    return { barBottom: bar.bottom, top: heading.top, bottom: heading.bottom, windowHeight: window.innerHeight };
  });
}

function expectBelowBar(place: Awaited<ReturnType<typeof headingPlace>>, where: string) {
  expect(place.top, `${where}: the heading starts below the top bar`).toBeGreaterThanOrEqual(place.barBottom);
  expect(place.bottom, `${where}: the heading ends inside the window`).toBeLessThanOrEqual(place.windowHeight);
}

describe.skipIf(!chromiumAvailable)('everyday screens in Chromium', () => {
  let portal: Portal;
  let browser: Browser;
  const db = () => new Database(path.join(portal.dataDir, 'portal.sqlite'));

  beforeAll(async () => {
    portal = await startPortal();
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await stopPortal(portal);
  });

  it('shows the heading below the top bar on a phone, after sign-in and after a reload of each page', async () => {
    const people = [
      { login: 'ab1234', paths: ['/home'] },
      { login: 'lo1234', password: 'demo-pass', paths: ['/home', '/filter/user/1', '/filter/user/2'] },
      { login: 'inga.vitola', password: 'demo-pass', office: true, paths: ['/filter/dep/1', '/filter/dep/3'] },
      { login: 'roberts.liepa', password: 'demo-pass', office: true, paths: ['/filter/user/1', '/filter/dep/1'] },
      { login: 'training.manager', password: 'demo-pass', office: true, paths: ['/manager/1', '/manager/3'] },
    ];
    for (const person of people) {
      const { context, page } = await newPage(browser, portal, 'phone');
      await signIn(page, person.login, { password: person.password, office: person.office });
      expectBelowBar(await headingPlace(page), `${person.login} after sign-in`);
      if (person.login === 'ab1234') await screenshot(page, 'everyday-home-phone');
      for (const route of person.paths) {
        await page.goto(route);
        expectBelowBar(await headingPlace(page), `${person.login} on ${route}`);
      }
      await context.close();
    }
  });

  it("lists a Latvian learner's courses in English when she reads the portal in English, with the same statuses", async () => {
    const statuses = async (page: Page) => {
      await page.goto('/courses/1');
      await page.getByTestId('course').first().waitFor();
      return page
        .getByTestId('course')
        .evaluateAll((courses) =>
          courses.map((c) => [
            c.getAttribute('data-alias'),
            c.getAttribute('data-status'),
            c.querySelector('h3, h2')?.textContent,
          ]),
        );
    };
    const latvian = await newPage(browser, portal, 'phone');
    await signIn(latvian.page, 'ab1234');
    const inLatvian = await statuses(latvian.page);
    await latvian.context.close();

    const { context, page } = await newPage(browser, portal, 'phone');
    await useLanguage(context, 'en');
    await signIn(page, 'ab1234');
    const inEnglish = await statuses(page);
    expect(inEnglish.map(([alias, status]) => [alias, status])).toEqual(
      inLatvian.map(([alias, status]) => [alias, status]),
    );
    const names = inEnglish.map(([, , name]) => name);
    expect(names).toContain('Welcome to the team');
    expect(names).not.toContain('Laipni lūgti komandā');
    await screenshot(page, 'everyday-courses-en-latvian-learner-phone');
    await page.setViewportSize({ width: 1280, height: 860 });
    await screenshot(page, 'everyday-courses-en-latvian-learner-desktop');
    await context.close();
  });

  it("shows a Latvian learner's academy bundles and instructions in English when she reads the portal in English", async () => {
    const { context, page } = await newPage(browser, portal);
    await useLanguage(context, 'en');
    await signIn(page, 'kz1234');
    await page.goto('/cma');
    await page.getByText('Category management basics').first().waitFor();
    expect(await page.getByText('Kategoriju vadības pamati').count()).toBe(0);
    await page.goto('/instructions');
    await page.getByText('Closing the cash desk at the end of the day').first().waitFor();
    expect(await page.getByText('Kases slēgšana dienas beigās').count()).toBe(0);
    await context.close();
  });

  it('says a wrong PIN, too many attempts and a lost connection in words, and offers Store for a PIN typed in Office', async () => {
    const { context, page } = await newPage(browser, portal, 'phone');
    await page.goto('/');
    // 127.0.0.1 has no "stores" in it: the form opens in Office mode.
    expect(await page.locator('input[name="account-type"][value="office"]').isChecked()).toBe(true);
    await page.locator('input[name="login"]').fill('zz9999');
    await page.getByTestId('store-offer').getByRole('button').click();
    expect(await page.locator('input[name="account-type"][value="store"]').isChecked()).toBe(true);
    expect(await page.getByTestId('store-offer').count()).toBe(0);

    await page.locator('button[type="submit"]').click();
    const wrong = page.getByTestId('wrong-password');
    await wrong.waitFor();
    expect(await wrong.innerText()).toBe('Nepareizs PIN. Pārbaudiet kodu un mēģiniet vēlreiz.');
    expect((await wrong.boundingBox())!.width, 'the sentence is shown, not only read out').toBeGreaterThan(100);
    await screenshot(page, 'everyday-login-wrong-pin-phone');
    await page.setViewportSize({ width: 1280, height: 860 });
    await screenshot(page, 'everyday-login-wrong-pin-desktop');

    await page.route(/[?&]r=login\b/, (route) =>
      route.fulfill({
        status: 429,
        headers: { 'content-type': 'application/json', 'retry-after': '600' },
        body: JSON.stringify({ error: 'rate limited', message: 'Too many attempts.' }),
      }),
    );
    await page.locator('input[name="login"]').fill('ab1234');
    await page.locator('button[type="submit"]').click();
    await expect
      .poll(() => page.getByRole('alert').innerText())
      .toBe('Pārāk daudz mēģinājumu. Mēģiniet vēlreiz pēc 10 minūtēm.');

    await page.unroute(/[?&]r=login\b/);
    await page.route(/[?&]r=(login|check_type)\b/, (route) => route.abort('internetdisconnected'));
    await page.locator('input[name="login"]').fill('ab1235');
    await page.locator('button[type="submit"]').click();
    await expect
      .poll(() => page.getByRole('alert').innerText())
      .toBe('Nav savienojuma ar portālu. Pārbaudiet tīklu un mēģiniet vēlreiz.');
    await context.close();
  });

  it("cues the results table's and the course matrix's hidden columns at 1280 px, and stacks the chart's bars on a phone", async () => {
    const { context, page } = await newPage(browser, portal);
    await signIn(page, 'lo1234', { password: 'demo-pass' });
    await page.goto('/filter/user/1');
    await page.getByTestId('results-table').waitFor();
    const cue = page.getByTestId('scroll-cue');
    const cueShown = () =>
      cue.evaluate((frame) => ({
        more: frame.hasAttribute('data-more-right'),
        opacity: getComputedStyle(frame, '::after').opacity,
      }));
    await expect.poll(cueShown).toEqual({ more: true, opacity: '1' });
    await screenshot(page, 'everyday-results-desktop');
    await page
      .getByTestId('results-table')
      .locator('xpath=..')
      .evaluate((box) => (box.scrollLeft = box.scrollWidth));
    await expect.poll(cueShown).toEqual({ more: false, opacity: '0' });

    await page.setViewportSize({ width: 360, height: 740 });
    const rows = page.getByTestId('chart-row');
    await rows.first().waitFor();
    const layout = await rows.evaluateAll((all) =>
      all.map((row) => {
        const [label, bar] = [row.children[0]!, row.children[1]!].map((e) => e.getBoundingClientRect());
        const style = getComputedStyle(row.children[0]!);
        return {
          labelAbove: label.bottom <= bar.top,
          barWidth: bar.width,
          fontSize: parseFloat(style.fontSize),
          whole: row.children[0]!.scrollWidth <= row.children[0]!.clientWidth,
        };
      }),
    );
    for (const row of layout) expect(row).toMatchObject({ labelAbove: true, whole: true });
    expect(Math.min(...layout.map((r) => r.barWidth))).toBeGreaterThan(250);
    expect(Math.min(...layout.map((r) => r.fontSize))).toBeGreaterThanOrEqual(13);
    await screenshot(page, 'everyday-results-phone');
    await context.close();

    const manager = await newPage(browser, portal);
    await signIn(manager.page, 'training.manager', { password: 'demo-pass', office: true });
    await manager.page.goto('/manager/3');
    await manager.page.getByTestId('course-position-grid').waitFor();
    await expect
      .poll(() =>
        manager.page
          .getByTestId('scroll-cue')
          .first()
          .evaluate((f) => f.hasAttribute('data-more-right')),
      )
      .toBe(true);
    await screenshot(manager.page, 'everyday-course-matrix-desktop');
    await manager.context.close();
  });

  it("shows the player's whole course title on a phone", async () => {
    const long = 'Laipni lūgti komandā: vērtības, darba kārtība un pirmās nedēļas uzdevumi jaunajiem kolēģiem';
    const database = db();
    const welcome = database.prepare(`select id from courses where alias = 'welcome' and language = 'lv'`).get() as {
      id: number;
    };
    database.close();
    // Renamed as a training manager does: the portal's own write shows at once.
    const api = await managerApi(portal);
    const renamed = await api.post('/api?r=update_course', { data: { id: welcome.id, name: long } });
    expect(renamed.status(), await renamed.text()).toBe(200);
    await api.dispose();
    const { context, page } = await newPage(browser, portal, 'phone');
    await signIn(page, 'ab1234');
    await page.goto('/courses/1');
    await page.locator('[data-testid="course"][data-alias="welcome"] [data-testid="course-open"]').click();
    const title = page.getByTestId('course-player').getByRole('heading', { name: long });
    await title.waitFor();
    expect(await title.evaluate((h) => h.scrollWidth <= h.clientWidth && h.scrollHeight <= h.clientHeight)).toBe(true);
    await context.close();
  });

  it("closes a deleted person's details without asking for them again", async () => {
    const database = db();
    const person = database
      .prepare(
        `select u.login, u.name, u.surname from users u join departments d on d.id = u.department_id
         where d.alias = 'lv-riga-01' and u.role = 'learner' and u.login <> 'ab1234' order by u.id desc limit 1`,
      )
      .get() as { login: string; name: string; surname: string };
    database.close();
    const { context, page } = await newPage(browser, portal);
    const failed: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
    });
    const logged: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') logged.push(message.text());
    });
    await signIn(page, 'lo1234', { password: 'demo-pass' });
    await page.goto('/filter/user/2');
    await page.locator('input[name="search"]').fill(person.login);
    await page.getByRole('button', { name: 'Meklēt' }).click();
    await page
      .getByTestId('search-results')
      .getByRole('button', { name: new RegExp(person.surname) })
      .click();
    const details = page.getByRole('dialog');
    await details.getByRole('button', { name: 'Dzēst apmācību vēsturi' }).click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Jā' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.waitForLoadState('networkidle');
    expect(failed).toEqual([]);
    expect(logged).toEqual([]);
    await context.close();
  });

  it("shows the course package field's button and its empty state in the portal's language", async () => {
    const { context, page } = await newPage(browser, portal);
    await useLanguage(context, 'en');
    await signIn(page, 'training.manager', { password: 'demo-pass', office: true });
    await page.goto('/manager/1');
    await page.locator('input[type="radio"][value="upload"]').check();
    const field = page.getByTestId('course-package');
    expect((await field.boundingBox())?.width ?? 0, "the browser's own button is not shown").toBeLessThanOrEqual(1);
    expect(await page.locator('label[for="course-package"]').allInnerTexts()).toContain('Choose file');
    expect(await page.getByTestId('course-package-name').innerText()).toBe('No file chosen');
    await field.setInputFiles({ name: 'course.zip', mimeType: 'application/zip', buffer: Buffer.from('PK') });
    expect(await page.getByTestId('course-package-name').innerText()).toBe('course.zip');
    await context.close();
  });

  it('shows the demo videos, the academy teaser and the ABC system link of the language', async () => {
    const { context, page } = await newPage(browser, portal);
    await signIn(page, 'kz1234');
    const video = page.getByTestId('home-videos').locator('video');
    await video.first().waitFor();
    expect(await video.first().getAttribute('src')).toBe('/files/videos/store-welcome.webm');
    await expect.poll(() => video.first().evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
    expect(await page.locator('aside a[href="https://abc.example.com/lv/"]').count()).toBe(1);
    await screenshot(page, 'everyday-home-desktop');
    await page.goto('/cma');
    const teaser = page.getByTestId('cma-teaser');
    await teaser.waitFor();
    await expect.poll(() => teaser.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
    await screenshot(page, 'everyday-cma-teaser-desktop');
    await context.close();
  });
});
