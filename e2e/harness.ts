import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { serverBundle } from '../scripts/build-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SCREENSHOT_DIR = path.join(root, 'e2e/screenshots');

export const VIEWPORTS = {
  phone: { width: 360, height: 740 },
  tablet: { width: 820, height: 1100 },
  desktop: { width: 1280, height: 860 },
} as const;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface Portal {
  url: string;
  dataDir: string;
  /** The server's (first) process. */
  readonly pid: number;
  /** What the server has written to stdout and stderr so far. */
  readonly output: string;
  /** Stops the server process (SIGTERM, or SIGKILL to simulate a crash); resolves with its exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  /** Starts the server again on the same port and database. */
  start(): Promise<void>;
}

/** Starts the real server (built web app + API) on a fresh SQLite database filled with the demo organisation. */
export async function startPortal(env: Record<string, string> = {}): Promise<Portal> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'));
  // A copy of the built web app, so a rebuild elsewhere cannot pull it away while the test runs.
  const webDir = path.join(dataDir, 'web');
  fs.cpSync(path.join(root, 'apps/web/dist'), webDir, { recursive: true });
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  let output = '';

  const start = async () => {
    child = spawn(process.execPath, ['--enable-source-maps', serverBundle], {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: `sqlite:${path.join(dataDir, 'portal.sqlite')}`,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        COURSES_DIR: path.join(dataDir, 'courses'),
        WEB_DIST_DIR: webDir,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`the portal exited early:\n${output}`);
      const ok = await fetch(`${url}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`the portal did not start within 60 s:\n${output}`);
  };

  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    const running = child;
    if (!running || running.exitCode !== null) return running?.exitCode ?? null;
    return new Promise<number | null>((resolve) => {
      running.once('exit', (code) => resolve(code));
      running.kill(signal);
    });
  };

  try {
    await start();
  } catch (error) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    url,
    dataDir,
    get pid() {
      return child!.pid!;
    },
    get output() {
      return output;
    },
    start,
    stop,
  };
}

export async function stopPortal(portal: Portal | undefined): Promise<void> {
  if (!portal) return;
  await portal.stop();
  fs.rmSync(portal.dataDir, { recursive: true, force: true });
}

/** Debian's Chromium, headless, as the developers' guide says. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
  });
}

export const chromiumAvailable = fs.existsSync(CHROMIUM);

export async function newPage(
  browser: Browser,
  portal: Portal,
  viewport: keyof typeof VIEWPORTS = 'desktop',
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: portal.url, viewport: VIEWPORTS[viewport], locale: 'lv-LV' });
  // Every step fails on its own after 30 s, so a stuck step names itself instead of timing the whole test out.
  context.setDefaultTimeout(30_000);
  context.setDefaultNavigationTimeout(30_000);
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error('page error:', error.message));
  return { context, page };
}

/** Sets the saved language before the app loads. */
export async function useLanguage(context: BrowserContext, language: 'lv' | 'lt' | 'ee' | 'en'): Promise<void> {
  await context.addInitScript((lang) => localStorage.setItem('prefLang', lang), language);
}

/** Signs in through the login form: store accounts by PIN (and password when asked), office accounts with password. */
export async function signIn(
  page: Page,
  login: string,
  options: { office?: boolean; password?: string } = {},
): Promise<void> {
  await page.goto('/');
  await page.locator(`input[name="account-type"][value="${options.office ? 'office' : 'store'}"]`).check();
  await page.locator('input[name="login"]').fill(login);
  const password = page.locator('input[name="password"]');
  if (!options.office) {
    await page.locator('button[type="submit"]').click();
    if (options.password !== undefined) await password.waitFor();
  }
  if (options.password !== undefined) {
    await password.fill(options.password);
    await page.locator('button[type="submit"]').click();
  }
  await page.waitForURL('**/home');
}

export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** Whether the element (one of the elements) the locator finds has the keyboard focus. */
export function hasFocus(locator: Locator): Promise<boolean> {
  return locator.evaluateAll((elements) => elements.some((element) => element === document.activeElement));
}
