import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { issueAttemptToken } from '../db/attempts.js';
import { saveCourseVersion } from '../db/course-versions.js';
import { registerSecurityHeaders } from '../http/security-headers.js';
import { openTestDatabase } from '../../test/test-env.js';
import { writeMissingDemoPackages } from '../seed/demo-packages.js';
import { seedDemoIfEmpty } from '../seed/demo.js';
import { importPackage } from './import.js';
import { courseContent, courseContentCsp } from './serve.js';
import { SAMPLES_DIR } from './test-zips.js';

describe('course content serving', () => {
  let app: FastifyInstance;
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let dir: string;
  /** Tokens of Anna's attempts of the imported golf course and of a demo course. */
  let golf: string;
  let welcome: string;
  const PORTAL = 'http://127.0.0.1:8080';

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scorm-serve-'));
    const coursesDir = path.join(dir, 'courses');
    await importPackage(path.join(SAMPLES_DIR, 'scorm12-golf-basic-calls.zip'), { coursesDir, folder: 'golf-en' });
    writeMissingDemoPackages(coursesDir);
    fs.writeFileSync(path.join(coursesDir, 'golf-en', '.secret'), 'hidden');
    fs.writeFileSync(path.join(dir, 'outside.txt'), 'outside the courses folder');
    database = await openTestDatabase('sqlite');
    await seedDemoIfEmpty(database.db);
    const config = loadConfig({ LOG_LEVEL: 'silent', COURSES_DIR: coursesDir });
    app = Fastify({ logger: false });
    // The same order as app.ts: the portal's strict headers first, then the content plugin.
    registerSecurityHeaders(app, config);
    await app.register(courseContent, { config, db: database.db });
    await app.ready();
    const anna = await database.db
      .selectFrom('users')
      .select('id')
      .where('login', '=', 'ab1234')
      .executeTakeFirstOrThrow();
    const golfCourse = await saveCourseVersion(database.db, {
      alias: 'golf',
      language: 'en',
      name: 'Golf',
      folder: 'golf-en',
      launch_file: 'shared/launchpage.html',
      scorm_version: '1.2',
    });
    const welcomeCourse = await database.db
      .selectFrom('courses')
      .select('id')
      .where('folder', '=', 'welcome-en')
      .executeTakeFirstOrThrow();
    const issue = (courseId: number) =>
      issueAttemptToken(database.db, {
        userId: anna.id,
        courseId,
        attempt: 1,
        review: false,
        portalOrigin: PORTAL,
        now: new Date(),
      });
    golf = await issue(golfCourse.id);
    welcome = await issue(welcomeCourse.id);
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await database?.dispose();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers: { host: 'content.localhost:8080', ...headers } });
  const launchPage = () => `/scorm-files/${golf}/shared/launchpage.html`;

  it("serves a course's files only under a live token of an attempt of that course", async () => {
    const res = await get(launchPage());
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('<html');
    for (const url of [
      '/scorm-files/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/shared/launchpage.html',
      `/scorm-files/${golf.slice(0, -1)}/shared/launchpage.html`,
    ]) {
      const refused = await get(url);
      expect(refused.statusCode, url).toBe(401);
      expect(refused.body).not.toContain('<html');
    }
    // Another course's token opens that course's own files only: no path of it leads to the golf package.
    expect((await get(`/scorm-files/${welcome}/shared/launchpage.html`)).statusCode).toBe(404);
    expect((await get(`/scorm-files/${welcome}/../golf-en/shared/launchpage.html`)).statusCode).toBeGreaterThanOrEqual(
      400,
    );
    const golfId = (
      await database.db.selectFrom('courses').select('id').where('folder', '=', 'golf-en').executeTakeFirstOrThrow()
    ).id;
    const anna = (
      await database.db.selectFrom('users').select('id').where('login', '=', 'ab1234').executeTakeFirstOrThrow()
    ).id;
    const expired = await issueAttemptToken(database.db, {
      userId: anna,
      courseId: golfId,
      attempt: 1,
      review: false,
      portalOrigin: PORTAL,
      now: new Date(Date.now() - 3 * 3600_000),
    });
    expect((await get(`/scorm-files/${expired}/shared/launchpage.html`)).statusCode).toBe(401);
  });

  it('gives content its own relaxed policy for inline scripts, framed only by the content origin and its portal', async () => {
    const res = await get(launchPage());
    expect(res.headers['content-security-policy']).toBe(courseContentCsp(PORTAL));
    expect(res.headers['content-security-policy']).toContain("script-src 'self' 'unsafe-inline'");
    expect(res.headers['content-security-policy']).toContain(`frame-ancestors 'self' ${PORTAL}`);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends pages and scripts compressed to a browser that asks, images as they are', async () => {
    const page = launchPage();
    const plain = await get(page);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const compressed = await get(page, { 'accept-encoding': 'gzip, deflate, br' });
    expect(compressed.statusCode).toBe(200);
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers['content-security-policy']).toBe(courseContentCsp(PORTAL));
    expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(zlib.brotliDecompressSync(compressed.rawPayload).equals(plain.rawPayload)).toBe(true);

    const image = await get(`/scorm-files/${golf}/HavingFun/fun.jpg`, {
      'accept-encoding': 'gzip, deflate, br',
    });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.headers['content-type']).toBe('image/jpeg');

    // A part of a file (media seeking) is sent as it is: its byte range is of the file itself.
    const part = await get(page, { 'accept-encoding': 'br', range: 'bytes=0-99' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-encoding']).toBeUndefined();
    expect(part.rawPayload.equals(plain.rawPayload.subarray(0, 100))).toBe(true);
  });

  it.each([
    '../../outside.txt',
    '%2e%2e/%2e%2e/outside.txt',
    '..%2f..%2foutside.txt',
    '%2e%2e/%2e%2e/%2e%2e/outside.txt',
    '.secret',
    '%2esecret',
    '..%5c..%5coutside.txt',
  ])('never serves %s under a token', async (file) => {
    const res = await get(`/scorm-files/${golf}/${file}`);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.body).not.toContain('outside the courses folder');
    expect(res.body).not.toContain('hidden');
  });

  it('makes the folder for imported courses when a new server starts without one, with no warning', async () => {
    const coursesDir = path.join(dir, 'not-yet', 'courses');
    const warnings: string[] = [];
    const fresh = Fastify({
      logger: {
        level: 'warn',
        stream: { write: (line: string) => void warnings.push(line) },
      },
    });
    await fresh.register(courseContent, {
      config: loadConfig({ LOG_LEVEL: 'silent', COURSES_DIR: coursesDir }),
      db: database.db,
    });
    await fresh.ready();
    await fresh.close();
    expect(fs.statSync(coursesDir).isDirectory()).toBe(true);
    expect(warnings).toEqual([]);
  });
});
