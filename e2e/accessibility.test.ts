import { createRequire } from 'node:module';
import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, launchBrowser, signIn, startPortal, stopPortal, VIEWPORTS, type Portal } from './harness';

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** Runs axe-core (WCAG 2.2 A and AA rules) on the page as it is now. */
async function audit(page: Page): Promise<Violation[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(o: object): Promise<{ violations: Violation[] }> } }).axe;
    const result = await axe.run({
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
    });
    return result.violations.map(({ id, impact, help, nodes }) => ({ id, impact, help, nodes: nodes.slice(0, 3) }));
  });
}

const pages: {
  name: string;
  login?: { user: string; password?: string; office?: boolean };
  path: string;
  ready: string;
}[] = [
  { name: 'login', path: '/', ready: 'form' },
  { name: 'home', login: { user: 'ab1234' }, path: '/home', ready: '[data-testid="tile-courses"][data-count]' },
  { name: 'courses', login: { user: 'ab1234' }, path: '/courses/1', ready: '[data-testid="course-list"]' },
  { name: 'goals', login: { user: 'ab1234' }, path: '/how-to-goals/1/1', ready: 'h1' },
  { name: 'resources', login: { user: 'mt1234' }, path: '/resources/1/1', ready: 'h1' },
  { name: 'store filter', login: { user: 'lo1234', password: 'demo-pass' }, path: '/filter/user/1', ready: 'h1' },
  {
    name: 'manager',
    login: { user: 'training.manager', password: 'demo-pass', office: true },
    path: '/manager/1',
    ready: 'h1',
  },
];

describe.skipIf(!chromiumAvailable)('accessibility (axe-core, WCAG 2.2 AA)', () => {
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
  it.each(reflowed)('reflows every page of $login.user to 320 px in every language', async ({ login, paths }) => {
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
  });

  for (const viewport of ['phone', 'desktop'] as const) {
    it.each(pages)(
      `$name has no serious or critical violations at ${viewport} width`,
      async ({ login, path, ready }) => {
        // axe is injected by the test; the portal's CSP rightly refuses scripts it did not serve.
        const context = await browser.newContext({
          baseURL: portal.url,
          viewport: VIEWPORTS[viewport],
          bypassCSP: true,
        });
        const page = await context.newPage();
        if (login) await signIn(page, login.user, { password: login.password, office: login.office });
        await page.goto(path);
        await page.locator(ready).first().waitFor();
        const violations = await audit(page);
        const minor = violations.filter((v) => v.impact !== 'serious' && v.impact !== 'critical');
        if (minor.length) console.log(`${path} (${viewport}) minor:`, JSON.stringify(minor));
        expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
        await context.close();
      },
    );
  }
});
