/**
 * The player with packages made for the test, uploaded by the training manager: a hostile one, opened by an office
 * admin, tries everything it can against the portal from the player's frame (issue 68, item 2); packages that save
 * from their own unload handler show that nothing is lost when the tab closes (issue 73).
 */
import type { APIRequestContext, Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zipBuffer } from '../apps/server/src/scorm/test-zips';
import { managerApi, uploadCourse } from './course-uploads';
import { chromiumAvailable, launchBrowser, newPage, signIn, startPortal, stopPortal, type Portal } from './harness';

/** A one-SCO manifest of either version. */
const manifest = (version: '1.2' | '2004') => `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="test" version="1.0"
  xmlns="${version === '1.2' ? 'http://www.imsproject.org/xsd/imscp_rootv1p1p2' : 'http://www.imsglobal.org/xsd/imscp_v1p1'}"
  xmlns:adlcp="${version === '1.2' ? 'http://www.adlnet.org/xsd/adlcp_rootv1p2' : 'http://www.adlnet.org/xsd/adlcp_v1p3'}">
  <metadata><schema>ADL SCORM</schema><schemaversion>${version === '1.2' ? '1.2' : '2004 4th Edition'}</schemaversion></metadata>
  <organizations default="org"><organization identifier="org"><title>Test</title>
    <item identifier="item" identifierref="res"><title>Test</title></item>
  </organization></organizations>
  <resources><resource identifier="res" type="webcontent" adlcp:${version === '1.2' ? 'scormtype' : 'scormType'}="sco" href="index.html">
    <file href="index.html"/></resource></resources>
</manifest>`;

/**
 * A SCO that moves to page 2 without committing, and commits only from its unload handler: location, exit suspend and
 * 64,000 characters of suspend_data (varied, as an authoring tool's are). On a launch it shows what it was given.
 */
const unloadingPage = (version: '1.2' | '2004') => {
  const [get, set, commit, finish, init] =
    version === '1.2'
      ? ['API.LMSGetValue', 'API.LMSSetValue', 'API.LMSCommit', 'API.LMSFinish', 'API.LMSInitialize']
      : [
          'API_1484_11.GetValue',
          'API_1484_11.SetValue',
          'API_1484_11.Commit',
          'API_1484_11.Terminate',
          'API_1484_11.Initialize',
        ];
  const [location, entry, exit] =
    version === '1.2'
      ? ['cmi.core.lesson_location', 'cmi.core.entry', 'cmi.core.exit']
      : ['cmi.location', 'cmi.entry', 'cmi.exit'];
  return `<!doctype html><html><head><meta charset="utf-8"><title>Unload</title></head><body>
<h1>Unload</h1><p id="seen"></p><button id="next" type="button">Next</button>
<script>
var API = window.parent.API, API_1484_11 = window.parent.API_1484_11;
${init}('');
document.getElementById('seen').textContent = ${get}('${entry}') + ' ' + ${get}('${location}') + ' ' + ${get}('cmi.suspend_data').length;
var page = 'page-1';
document.getElementById('next').onclick = function () { page = 'page-2'; document.getElementById('seen').textContent = 'on page-2'; };
window.addEventListener('unload', function () {
  var data = '', seed = 7;
  for (var i = 0; i < 64000; i++) { seed = (seed * 1103515245 + 12345) % 2147483648; data += 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'.charAt(seed % 62); }
  ${set}('${location}', page);
  ${set}('${exit}', 'suspend');
  ${set}('cmi.suspend_data', data);
  ${commit}('');
  ${finish}('');
});
</script></body></html>`;
};

/**
 * The package's page: each attempt writes what it got into #report. It finds the portal's origin from its frame's
 * ancestors and tries to make every person with an id up to 40 an admin through the API, as the viewer.
 */
const HOSTILE_PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>Hostile</title></head><body>
<h1>Hostile</h1><pre id="report"></pre>
<script>
(async function () {
  var report = {};
  var attempt = function (name, work) { try { report[name] = String(work()); } catch (e) { report[name] = 'blocked: ' + e.name; } };
  var portal = location.ancestorOrigins[location.ancestorOrigins.length - 1];
  report.portal = portal;
  attempt('topDom', function () { return window.top.document.body.innerHTML.slice(0, 50); });
  attempt('topStorage', function () { return window.top.localStorage.length; });
  attempt('topCookie', function () { return window.top.document.cookie; });
  attempt('ownCookie', function () { return document.cookie; });
  attempt('ownStorage', function () { return JSON.stringify(Object.keys(localStorage)); });
  attempt('topNavigation', function () { window.top.location.href = 'https://example.invalid/'; return 'navigated'; });
  var calls = [];
  for (var id = 1; id <= 40; id++) {
    var body = JSON.stringify({ id: id, role: 'admin', password: 'hostile-pass-1234' });
    calls.push(fetch(portal + '/api?r=update_user_data', { method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json' }, body: body })
      .then(function (r) { return r.status; }, function (e) { return 'failed: ' + e.name; }));
    calls.push(fetch(portal + '/api?r=update_user_data', { method: 'POST', mode: 'no-cors', credentials: 'include', headers: { 'content-type': 'text/plain' }, body: body })
      .then(function (r) { return r.type; }, function (e) { return 'failed: ' + e.name; }));
    navigator.sendBeacon(portal + '/api?r=update_user_data', body);
  }
  report.apiWithCookie = await fetch(portal + '/api?r=users', { credentials: 'include' })
    .then(function (r) { return r.status; }, function (e) { return 'failed: ' + e.name; });
  report.calls = (await Promise.all(calls)).filter(function (s, i, all) { return all.indexOf(s) === i; }).join(',');
  document.getElementById('report').textContent = JSON.stringify(report);
})();
</script></body></html>`;

describe.skipIf(!chromiumAvailable)('course content runs isolated from the portal', () => {
  let portal: Portal;
  let browser: Browser;
  let api: APIRequestContext;
  let peteris: number;

  /** Uploads a one-page package as an optional Latvian course and gives it to a position. */
  async function uploadPage(alias: string, position: string, manifestXml: string, page: string): Promise<void> {
    const zip = await zipBuffer([
      ['imsmanifest.xml', manifestXml],
      ['index.html', page],
    ]);
    await uploadCourse(api, alias, zip, position);
  }

  beforeAll(async () => {
    portal = await startPortal();
    browser = await launchBrowser();
    api = await managerApi(portal);
    await uploadPage('hostile', 'hr-manager', manifest('1.2'), HOSTILE_PAGE);
    await uploadPage('unload-12', 'cashier', manifest('1.2'), unloadingPage('1.2'));
    await uploadPage('unload-2004', 'cashier', manifest('2004'), unloadingPage('2004'));
    const found = await api.post('/api?r=find_user', { data: { search_string: 'Kalniņš' } });
    peteris = ((await found.json()) as { result: { id: number }[] }).result[0]!.id;
  });
  afterAll(async () => {
    await api?.dispose();
    await browser?.close();
    await stopPortal(portal);
  });

  it('an office admin opens a hostile package: it reads nothing of the portal, calls nothing as her, stays in its frame', async () => {
    const { context, page } = await newPage(browser, portal);
    await signIn(page, 'inga.vitola', { office: true, password: 'demo-pass' });
    const portalStorage = await page.evaluate(() => Object.keys(localStorage).length);
    expect(portalStorage).toBeGreaterThan(0);
    await page.goto('/courses/2');
    await page.locator('[data-testid="course"][data-alias="hostile"] [data-testid="course-open"]').click();
    const content = page.frameLocator('[data-testid="course-frame"]').frameLocator('iframe');
    const text = await content.locator('#report:not(:empty)').textContent();
    const report = JSON.parse(text!) as Record<string, string>;

    expect(report.portal).toBe(portal.url);
    expect(report.topDom).toMatch(/^blocked: SecurityError/);
    expect(report.topStorage).toMatch(/^blocked: SecurityError/);
    expect(report.topCookie).toMatch(/^blocked: SecurityError/);
    expect(report.ownCookie).toBe('');
    // The content origin's own storage holds nothing of the portal (Chromium may refuse it to a framed origin).
    expect(report.ownStorage).toMatch(/^\[\]$|^blocked/);
    expect(report.topNavigation).toMatch(/^blocked/);
    expect(page.url()).toBe(`${portal.url}/courses/2`);
    // Without the session cookie every call is "not active" (or unreadable to it), and nothing changed.
    expect(report.apiWithCookie).toMatch(/^failed|^(401|403)$/);
    expect(report.calls.split(',').every((c) => /^(failed: TypeError|opaque|401|403)$/.test(c))).toBe(true);
    const peterisNow = await api.post('/api?r=get_user_data', { data: { user_id: peteris } });
    expect(((await peterisNow.json()) as { result: { user: { role: string } } }).result.user.role).toBe('learner');
    await context.close();
  });

  it('the portal serves no course file, and the content origin serves nothing else', async () => {
    const contentOrigin = portal.url.replace('127.0.0.1', 'content.localhost');
    const { context, page } = await newPage(browser, portal);
    await signIn(page, 'inga.vitola', { office: true, password: 'demo-pass' });
    const portalSide = await page.evaluate(async () => (await fetch('/course-content/hostile-lv/index.html')).status);
    expect(portalSide).toBe(404);
    // The content origin by folder name, or with a made-up token: nothing.
    for (const path of ['/course-content/hostile-lv/index.html', '/scorm-files/not-a-token-at-all-000000/index.html']) {
      const response = await page.goto(`${contentOrigin}${path}`);
      expect([401, 404], path).toContain(response!.status());
    }
    const response = await page.goto(`${contentOrigin}/home`);
    expect(response!.status()).toBe(404);
    await context.close();
  });

  for (const version of ['1.2', '2004'] as const) {
    it(`SCORM ${version}: the content's commit from its own unload handler is stored when the tab closes, and it resumes`, async () => {
      const alias = version === '1.2' ? 'unload-12' : 'unload-2004';
      const open = async () => {
        const { context, page } = await newPage(browser, portal);
        await signIn(page, 'ab1234');
        await page.goto('/courses/2');
        await page.locator(`[data-testid="course"][data-alias="${alias}"] [data-testid="course-open"]`).click();
        const content = page.frameLocator('[data-testid="course-frame"]').frameLocator('iframe');
        await content.locator('#seen:not(:empty)').waitFor();
        return { context, page, content };
      };
      const first = await open();
      expect(await first.content.locator('#seen').textContent()).toBe('ab-initio  0');
      await first.content.locator('#next').click();
      await first.content.locator('#seen', { hasText: 'on page-2' }).waitFor();
      // The tab closes: nothing was committed since page 1 but what the unload handler sends.
      // The browser stays open (its context holds the beacon until sent), as it does when a learner closes a tab.
      await first.page.close({ runBeforeUnload: true });

      const second = await open();
      expect(await second.content.locator('#seen').textContent()).toBe('resume page-2 64000');
      await second.context.close();
      await first.context.close();
    });
  }
});
