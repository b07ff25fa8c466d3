import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/test-env.js';
import { hostilePackages } from './test-zips.js';

const coursesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hostile-courses-'));
afterAll(() => fs.rmSync(coursesDir, { recursive: true, force: true }));

function multipart(fields: Record<string, string>, zip: Buffer) {
  const boundary = `----hostile-${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  chunks.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="package"; filename="course.zip"\r\n` +
        'Content-Type: application/zip\r\n\r\n',
    ),
    zip,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

describeEachDatabase(
  'hostile course packages',
  (env) => {
    let token: string;
    let packages: Awaited<ReturnType<typeof hostilePackages>>;
    beforeAll(async () => {
      token = await env().login('training.manager', 'demo-pass');
      packages = await hostilePackages();
    });

    it('answers each with 400, a message saying what is wrong and its reason code, and keeps nothing of it', async () => {
      const before = fs.readdirSync(coursesDir);
      for (const [index, { kind, zip, message, reason }] of packages.entries()) {
        const body = multipart(
          { alias: `hostile-${index}`, language: 'en', name: 'Hostile', course_type: 'optional', expiration: '0' },
          zip,
        );
        const res = await env().app.inject({
          method: 'POST',
          url: '/api/course-upload',
          payload: body.payload,
          headers: { 'content-type': body.contentType, cookie: `portal_session=${token}` },
        });
        expect([kind, res.statusCode]).toEqual([kind, 400]);
        expect(res.json()).toMatchObject({ error: 'invalid input' });
        expect([kind, res.json().message]).toEqual([kind, expect.stringMatching(message)]);
        expect([kind, res.json().reasons?.package?.reason]).toEqual([kind, reason]);
      }
      expect(fs.readdirSync(coursesDir)).toEqual(before);
    });
  },
  { COURSES_DIR: coursesDir },
);
