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
  type Portal,
  hasFocus,
} from './harness';

/** The scripts a page's HTML names (the entry and what it preloads). */
const scriptsOf = (html: string) =>
  [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]!);

describe.skipIf(!chromiumAvailable)('portal shell in Chromium', () => {
  let portal: Portal;
  let browser: Browser;
  /** The SPA's HTML, as every page gets it. */
  const indexHtml = async () => (await fetch(`${portal.url}/`, { headers: { accept: 'text/html' } })).text();

  beforeAll(async () => {
    portal = await startPortal();
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await stopPortal(portal);
  });

  it('signs Anna in with her PIN and shows her name, store and position in the side menu', async () => {
    const { context, page } = await newPage(browser, portal);
    await signIn(page, 'ab1234');
    expect(new URL(page.url()).pathname).toBe('/home');
    const menu = page.locator('aside');
    await expect.poll(() => menu.getByTestId('menu-name').textContent()).toBe('Anna Bērziņa');
    expect(await menu.getByTestId('menu-place').textContent()).toBe('Rīga, Brīvības iela');
    expect(await menu.getByTestId('menu-position').textContent()).toBe('Kasieris');
    expect(await page.locator('aside').getByText('Administrators').count()).toBe(0);
    await context.close();
  });

  it('loads the home page with one request per call, the menu and the page sharing what both show, and logs nothing', async () => {
    const { context, page } = await newPage(browser, portal);
    const calls: string[] = [];
    page.on('request', (request) => {
      const route = new URL(request.url()).searchParams.get('r');
      if (route) calls.push(route);
    });
    const logged: string[] = [];
    page.on('console', (message) => logged.push(`${message.type()}: ${message.text()}`));
    // On a slow link the sign-in page's code arrives after the first render: that must not log anything either.
    await page.route(/\/assets\/LoginPage-[^/]*\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 500));
      await route.continue();
    });
    await signIn(page, 'ab1234');
    await expect.poll(() => page.getByTestId('home-videos').getAttribute('data-section')).toBe('store');
    await page.locator('aside').getByTestId('help-guide').waitFor();
    expect(calls).toContain('portal_settings');
    expect(calls.filter((call, index) => calls.indexOf(call) !== index)).toEqual([]);
    expect(logged).toEqual([]);
    await context.close();
  });

  it('marks the entry script, as browsers get it, for V8 to compile all of it while it streams, and no other script of the page', async () => {
    const html = await indexHtml();
    const scripts = scriptsOf(html);
    const entry = /<script type="module" crossorigin src="([^"]+)"/.exec(html)![1]!;
    const hinted = (text: string) => text.split('\n').includes('//# allFunctionsCalledOnLoad');
    const answer = await fetch(`${portal.url}${entry}`, { headers: { 'accept-encoding': 'br' } });
    expect(answer.headers.get('content-encoding')).toBe('br');
    expect(hinted(await answer.text()), entry).toBe(true);
    const others = scripts.filter((file) => file !== entry);
    expect(others.length).toBeGreaterThan(0);
    for (const file of others) expect(hinted(await (await fetch(`${portal.url}${file}`)).text()), file).toBe(false);
  });

  it('loads the signed-in frame and the home page as one script, and the sanitizer only on a page that shows notifications', async () => {
    const { context, page } = await newPage(browser, portal);
    await signIn(page, 'ab1234');
    const html = await indexHtml();
    const inHtml = new Set(scriptsOf(html));
    const catalogs = new Set(['common', 'content', 'home']);
    /** The scripts a fresh tab of the signed-in learner asks for on `path` after the page's own, by chunk name. */
    const chunksAfterTheEntry = async (path: string, ready: string) => {
      const tab = await context.newPage();
      const asked: string[] = [];
      tab.on('request', (request) => {
        const file = new URL(request.url()).pathname;
        if (request.resourceType() === 'script' && !inHtml.has(file)) asked.push(file);
      });
      await tab.goto(path);
      await tab.getByTestId(ready).first().waitFor();
      await tab.close();
      return asked.map((file) => /^\/assets\/(.+)-[\w-]{8}\.js$/.exec(file)![1]!).filter((name) => !catalogs.has(name));
    };
    expect((await chunksAfterTheEntry('/home', 'notification')).sort()).toEqual(['SafeHtml', 'controls', 'frame']);
    const courses = await chunksAfterTheEntry('/courses/1', 'course');
    expect(courses).toContain('frame');
    expect(courses).not.toContain('SafeHtml');
    await context.close();
  });

  it('gives the focus to the main block when the link followed goes with its page, and leaves it on a tab that stays', async () => {
    const { context, page } = await newPage(browser, portal);
    await signIn(page, 'ab1234');
    await page.getByTestId('tile-courses').getByRole('link').press('Enter');
    await page.waitForURL('**/courses/1');
    await expect.poll(() => hasFocus(page.locator('main'))).toBe(true);
    const optional = page.locator('main nav').getByRole('link', { name: 'Izvēles', exact: true });
    await optional.press('Enter');
    await page.waitForURL('**/courses/2');
    await expect.poll(() => hasFocus(optional)).toBe(true);
    await context.close();
  });

  it("keeps the focus in the page when a failed load's Try again, pressed from the keyboard, brings it back", async () => {
    const { context, page } = await newPage(browser, portal);
    await signIn(page, 'ab1234');
    // The first visit to the goals goes to their tutorial once; the second is the one that fails.
    await page.goto('/goals');
    await page.waitForURL('**/how-to-goals/1/1');
    /** Answers the call's first request with a server error and lets the next through. */
    const failOnce = async (call: string) => {
      let failed = false;
      await page.route(`**/api?r=${call}*`, async (route) => {
        if (failed) return route.continue();
        failed = true;
        await route.fulfill({ status: 500, json: { error: 'internal', message: 'Something went wrong.' } });
      });
    };
    const retry = page.getByRole('button', { name: 'Mēģināt vēlreiz' });

    // A section of the page: the focus goes to its heading.
    await failOnce('notifications');
    await page.goto('/home');
    await retry.press('Enter');
    await page.getByTestId('notifications').getByRole('alert').waitFor({ state: 'detached' });
    await expect.poll(() => hasFocus(page.locator('#notifications-title'))).toBe(true);

    // A whole page: the focus goes to the main block.
    await failOnce('goals');
    await page.goto('/goals');
    await retry.press('Enter');
    await page.getByTestId('goal').first().waitFor();
    await expect.poll(() => hasFocus(page.locator('main'))).toBe(true);
    await context.close();
  });

  it('asks Līga for her password, shows the wrong-password state, then signs her in with the administrator block', async () => {
    const { context, page } = await newPage(browser, portal);
    await page.goto('/');
    await page.locator('input[name="account-type"][value="store"]').check();
    await page.locator('input[name="login"]').fill('lo1234');
    expect(await page.locator('input[name="password"]').count()).toBe(0);
    await page.keyboard.press('Enter');
    const password = page.locator('input[name="password"]');
    await password.waitFor();
    await password.fill('nope');
    await page.keyboard.press('Enter');
    await page.getByTestId('wrong-password').waitFor();
    expect(await password.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('form').getAttribute('data-state')).toBe('wrong-password');
    // Enter again keeps the password field (the type check is not reset).
    await page.keyboard.press('Enter');
    expect(await password.count()).toBe(1);
    await page.locator('button[type="submit"]:not([aria-disabled="true"])').waitFor();
    await password.fill('demo-pass');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/home');
    await page.locator('aside').getByText('Administrators').waitFor();
    expect(await page.locator('aside a[href="/filter/user/1"]').count()).toBe(1);
    await context.close();
  });

  it('says which field was left empty when sign-in is pressed, focuses it and asks the server nothing', async () => {
    const { context, page } = await newPage(browser, portal);
    const asked: string[] = [];
    page.on('request', (request) => {
      if (/[?&]r=(login|check_type)\b/.test(request.url())) asked.push(request.url());
    });
    await page.goto('/');
    await page.locator('input[name="account-type"][value="store"]').check();
    await page.locator('button[type="submit"]').click();
    const login = page.locator('input[name="login"]');
    expect(await page.getByTestId('login-required').textContent()).toBe('Lūdzu, aizpildiet šo lauku!');
    expect(await login.getAttribute('aria-invalid')).toBe('true');
    expect(await hasFocus(login)).toBe(true);
    await login.fill('a');
    expect(await page.getByTestId('login-required').count()).toBe(0);

    await page.locator('input[name="account-type"][value="office"]').check();
    await login.fill('inga.vitola');
    await page.keyboard.press('Enter');
    const password = page.locator('input[name="password"]');
    expect(await page.getByTestId('password-required').textContent()).toBe('Lūdzu, aizpildiet šo lauku!');
    expect(await password.getAttribute('aria-describedby')).toBe(
      await page.getByTestId('password-required').getAttribute('id'),
    );
    expect(await hasFocus(password)).toBe(true);
    expect(asked).toEqual([]);
    await password.fill('demo-pass');
    expect(await page.getByTestId('password-required').count()).toBe(0);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/home');
    await context.close();
  });

  it('signs an office user in with username and password', async () => {
    const { context, page } = await newPage(browser, portal);
    await signIn(page, 'inga.vitola', { office: true, password: 'demo-pass' });
    await page.locator('aside a[href="/filter/dep/1"]').waitFor();
    await context.close();
  });

  it('sends an unknown path, and a signed-out visit, to the login page', async () => {
    const { context, page } = await newPage(browser, portal);
    await page.goto('/no/such/page');
    await page.waitForURL(portal.url + '/');
    await page.goto('/home');
    await page.waitForURL(portal.url + '/');
    await signIn(page, 'ab1234');
    await page.goto('/no/such/page');
    await page.waitForURL('**/home');
    await context.close();
  });

  it('switches the language, and the choice survives a reload', async () => {
    const { context, page } = await newPage(browser, portal);
    await page.goto('/');
    await page.getByRole('heading', { name: 'Pieslēgties' }).waitFor();
    await page.getByRole('button', { name: 'EN', exact: true }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await page.reload();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.getByRole('button', { name: 'EE', exact: true }).click();
    await page.getByRole('heading', { name: 'Logi sisse' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('et');
    expect(await page.evaluate(() => document.cookie)).toContain('prefLang=ee');
    await context.close();
  });

  it("shows a signed-in user's pages in their own language from the first paint when none was chosen here", async () => {
    const { context, page } = await newPage(browser, portal);
    // The language the page was in when the home page's notifications first came into it.
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (!document.querySelector('[data-testid="notifications"]')) return;
        document.body.dataset.firstPaintLang = document.documentElement.lang;
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    await signIn(page, 'jk1234');
    await page.getByRole('heading', { name: 'Pranešimai' }).waitFor();
    expect(await page.evaluate(() => document.body.dataset.firstPaintLang)).toBe('lt');
    await context.close();
  });

  it('signs out and ends the session', async () => {
    const { context, page } = await newPage(browser, portal);
    await signIn(page, 'kz1234');
    await page.locator('aside').getByRole('button', { name: 'Iziet' }).click();
    await page.waitForURL(portal.url + '/');
    await page.goto('/home');
    await page.waitForURL(portal.url + '/');
    await context.close();
  });

  it('keeps the sign-in form in place on a tall phone when the lists below it turn out empty', async () => {
    const { context, page } = await newPage(browser, portal, 'phone');
    // Lighthouse's phone, taller than the page without the lists.
    await page.setViewportSize({ width: 412, height: 823 });
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api?r=login_links*', async (route) => {
      await released;
      await route.fulfill({ json: { result: { linkLang: 'lv', links: [], linkSurveys: [], linkCourses: [] } } });
    });
    await page.goto('/');
    await page.getByRole('heading', { name: 'Pieslēgties' }).waitFor();
    const formTop = () => page.locator('form').evaluate((form) => form.getBoundingClientRect().top);
    const before = await formTop();
    release();
    await page.getByRole('status').filter({ hasText: 'Ielādē…' }).waitFor({ state: 'detached' });
    expect(await formTop()).toBe(before);
    await context.close();
  });

  it("keeps each account type's name clear of its box's border on small phones, in every language", async () => {
    const { context, page } = await newPage(browser, portal, 'phone');
    await page.goto('/');
    for (const width of [320, 360]) {
      await page.setViewportSize({ width, height: 740 });
      for (const language of ['lv', 'lt', 'ee', 'en'] as const) {
        await page.evaluate((lang) => localStorage.setItem('prefLang', lang), language);
        await page.reload();
        await page.locator(`html[lang="${language === 'ee' ? 'et' : language}"]`).waitFor();
        const boxes = page.locator('label:has(input[name="account-type"])');
        await boxes.first().waitFor();
        // Room between the name (icon and text) and the box's inner edge on either side, in px.
        const room = await boxes.evaluateAll((labels) =>
          labels.map((label) => {
            const box = label.getBoundingClientRect();
            const parts = [...label.querySelectorAll('svg, span')].map((part) => part.getBoundingClientRect());
            const left = Math.min(...parts.map((part) => part.left)) - box.left;
            const right = box.right - Math.max(...parts.map((part) => part.right));
            return Math.min(left, right);
          }),
        );
        expect(room, `${language} at ${width} px`).toHaveLength(2);
        for (const px of room) expect(px, `${language} at ${width} px`).toBeGreaterThanOrEqual(8);
      }
    }
    await context.close();
  });

  it('takes screenshots of the login page and home at phone and desktop width', async () => {
    for (const viewport of ['phone', 'desktop'] as const) {
      const { context, page } = await newPage(browser, portal, viewport);
      await page.goto('/');
      await page.getByRole('heading', { name: 'Pieslēgties' }).waitFor();
      await screenshot(page, `shell-login-${viewport}`);
      await signIn(page, 'lo1234', { password: 'demo-pass' });
      await page.getByRole('heading', { name: 'Sveiki, Līga!' }).waitFor();
      await page.getByTestId('notification').first().waitFor();
      await screenshot(page, `shell-home-${viewport}`);
      if (viewport === 'phone') {
        await page.getByRole('button', { name: 'Atvērt izvēlni' }).click();
        await page.getByRole('dialog').waitFor();
        await screenshot(page, 'shell-menu-phone');
        // The drawer's code loads when it first opens; closing it gives focus back to the button that opened it.
        await page.keyboard.press('Escape');
        await page.getByRole('dialog').waitFor({ state: 'detached' });
        expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Atvērt izvēlni');
        expect(await page.getByRole('button', { name: 'Atvērt izvēlni' }).getAttribute('aria-expanded')).toBe('false');
      }
      await context.close();
    }
  });
});
