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
