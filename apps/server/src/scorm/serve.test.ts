import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { createSession } from '../db/sessions.js';
import { registerSecurityHeaders } from '../http/security-headers.js';
import { openTestDatabase } from '../../test/test-env.js';
import { seedDemoIfEmpty } from '../seed/demo.js';
import { importPackage } from './import.js';
import { COURSE_CONTENT_CSP, courseContent } from './serve.js';
import { SAMPLES_DIR } from './test-zips.js';

describe('course content serving', () => {
  let app: FastifyInstance;
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let dir: string;
  let token: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scorm-serve-'));
    const coursesDir = path.join(dir, 'courses');
    await importPackage(path.join(SAMPLES_DIR, 'scorm12-golf-basic-calls.zip'), { coursesDir, folder: 'golf-en' });
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
    token = await createSession(database.db, anna.id, { idleMinutes: 60, maxHours: 2 });
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await database?.dispose();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string, signedIn = true, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'GET',
      url,
      headers: { ...(signedIn ? { cookie: `portal_session=${token}` } : {}), ...headers },
    });

  it('serves content only to signed-in users', async () => {
    const anonymous = await get('/course-content/golf-en/shared/launchpage.html', false);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body).not.toContain('<html');
    const res = await get('/course-content/golf-en/shared/launchpage.html');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('<html');
  });

  it('gives content its own relaxed policy for inline scripts, with nosniff', async () => {
    const res = await get('/course-content/golf-en/shared/launchpage.html');
    expect(res.headers['content-security-policy']).toBe(COURSE_CONTENT_CSP);
    expect(res.headers['content-security-policy']).toContain("script-src 'self' 'unsafe-inline'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends pages and scripts compressed to a browser that asks, images as they are', async () => {
    const page = '/course-content/golf-en/shared/launchpage.html';
    const plain = await get(page);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const compressed = await get(page, true, { 'accept-encoding': 'gzip, deflate, br' });
    expect(compressed.statusCode).toBe(200);
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers['content-security-policy']).toBe(COURSE_CONTENT_CSP);
    expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(zlib.brotliDecompressSync(compressed.rawPayload).equals(plain.rawPayload)).toBe(true);

    const image = await get('/course-content/golf-en/HavingFun/fun.jpg', true, {
      'accept-encoding': 'gzip, deflate, br',
    });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.headers['content-type']).toBe('image/jpeg');

    // A part of a file (media seeking) is sent as it is: its byte range is of the file itself.
    const part = await get(page, true, { 'accept-encoding': 'br', range: 'bytes=0-99' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-encoding']).toBeUndefined();
    expect(part.rawPayload.equals(plain.rawPayload.subarray(0, 100))).toBe(true);
  });

  it.each([
    '/course-content/golf-en/../../outside.txt',
    '/course-content/golf-en/%2e%2e/%2e%2e/outside.txt',
    '/course-content/golf-en/..%2f..%2foutside.txt',
    '/course-content/%2e%2e/outside.txt',
    '/course-content/golf-en/.secret',
    '/course-content/golf-en/%2esecret',
    '/course-content/..%5c..%5coutside.txt',
  ])('never serves %s', async (url) => {
    const res = await get(url);
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
