// The web app's figures: a production build of its own, the JavaScript each page and each lazy section loads
// (gzip), a check that ExcelJS never reaches the bundle, and Lighthouse's performance score under mobile throttling
// (Lighthouse from npm driving Debian's Chromium through playwright-core).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { SESSION_COOKIE } from '@portal/shared';
import { freePort } from './processes.js';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Builds the web app into `outDir` (with Vite's manifest); returns the seconds it took. */
export async function buildWeb(root: string, outDir: string): Promise<number> {
  const started = Date.now();
  const vite = path.join(root, 'node_modules/vite/bin/vite.js');
  const child = spawn(process.execPath, [vite, 'build', '--manifest', '--outDir', outDir, '--emptyOutDir'], {
    cwd: path.join(root, 'apps/web'),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`the web build failed:\n${output}`);
  return (Date.now() - started) / 1000;
}

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const gzipCache = new Map<string, number>();
/** Bytes of a built file after gzip (level 9, as a pre-compression step would write it). */
export function gzipSize(file: string): number {
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
    gzipCache.set(file, size);
  }
  return size;
}

function closure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const imported of chunk.imports ?? []) closure(manifest, imported, seen);
  return seen;
}

export interface BundleFigures {
  /** From the manifest: the entry and its static imports, in KB gzip. */
  entryKb: number;
  /** Per lazy section: its chunk alone and what opening it adds to what is already loaded, in KB gzip. */
  sections: { name: string; chunkKb: number; addedKb: number }[];
  /** Every script of the build, KB gzip. */
  totalKb: number;
  /** Files of the build in which ExcelJS's markers were found (must be none). */
  excelJsFiles: string[];
}

const kb = (bytes: number) => bytes / 1024;
/** The signed-in frame with the home page: it loads for every signed-in page. */
const FRAME_MODULE = 'app/frame.ts';
const sectionName = (src: string) =>
  src.endsWith(FRAME_MODULE) ? 'frame (AppLayout and HomePage)' : path.basename(src).replace(/\.[jt]sx?$/, '');

/** Reads the build's manifest: first-load closures and each lazy section's cost. */
export function analyseBundle(outDir: string): BundleFigures {
  const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const size = (files: Iterable<string>) => [...files].reduce((sum, f) => sum + gzipSize(path.join(outDir, f)), 0);
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!entryKey) throw new Error('the manifest has no entry');
  const entry = closure(manifest, entryKey);
  const frameKey = Object.keys(manifest).find((k) => k.endsWith(FRAME_MODULE));
  const signedIn = frameKey ? closure(manifest, frameKey, new Set(entry)) : entry;
  const sections = Object.entries(manifest)
    .filter(([key, chunk]) => chunk.isDynamicEntry && (/features\/.*Page\.tsx$/.test(key) || key === frameKey))
    .map(([key, chunk]) => {
      const base = key.includes('/login/') || key === frameKey ? entry : signedIn;
      const added = [...closure(manifest, key)].filter((f) => !base.has(f));
      return { name: sectionName(key), chunkKb: kb(gzipSize(path.join(outDir, chunk.file))), addedKb: kb(size(added)) };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
  const scripts = fs
    .readdirSync(path.join(outDir, 'assets'))
    .filter((f) => f.endsWith('.js'))
    .map((f) => `assets/${f}`);
  const excelJsFiles = scripts.filter((f) => {
    const text = fs.readFileSync(path.join(outDir, f), 'utf8');
    return /exceljs|WorkbookWriter|sharedStrings\.xml/i.test(text);
  });
  return { entryKb: kb(size(entry)), sections, totalKb: kb(size(scripts)), excelJsFiles };
}

export interface PageFigures {
  page: string;
  /** Scripts the page loaded, gzip of each built file, in KB. */
  firstLoadJsKb: number;
  /** What went over the wire for those scripts (compressed when the server had a compressed copy). */
  scriptTransferKb: number;
  scripts: number;
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  /** Lighthouse's measure of the machine's speed in that run (higher is faster): scores from machines apart differ. */
  benchmarkIndex: number;
}

interface NetworkItem {
  url: string;
  resourceType?: string;
  transferSize?: number;
}

/**
 * Lighthouse (default config: mobile emulation, simulated slow 4G and 4× CPU) on the sign-in page and on /home of
 * a signed-in learner, `runs` times each; the figures of the median-score run. The scripts' gzip sizes come from
 * the same page loads.
 */
export async function lighthousePages(options: {
  origin: string;
  outDir: string;
  learner: { id: number; token: string };
  runs: number;
}): Promise<PageFigures[]> {
  const port = await freePort();
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-dev-shm-usage',
      `--remote-debugging-port=${port}`,
    ],
  });
  try {
    const audit = async (page: string, signedIn: boolean): Promise<PageFigures> => {
      if (signedIn) {
        await context.addCookies([{ name: SESSION_COOKIE, value: options.learner.token, url: options.origin }]);
        const tab = await context.newPage();
        await tab.goto(`${options.origin}/favicon.svg`);
        await tab.evaluate(`localStorage.setItem('userId', '${options.learner.id}')`);
        await tab.close();
      }
      const clearCache = async () => {
        // Lighthouse keeps the storage (and so the HTTP cache) of signed-in runs: empty the cache for a cold load.
        const tab = await context.newPage();
        const cdp = await context.newCDPSession(tab);
        await cdp.send('Network.clearBrowserCache');
        await tab.close();
      };
      const runs: PageFigures[] = [];
      for (let i = 0; i < options.runs; i++) {
        // Lighthouse sometimes fails to record a trace on a busy machine (NO_NAVSTART): such a run is repeated.
        let lhr;
        for (let attempt = 1; ; attempt++) {
          await clearCache();
          const result = await lighthouse(
            `${options.origin}${page}`,
            {
              port,
              output: 'json',
              logLevel: 'error',
              onlyCategories: ['performance'],
              disableStorageReset: signedIn,
            },
            undefined,
          );
          if (!result) throw new Error(`Lighthouse gave no result for ${page}`);
          lhr = result.lhr;
          if (!lhr.runtimeError) break;
          if (attempt === 3) throw new Error(`Lighthouse on ${page}: ${lhr.runtimeError.message}`);
        }
        if (signedIn && !lhr.finalDisplayedUrl.endsWith(page))
          throw new Error(`Lighthouse on ${page} ended on ${lhr.finalDisplayedUrl}: the session was not taken`);
        const items = ((lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ??
          []) as NetworkItem[];
        const scripts = items.filter((item) => item.resourceType === 'Script' && item.url.startsWith(options.origin));
        const built = scripts.map((s) => path.join(options.outDir, new URL(s.url).pathname));
        const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
        runs.push({
          page,
          firstLoadJsKb: kb(built.reduce((sum, f) => sum + (fs.existsSync(f) ? gzipSize(f) : 0), 0)),
          scriptTransferKb: kb(scripts.reduce((sum, s) => sum + (s.transferSize ?? 0), 0)),
          scripts: scripts.length,
          score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          fcpMs: metric('first-contentful-paint'),
          lcpMs: metric('largest-contentful-paint'),
          tbtMs: metric('total-blocking-time'),
          cls: metric('cumulative-layout-shift'),
          speedIndexMs: metric('speed-index'),
          benchmarkIndex: lhr.environment.benchmarkIndex,
        });
      }
      runs.sort((a, b) => a.score - b.score);
      return runs[Math.floor(runs.length / 2)]!;
    };
    // The sign-in page first: it runs with storage reset, so it must not hold the learner's session.
    return [await audit('/', false), await audit('/home', true)];
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}
