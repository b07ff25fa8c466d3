import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { repoRoot } from '../../apps/server/src/config.js';
import { zipBuffer } from '../../apps/server/src/scorm/test-zips';
import { abbreviations, readTestCase, type TestCase } from './cts-reader';

const here = path.dirname(fileURLToPath(import.meta.url));
export const CTS_DIR = path.resolve(repoRoot, '../shared/conformance/scorm2004-cts');
/** The replay SCO, served under every launch file name a package names. */
export const REPLAY_SCO = fs.readFileSync(path.join(here, 'replay-sco.html'));

let table: Map<string, string> | undefined;

/** A test case of the CTS (`API`, `DMB`, `CT-01` …), read with the abbreviations expanded. */
export function ctsTestCase(id: string): TestCase {
  table ??= abbreviations(fs.readFileSync(path.join(CTS_DIR, 'Commands.properties'), 'latin1'));
  const text = fs.readFileSync(path.join(CTS_DIR, 'Courses/TestCases', `${id}.properties`), 'latin1');
  return readTestCase(id, text, table);
}

const attribute = (tag: string, name: string) => new RegExp(`\\s${name}\\s*=\\s*"([^"]*)"`).exec(tag)?.[1];

/** The launch files a manifest's resources name (with their `xml:base`), inside the package. */
export function launchFiles(manifest: string): string[] {
  const resourcesBase = attribute(/<resources\b[^>]*>/.exec(manifest)?.[0] ?? '', 'xml:base') ?? '';
  const files = new Set<string>();
  for (const [tag] of manifest.matchAll(/<resource\b[^>]*>/g)) {
    const href = attribute(tag, 'href');
    if (href) files.add(path.posix.join(resourcesBase, attribute(tag, 'xml:base') ?? '', href.split(/[?#]/)[0]!));
  }
  return [...files];
}

/** A CTS item: its identifier (the activity's id in the player) and its `act` launch parameter. */
export interface CtsItem {
  id: string;
  act: string;
}

/** The items of a CTS manifest that launch the test SCO, in the manifest's order. */
export function ctsItems(manifest: string): CtsItem[] {
  return [...manifest.matchAll(/<item\b[^>]*>/g)].flatMap(([tag]) => {
    const id = attribute(tag, 'identifier');
    const act = /[?&;]act=(\w+)/.exec(attribute(tag, 'parameters') ?? '')?.[1];
    return id && act ? [{ id, act }] : [];
  });
}

/** A CTS package as an upload: its manifest unchanged and the replay SCO under each launch file name. */
export async function ctsPackage(name: string): Promise<{ zip: Buffer; items: CtsItem[] }> {
  const manifest = fs.readFileSync(path.join(CTS_DIR, 'Courses', `LMSTestPackage_${name}`, 'imsmanifest.xml'), 'utf8');
  const zip = await zipBuffer([
    ['imsmanifest.xml', manifest],
    ...launchFiles(manifest).map((file): [string, Buffer] => [file, REPLAY_SCO]),
  ]);
  return { zip, items: ctsItems(manifest) };
}
