/**
 * Writes the demo courses' SCORM packages (apps/server/src/seed/demo-packages.ts) as .zip files, for
 * `npm run course:import` or a manager's upload:
 *
 *   npx tsx scripts/build-demo-courses.ts DIR      writes DIR/<alias>-<lang>.zip
 *
 * The server writes the same packages into its courses folder itself when it starts with DEMO_SEED.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import yazl from 'yazl';
import { demoPackages } from '../apps/server/src/seed/demo-packages.js';

/** Writes each package as a .zip (fixed timestamps, so the bytes are repeatable). */
export async function writeZips(outDir: string): Promise<string[]> {
  fs.mkdirSync(outDir, { recursive: true });
  const written: string[] = [];
  for (const [folder, files] of demoPackages()) {
    const zip = new yazl.ZipFile();
    for (const [name, content] of files)
      zip.addBuffer(Buffer.from(content), name, { mtime: new Date('2026-01-01T00:00:00Z') });
    zip.end();
    const file = path.join(outDir, `${folder}.zip`);
    await new Promise<void>((resolve, reject) => {
      zip.outputStream.pipe(fs.createWriteStream(file)).on('close', resolve).on('error', reject);
    });
    written.push(file);
  }
  return written;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { positionals } = parseArgs({ allowPositionals: true });
  if (positionals.length !== 1) {
    console.error('usage: npx tsx scripts/build-demo-courses.ts <folder for the .zip files>');
    process.exit(2);
  }
  const zips = await writeZips(path.resolve(positionals[0]!));
  console.log(`wrote ${zips.length} .zip files to ${positionals[0]}`);
}
