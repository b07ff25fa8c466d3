import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, launchBrowser, newPage, signIn, startPortal, stopPortal, type Portal } from './harness';

async function openAnna(page: Page): Promise<void> {
  await page.goto('/filter/user/2');
  await page.locator('input[name="search"]').fill('Bērziņa');
  await page.getByRole('button', { name: 'Meklēt' }).click();
  await page
    .getByTestId('search-results')
    .getByRole('button', { name: /Anna Bērziņa/ })
    .click();
  await page.getByTestId('user-details').getByRole('heading', { name: 'Anna Bērziņa' }).waitFor();
}

describe.skipIf(!chromiumAvailable)('a store PIN in the user details', () => {
  let portal: Portal;
  let browser: Browser;
  const signInStatus = (login: string) =>
    fetch(`${portal.url}/api?r=login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login, pass: '' }),
    }).then((r) => r.status);

  beforeAll(async () => {
    portal = await startPortal();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await stopPortal(portal);
  });

  it('is not shown to a regional manager', async () => {
    const { context, page } = await newPage(browser, portal);
    await signIn(page, 'roberts.liepa', { office: true, password: 'demo-pass' });
    await openAnna(page);
    expect(await page.getByTestId('pin-reset').count()).toBe(0);
    expect(await page.getByTestId('user-details').textContent()).not.toContain('ab1234');
    await context.close();
  });

  it('Līga gives Anna a new PIN: the old one stops working and the new one signs her in', async () => {
    const { context, page } = await newPage(browser, portal);
    await signIn(page, 'lo1234', { password: 'demo-pass' });
    await openAnna(page);
    const card = page.getByTestId('pin-reset');
    await card.getByText('Pašreizējais PIN: ab1234').waitFor();
    await card.getByRole('button', { name: 'Izveidot jaunu PIN' }).click();
    const confirm = page.getByTestId('confirm-dialog');
    await confirm.getByText('Izveidot šim darbiniekam jaunu PIN?').waitFor();
    await confirm.getByRole('button', { name: 'Jā' }).click();
    const shown = (await card.getByTestId('new-pin').textContent()) ?? '';
    const pin = /Jaunais PIN: (ab\d{4})/.exec(shown)?.[1];
    expect(pin, shown).toBeTruthy();
    expect(await signInStatus('ab1234')).toBe(401);
    expect(await signInStatus(pin!)).toBe(200);
    await context.close();
  });
});
