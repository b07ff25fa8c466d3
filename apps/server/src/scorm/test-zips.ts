import path from 'node:path';
import type { managerRoutes } from '@portal/shared';
import yazl from 'yazl';
import { repoRoot } from '../config.js';

/** The real packages made outside this project (never modified). */
export const SAMPLES_DIR = path.resolve(repoRoot, '../shared/samples');

type ZipFile = [name: string, content: string | Buffer, options?: { mode?: number; compress?: boolean }];

/** Builds a .zip in memory from [name, content, options] entries (test helper). */
export function zipBuffer(files: ZipFile[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, content, options = {}] of files)
    zip.addBuffer(Buffer.isBuffer(content) ? content : Buffer.from(content), name, options);
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

/** A SCORM 1.2 manifest launching index.html, with `extra` inside its one item. */
export const manifest12 = (extra = '', prolog = '<?xml version="1.0"?>') => `${prolog}
<manifest identifier="m" version="1" xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
  <metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata>
  <organizations default="o"><organization identifier="o"><title>T</title>
    <item identifier="i1" identifierref="r1"><title>One</title>${extra}</item></organization></organizations>
  <resources><resource identifier="r1" type="webcontent" adlcp:scormtype="sco" href="index.html"><file href="index.html"/></resource></resources>
</manifest>`;

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;

/** Sets the compression method of every entry, in its local and its central header (a zip no reader can unpack). */
export function withCompressionMethod(zip: Buffer, method: number): Buffer {
  const out = Buffer.from(zip);
  for (let at = 0; at + 4 <= out.length; at++) {
    const signature = out.readUInt32LE(at);
    if (signature === LOCAL_HEADER) out.writeUInt16LE(method, at + 8);
    else if (signature === CENTRAL_HEADER) out.writeUInt16LE(method, at + 10);
  }
  return out;
}

/** Hostile or broken packages, each with what the refusal says. */
export async function hostilePackages(): Promise<
  { kind: string; zip: Buffer; message: RegExp; reason: managerRoutes.PackageReason }[]
> {
  const index: ZipFile = ['index.html', '<p>hi</p>'];
  const ok = (extra?: string, prolog?: string): ZipFile => ['imsmanifest.xml', manifest12(extra, prolog)];
  return [
    {
      kind: 'an external entity in the manifest',
      zip: await zipBuffer([
        ok('', '<?xml version="1.0"?><!DOCTYPE manifest [<!ENTITY x SYSTEM "file:///etc/passwd">]>'),
        index,
      ]),
      message: /imsmanifest\.xml may not declare a DOCTYPE/,
      reason: 'manifest-too-complex',
    },
    {
      kind: 'a manifest nested too deep',
      zip: await zipBuffer([ok('<a>'.repeat(2000) + '</a>'.repeat(2000)), index]),
      message: /nested deeper than/,
      reason: 'manifest-too-complex',
    },
    {
      kind: 'an element named __proto__ in the manifest',
      zip: await zipBuffer([ok('<__proto__>x</__proto__>'), index]),
      message: /imsmanifest\.xml cannot be read/,
      reason: 'manifest-unreadable',
    },
    {
      kind: 'a manifest in UTF-16',
      zip: await zipBuffer([['imsmanifest.xml', Buffer.from(`\uFEFF${manifest12()}`, 'utf16le')], index]),
      message: /imsmanifest\.xml is not UTF-8 text .*: save it as UTF-8/,
      reason: 'manifest-not-utf8',
    },
    {
      kind: 'a file and a folder of the same name',
      zip: await zipBuffer([ok(), index, ['media', 'x'], ['media/a.png', 'y']]),
      message: /"media" is both a file and a folder/,
      reason: 'unsafe-entry',
    },
    {
      kind: 'the same file twice',
      zip: await zipBuffer([ok(), index, ['index.html', 'again']]),
      message: /holds "index.html" twice/,
      reason: 'unsafe-entry',
    },
    {
      kind: 'a compression method nobody unpacks',
      zip: withCompressionMethod(await zipBuffer([ok(), index]), 12),
      message: /imsmanifest\.xml cannot be unpacked \(unsupported compression method/,
      reason: 'not-zip',
    },
    {
      kind: 'a symbolic link',
      zip: await zipBuffer([ok(), index, ['passwd', '/etc/passwd', { mode: 0o120777 }]]),
      message: /symbolic link/,
      reason: 'unsafe-entry',
    },
    {
      kind: 'a package inside the package',
      zip: await zipBuffer([['course.zip', await zipBuffer([ok(), index])]]),
      message: /holds another \.zip \("course\.zip"\): upload that one/,
      reason: 'nested-package',
    },
  ];
}
