import path from 'node:path';
import yazl from 'yazl';
import { repoRoot } from '../config.js';

/** The real packages made outside this project (never modified). */
export const SAMPLES_DIR = path.resolve(repoRoot, '../shared/samples');

/** Builds a .zip in memory from [name, content] pairs (test helper). */
export function zipBuffer(files: [string, string | Buffer][]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, content] of files) zip.addBuffer(Buffer.isBuffer(content) ? content : Buffer.from(content), name);
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}
