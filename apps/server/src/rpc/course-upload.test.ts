import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/test-env.js';
import { manifest12, zipBuffer } from '../scorm/test-zips.js';

const coursesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'upload-reasons-'));
afterAll(() => fs.rmSync(coursesDir, { recursive: true, force: true }));

const NS_2004 = 'xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" xmlns:imsss="http://www.imsglobal.org/xsd/imsss"';
const manifest2004 = (organizations: string, resources: string) => `<?xml version="1.0"?>
<manifest identifier="m" ${NS_2004}>
  <metadata><schema>ADL SCORM</schema><schemaversion>2004 4th Edition</schemaversion></metadata>
  <organizations default="o">${organizations}</organizations>
  <resources>${resources}</resources>
</manifest>`;
const oneItem = (inner = '') =>
  `<organization identifier="o"><title>T</title><item identifier="i1" identifierref="r1"><title>One</title>${inner}</item></organization>`;
const resource = (href: string) => `<resource identifier="r1" type="webcontent" href="${href}"/>`;
const page = ['index.html', '<p>hi</p>'] as [string, string];

function multipart(fields: Record<string, string>, zip: Buffer) {
  const boundary = `----reasons-${Math.random().toString(16).slice(2)}`;
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

/** Packages the player cannot run, each with the refusal the upload must answer. */
async function unrunnablePackages() {
  return [
    {
      kind: 'a SCO file the package does not hold',
      zip: await zipBuffer([['imsmanifest.xml', manifest12()]]),
      refusal: { reason: 'missing-sco', file: 'index.html' },
    },
    {
      kind: 'a SCO that is not a web page',
      zip: await zipBuffer([
        ['imsmanifest.xml', manifest2004(oneItem(), resource('lesson/movie.swf'))],
        ['lesson/movie.swf', 'x'],
      ]),
      refusal: { reason: 'unsupported-launch', file: 'lesson/movie.swf' },
    },
    {
      kind: 'an organisation whose items launch nothing',
      zip: await zipBuffer([
        [
          'imsmanifest.xml',
          manifest2004(
            '<organization identifier="o"><title>T</title><item identifier="i1"><title>Empty</title></item></organization>',
            '',
          ),
        ],
        page,
      ]),
      refusal: { reason: 'no-launchable-sco' },
    },
    {
      kind: 'a manifest that is not XML',
      zip: await zipBuffer([['imsmanifest.xml', '<?xml version="1.0"?>\n<manifest>\n<oops></manifest>'], page]),
      refusal: { reason: 'manifest-not-xml', line: 3 },
    },
    {
      kind: 'a manifest without an organisation',
      zip: await zipBuffer([['imsmanifest.xml', manifest2004('', '')], page]),
      refusal: { reason: 'no-organization' },
    },
    {
      kind: 'a sequencing definition the engine cannot run',
      zip: await zipBuffer([
        ['imsmanifest.xml', manifest2004(oneItem('<imsss:sequencing IDRef="shared-rules"/>'), resource('index.html'))],
        page,
      ]),
      refusal: { reason: 'sequencing', detail: expect.stringContaining('shared-rules') },
    },
    {
      kind: 'a manifest of no SCORM version',
      zip: await zipBuffer([['imsmanifest.xml', '<manifest identifier="m"><organizations/></manifest>'], page]),
      refusal: { reason: 'unknown-version' },
    },
    {
      kind: 'a manifest in a folder of the package',
      zip: await zipBuffer([
        ['course/imsmanifest.xml', manifest12()],
        ['course/index.html', 'x'],
      ]),
      refusal: { reason: 'manifest-not-at-root', folder: 'course' },
    },
    {
      kind: 'no manifest at all',
      zip: await zipBuffer([page]),
      refusal: { reason: 'no-manifest' },
    },
    {
      kind: 'a file that is no .zip',
      zip: Buffer.from('PK? not really'),
      refusal: { reason: 'not-zip' },
    },
  ];
}

describeEachDatabase(
  'course upload refusals',
  (env) => {
    let token: string;
    beforeAll(async () => {
      token = await env().login('training.manager', 'demo-pass');
    });

    it('gives each package the player cannot run its own reason code beside the English sentence', async () => {
      const packages = await unrunnablePackages();
      expect(new Set(packages.map((p) => p.refusal.reason)).size).toBe(packages.length);
      for (const [index, { kind, zip, refusal }] of packages.entries()) {
        const body = multipart(
          { alias: `unrunnable-${index}`, language: 'en', name: 'X', course_type: 'optional', expiration: '0' },
          zip,
        );
        const res = await env().app.inject({
          method: 'POST',
          url: '/api/course-upload',
          payload: body.payload,
          headers: { 'content-type': body.contentType, cookie: `portal_session=${token}` },
        });
        expect([kind, res.statusCode]).toEqual([kind, 400]);
        const answer = res.json();
        expect([kind, answer]).toEqual([
          kind,
          {
            error: 'invalid input',
            message: expect.stringMatching(/^The package was refused: /),
            fields: { package: expect.any(String) },
            reasons: { package: refusal },
          },
        ]);
      }
      expect(fs.readdirSync(coursesDir).filter((f) => f.startsWith('unrunnable'))).toEqual([]);
    });
  },
  { COURSES_DIR: coursesDir },
);
