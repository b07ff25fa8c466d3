import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_PATHS } from '@portal/shared';
import { manifest12, zipBuffer } from '../apps/server/src/scorm/test-zips';
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

const THREE_PARTS = `<?xml version="1.0"?>
<manifest identifier="m" xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3">
  <metadata><schema>ADL SCORM</schema><schemaversion>2004 4th Edition</schemaversion></metadata>
  <organizations default="o"><organization identifier="o"><title>Drošība</title>
    <item identifier="lesson" identifierref="r1"><title>Nodarbība</title></item>
    <item identifier="quiz" identifierref="r2"><title>Tests</title></item>
  </organization></organizations>
  <resources>
    <resource identifier="r1" type="webcontent" adlcp:scormType="sco" href="lesson.html"/>
    <resource identifier="r2" type="webcontent" adlcp:scormType="sco" href="quiz.html"/>
  </resources>
</manifest>`;

/**
 * Anna has a two-part course she took twice: the first attempt passed, the second is under way with the lesson done
 * and the quiz failed, as the player would have saved it.
 */
function giveAnnaTwoAttempts(portal: Portal): void {
  const dir = path.join(portal.dataDir, 'courses', 'safety-parts-lv');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'imsmanifest.xml'), THREE_PARTS);
  for (const file of ['lesson.html', 'quiz.html']) fs.writeFileSync(path.join(dir, file), '<p>x</p>');
  const db = new Database(path.join(portal.dataDir, 'portal.sqlite'));
  db.pragma('busy_timeout = 5000');
  const now = new Date().toISOString();
  const courseId = db
    .prepare(
      `insert into courses (alias, language, name, description, expiration, folder, course_type, status,
         course_order_office, course_order_store, launch_file, scorm_version, created_at)
       values ('safety-parts', 'lv', 'Drošība', '', 0, 'safety-parts-lv', 'optional', 'enabled', 30, 30, 'lesson.html', '2004', ?)`,
    )
    .run(now).lastInsertRowid;
  const anna = (db.prepare(`select id from users where login = 'ab1234'`).get() as { id: number }).id;
  db.prepare(
    `insert into additional_courses (user_id, course_alias, added_by, added_at) values (?, 'safety-parts', null, ?)`,
  ).run(anna, now);
  const state = {
    scos: {
      lesson: { cmi: { completion_status: 'completed', success_status: 'unknown' }, done: true },
      quiz: { cmi: { completion_status: 'completed', success_status: 'failed', score: { raw: '35' } }, done: false },
    },
  };
  db.prepare(
    `insert into course_results (user_id, course_alias, course_id, complete, finish_time, attempt, cmi_json, state_seq, updated_at)
     values (?, 'safety-parts', ?, 1, ?, 2, ?, 2, ?)`,
  ).run(anna, courseId, now, JSON.stringify(state), now);
  const attempt = db.prepare(
    `insert into course_attempts (user_id, course_alias, attempt, course_id, started_at, launched_at, status, score, total_time, updated_at)
     values (?, 'safety-parts', ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  attempt.run(anna, 1, courseId, '2026-03-02T08:00:00Z', '2026-03-02T08:00:00Z', 'passed', 92, 'PT1H5M', now);
  attempt.run(anna, 2, courseId, now, now, 'failed', 35, 'PT7M30S', now);
  db.close();
}

describe.skipIf(!chromiumAvailable)('what managers see, in Chromium', () => {
  let portal: Portal;
  let browser: Browser;

  beforeAll(async () => {
    portal = await startPortal();
    giveAnnaTwoAttempts(portal);
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await stopPortal(portal);
  });

  it('Līga opens a course of Anna’s details: each attempt with status, score, time and dates, and each part', async () => {
    const { context, page } = await newPage(browser, portal);
    await signIn(page, 'lo1234', { password: 'demo-pass' });
    await page.goto('/filter/user/2');
    await page.locator('input[name="search"]').fill('ab1234');
    await page.getByRole('button', { name: 'Meklēt' }).click();
    await page
      .getByTestId('search-results')
      .getByRole('button', { name: /Anna Bērziņa/ })
      .click();

    const details = page.getByTestId('user-details');
    const row = details.locator('[data-testid="details-course"][data-alias="safety-parts"]');
    const toggle = row.getByRole('button', { name: 'Drošība' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');

    const attempts = details.getByTestId('course-attempts');
    await attempts.getByTestId('attempt-row').first().waitFor();
    const cells = async (testId: string) =>
      attempts
        .getByTestId(testId)
        .evaluateAll((rows) => rows.map((r) => [...r.children].map((c) => c.textContent?.trim() ?? '')));
    const attemptRows = await cells('attempt-row');
    expect(attemptRows.map((r) => r.slice(0, 4))).toEqual([
      ['2', 'Nav nokārtots', '35', '7 min 30 s'],
      ['1', 'Nokārtots', '92', '1 h 5 min'],
    ]);
    expect(attemptRows[1]![4]).toMatch(/02\.03\.(20)?26/);
    expect(await attempts.getByText('Daļas (mēģinājums 2)').isVisible()).toBe(true);
    expect(await cells('part-row')).toEqual([
      ['Nodarbība', 'Pabeigts', '—', '—'],
      ['Tests', 'Pabeigts', 'Nav nokārtots', '35'],
    ]);
    await screenshot(page, 'admin-user-details-attempts');

    await toggle.click();
    await attempts.waitFor({ state: 'detached' });
    await context.close();
  });

  it('the training manager is told in their own language why a package is refused: a missing SCO file, a Flash SCO', async () => {
    const cases = [
      {
        language: 'lv' as const,
        zip: await zipBuffer([['imsmanifest.xml', manifest12()]]),
        sentence: 'Manifests palaiž „index.html”, bet paketē šā faila nav.',
        fields: { alias: 'Aizstājvārds (alias)', name: 'Nosaukums', submit: 'Pievienot kursu' },
      },
      {
        language: 'ee' as const,
        zip: await zipBuffer([
          ['imsmanifest.xml', manifest12().replace(/href="index.html"/g, 'href="movie.swf"')],
          ['movie.swf', 'x'],
        ]),
        sentence: 'Portaal ei saa käivitada faili „movie.swf”: kursuse iga osa peab olema veebileht (.html).',
        fields: { alias: 'Lühinimi (alias)', name: 'Nimetus', submit: 'Lisa kursus' },
      },
    ];
    for (const { language, zip, sentence, fields } of cases) {
      const { context, page } = await newPage(browser, portal);
      await useLanguage(context, language);
      await signIn(page, 'training.manager', { office: true, password: 'demo-pass' });
      await page.goto('/manager/1');
      const form = page.getByTestId('add-course-form');
      await page
        .getByTestId('course-package')
        .setInputFiles({ name: 'course.zip', mimeType: 'application/zip', buffer: zip });
      await form.getByLabel(fields.alias).fill(`refused-${language}`);
      await form.getByLabel(fields.name).fill('X');
      await form.getByRole('button', { name: fields.submit }).click();
      const error = page.getByTestId('package-error');
      await error.waitFor();
      expect(await error.textContent()).toBe(sentence);
      if (language === 'lv') await screenshot(page, 'manager-upload-refused');
      await context.close();
    }
  });

  it('a learner whose course content does not answer sees a message with a way to try again and to close', async () => {
    const { context, page } = await newPage(browser, portal);
    await signIn(page, 'ab1234');
    // The launch page of the content origin never answers, as with a content host the network cannot reach.
    const launchPage = (url: URL) => url.pathname === CONTENT_PATHS.launchPage;
    await page.route(launchPage, (route) => route.abort());
    await page.goto('/courses/1');
    await page.locator('[data-testid="course"][data-alias="welcome"] [data-testid="course-open"]').click();
    const player = page.getByTestId('course-player');
    await player.getByTestId('course-frame').waitFor();
    const message = player.getByRole('alert');
    await message.waitFor({ timeout: 30_000 });
    expect(await message.textContent()).toContain('Kursa saturs neatbild.');
    expect(await player.getByTestId('course-frame').count()).toBe(0);

    await page.unroute(launchPage);
    await message.getByRole('button').click();
    await page.frameLocator('[data-testid="course-frame"]').frameLocator('iframe').locator('h1').waitFor();
    await page.getByTestId('player-close').click();
    await player.waitFor({ state: 'detached' });
    await context.close();
  });
});
