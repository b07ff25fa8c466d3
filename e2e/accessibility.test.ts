import { createRequire } from 'node:module';
import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { chromiumAvailable, launchBrowser, signIn, startPortal, stopPortal, VIEWPORTS, type Portal } from './harness';

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** Runs axe-core (WCAG 2.2 A and AA rules and axe's best practices, heading order among them) on the page as it is now. */
async function audit(page: Page): Promise<Violation[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(o: object): Promise<{ violations: Violation[] }> } }).axe;
    const result = await axe.run({
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
    });
    return result.violations.map(({ id, impact, help, nodes }) => ({ id, impact, help, nodes: nodes.slice(0, 3) }));
  });
}

type Login = { user: string; password?: string; office?: boolean };

/** Every screen, as the people who use it see it (demo-data.md): the paths each person opens. */
const screens: { login: Login; paths: string[] }[] = [
  {
    login: { user: 'ab1234' },
    paths: [
      '/home',
      '/goals',
      '/how-to-goals/1/1',
      '/how-to-goals/5/1',
      '/courses/1',
      '/courses/2',
      '/resources/1/1',
      '/resources/4/1',
      '/resources/5/2',
      '/instructions',
      '/instructions/1',
    ],
  },
  { login: { user: 'kz1234' }, paths: ['/cma', '/cma/1'] },
  { login: { user: 'peteris.kalnins', password: 'demo-pass', office: true }, paths: ['/home'] },
  {
    login: { user: 'lo1234', password: 'demo-pass' },
    paths: ['/home', '/filter/user/1', '/filter/user/2', '/filter/user/3'],
  },
  {
    login: { user: 'inga.vitola', password: 'demo-pass', office: true },
    paths: ['/filter/dep/1', '/filter/dep/2', '/filter/dep/3'],
  },
  { login: { user: 'roberts.liepa', password: 'demo-pass', office: true }, paths: ['/filter/user/1', '/filter/dep/1'] },
  {
    login: { user: 'training.manager', password: 'demo-pass', office: true },
    paths: ['/manager/1', '/manager/2', '/manager/3', '/manager/4', '/manager/5', '/manager/6'],
  },
];

const LANGUAGES = ['lv', 'lt', 'ee', 'en'] as const;

// Each test has a browser context of its own; a few run at once, as each mostly waits for pages to load.
describe.skipIf(!chromiumAvailable)('accessibility (axe-core, WCAG 2.2 AA and best practices)', () => {
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

  // WCAG 1.4.10 (Reflow): at 320 px nothing but a data table may need scrolling sideways. Long Lithuanian and
  // Estonian words ("Pasirenkamieji", "Kategooriajuhtimise", a store's name in a select) once made pages wider, and
  // put the second course tab below the first.
  const reflowed: { login: { user: string; password?: string; office?: boolean }; paths: string[] }[] = [
    {
      login: { user: 'mt1234' },
      paths: [
        '/home',
        '/courses/1',
        '/courses/2',
        '/goals',
        '/how-to-goals/2/1',
        '/cma',
        '/instructions',
        '/resources/1/1',
      ],
    },
    { login: { user: 'lo1234', password: 'demo-pass' }, paths: ['/filter/user/1', '/filter/user/2', '/filter/user/3'] },
    { login: { user: 'inga.vitola', password: 'demo-pass', office: true }, paths: ['/filter/dep/1', '/filter/dep/3'] },
    {
      login: { user: 'training.manager', password: 'demo-pass', office: true },
      paths: ['/manager/1', '/manager/2', '/manager/3', '/manager/4', '/manager/5'],
    },
  ];
  it.concurrent.for(reflowed)(
    'reflows every page of $login.user to 320 px in every language',
    async ({ login, paths }, { expect }) => {
      const context = await browser.newContext({ baseURL: portal.url, viewport: { width: 320, height: 740 } });
      const page = await context.newPage();
      await signIn(page, login.user, { password: login.password, office: login.office });
      const notReflowed: string[] = [];
      for (const language of ['lv', 'lt', 'ee', 'en'] as const) {
        await page.evaluate((lang) => localStorage.setItem('prefLang', lang), language);
        for (const path of paths) {
          await page.goto(path);
          await page.locator('main h1').first().waitFor();
          await page.waitForLoadState('networkidle');
          const width = await page.evaluate(() => document.documentElement.scrollWidth);
          if (width > 320) notReflowed.push(`${path} in ${language}: ${width} px`);
          const tabRows = await page.evaluate(() => {
            const tabs = [...document.querySelectorAll('[data-testid="course-tabs"] > *')];
            return new Set(tabs.map((tab) => tab.getBoundingClientRect().top)).size;
          });
          if (tabRows > 1) notReflowed.push(`${path} in ${language}: the course tabs on ${tabRows} rows`);
        }
      }
      expect(notReflowed).toEqual([]);
      await context.close();
    },
  );

  /** Each violation as one line: rule, impact and the first elements it names. */
  const described = (where: string, violations: Violation[]) =>
    violations.map((v) => `${where}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);

  for (const viewport of ['phone', 'desktop'] as const) {
    it.concurrent(`the sign-in page has no violations in any language at ${viewport} width`, async ({ expect }) => {
      // axe is injected by the test; the portal's CSP rightly refuses scripts it did not serve.
      const context = await browser.newContext({ baseURL: portal.url, viewport: VIEWPORTS[viewport], bypassCSP: true });
      const page = await context.newPage();
      const found: string[] = [];
      for (const language of LANGUAGES) {
        await page.goto('/');
        await page.evaluate((lang) => localStorage.setItem('prefLang', lang), language);
        await page.reload();
        await page.locator('form h1').waitFor();
        await page.waitForLoadState('networkidle');
        found.push(...described(`/ in ${language}`, await audit(page)));
      }
      expect(found).toEqual([]);
      await context.close();
    });

    it.concurrent.for(screens)(
      `every screen of $login.user has no violations in any language at ${viewport} width`,
      async ({ login, paths }, { expect }) => {
        const context = await browser.newContext({
          baseURL: portal.url,
          viewport: VIEWPORTS[viewport],
          bypassCSP: true,
        });
        const page = await context.newPage();
        await signIn(page, login.user, { password: login.password, office: login.office });
        // The first visit to /goals goes to the goal tutorial once; the goals themselves are audited after it.
        if (paths.includes('/goals')) {
          await page.goto('/goals');
          await page.locator('main h1').first().waitFor();
        }
        const found: string[] = [];
        for (const language of LANGUAGES) {
          await page.evaluate((lang) => localStorage.setItem('prefLang', lang), language);
          for (const path of paths) {
            await page.goto(path);
            await page.locator('main h1').first().waitFor();
            await page.waitForLoadState('networkidle');
            found.push(...described(`${path} in ${language}`, await audit(page)));
          }
        }
        expect(found).toEqual([]);
        await context.close();
      },
    );
  }
});
