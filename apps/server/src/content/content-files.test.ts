import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '@portal/shared';
import { buildPdfs } from '../../../../scripts/content-pdfs.js';
import { repoRoot } from '../config.js';
import { contentFiles } from '../http/content-files.js';
import { DEMO_BUNDLES, DEMO_LOGIN_LINKS, DEMO_NOTIFICATIONS } from '../seed/demo-content.js';
import { HELP_GUIDES, helpGuidePath } from '../domain/content-settings.js';
import { checkInternalLink, checkResourceFiles } from './check-resources.js';

/** A copy of the content folder that a test may break. */
function copyContent(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-content-'));
  fs.cpSync(path.join(repoRoot, 'content'), path.join(dir, 'content'), { recursive: true });
  return dir;
}

describe('resources content files', () => {
  it('every language file validates: all sections, real experts, working internal links', () => {
    expect(checkResourceFiles(repoRoot)).toEqual([]);
  });

  it('fails on a missing section', () => {
    const dir = copyContent();
    const file = path.join(dir, 'content/resources/lt.json');
    const data = JSON.parse(fs.readFileSync(file, 'utf8'));
    data.sections = data.sections.filter((s: { id: number }) => s.id !== 6);
    fs.writeFileSync(file, JSON.stringify(data));
    expect(checkResourceFiles(dir)).toEqual(['lt: missing section 6']);
    fs.rmSync(dir, { recursive: true });
  });

  it('fails on a missing language', () => {
    const dir = copyContent();
    fs.rmSync(path.join(dir, 'content/resources/ee.json'));
    expect(checkResourceFiles(dir)).toEqual(['ee: missing language file content/resources/ee.json']);
    fs.rmSync(dir, { recursive: true });
  });

  it('fails on a broken internal link, a missing PDF and a section that the language lacks', () => {
    const dir = copyContent();
    const file = path.join(dir, 'content/resources/en.json');
    const data = JSON.parse(fs.readFileSync(file, 'utf8'));
    data.sections[0].section_resources[0].links[0].url = '/courses/9';
    data.sections[0].section_resources[1].links[0].url = '/resources/6/1';
    fs.writeFileSync(file, JSON.stringify(data));
    fs.rmSync(path.join(dir, 'content/resources/pdf/lv/it-first-day.pdf'));
    const problems = checkResourceFiles(dir);
    expect(problems).toContain(
      'en: section 1: "My courses in the portal": broken link /courses/9: not a page of the portal',
    );
    expect(problems).toContain(
      'en: section 1: "Microsoft Learn": broken link /resources/6/1: resources section 6 does not exist in en',
    );
    expect(problems.some((p) => p.startsWith('lv: section 4') && p.includes('no such file'))).toBe(true);
    expect(problems).toHaveLength(3);
    fs.rmSync(dir, { recursive: true });
  });

  it('fails on markup outside the allow-list and on unsafe link schemes', () => {
    const dir = copyContent();
    const file = path.join(dir, 'content/resources/lv.json');
    const data = JSON.parse(fs.readFileSync(file, 'utf8'));
    data.sections[1].section_description = '<p>Hi<img src=x onerror=alert(1)></p>';
    fs.writeFileSync(file, JSON.stringify(data));
    const ltFile = path.join(dir, 'content/resources/lt.json');
    const lt = JSON.parse(fs.readFileSync(ltFile, 'utf8'));
    lt.sections[2].section_resources[0].links[0].url = 'javascript:alert(1)';
    fs.writeFileSync(ltFile, JSON.stringify(lt));
    const problems = checkResourceFiles(dir);
    expect(problems.some((p) => p.includes('tag <img> is not allowed'))).toBe(true);
    expect(problems.some((p) => p.includes('section 2') && p.includes('script in markup'))).toBe(true);
    expect(problems.some((p) => p.startsWith('lt: sections.2.section_resources.0.links.0.url'))).toBe(true);
    fs.rmSync(dir, { recursive: true });
  });
});

describe('content PDFs', () => {
  it('are built from their source text and up to date (run npx tsx scripts/content-pdfs.ts)', async () => {
    expect(await buildPdfs({ check: true })).toEqual([]);
  });

  it('notices a PDF whose source changed', async () => {
    const dir = copyContent();
    const source = path.join(dir, 'content/help/user-guide.en.md');
    fs.appendFileSync(source, '\nOne more line.\n');
    expect(await buildPdfs({ check: true, base: dir })).toEqual(['content/help/pdf/user-guide-en.pdf']);
    fs.rmSync(dir, { recursive: true });
  });

  it('exist for every guide and language, as PDF files', () => {
    for (const guide of HELP_GUIDES) {
      for (const language of LANGUAGES) {
        const url = helpGuidePath(guide, language);
        expect(checkInternalLink(repoRoot, url), url).toBeNull();
      }
    }
  });
});

describe('demo seed links', () => {
  it('point only at pages and files that exist, or at https sites', () => {
    const urls: string[] = [];
    for (const bundle of DEMO_BUNDLES) {
      for (const r of bundle.resources) {
        if (r.type === 'course') continue;
        for (const lang of ['lv', 'lt', 'ee']) urls.push(r.path.replaceAll('{lang}', lang));
      }
    }
    for (const link of DEMO_LOGIN_LINKS) {
      for (const lang of LANGUAGES)
        urls.push(typeof link.url === 'string' ? link.url.replaceAll('{lang}', lang) : link.url[lang]);
    }
    for (const n of DEMO_NOTIFICATIONS) if (typeof n.link === 'string') urls.push(n.link);
    for (const url of urls) {
      if (url === '{fireService}') continue;
      if (url.startsWith('/')) expect(checkInternalLink(repoRoot, url), url).toBeNull();
      else expect(url, url).toMatch(/^https:\/\//);
    }
  });
});

describe('content files route', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify({ logger: false });
    await app.register(contentFiles, { config: { repoRoot } });
    await app.ready();
  });
  afterAll(() => app.close());

  it('serves help guides, resource PDFs and login-page pages', async () => {
    const guide = await app.inject({ url: '/files/help/admin-guide-lt.pdf' });
    expect(guide.statusCode).toBe(200);
    expect(guide.headers['content-type']).toBe('application/pdf');
    expect(guide.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const pdf = await app.inject({ url: '/files/resources/pdf/ee/stress-first-aid.pdf' });
    expect(pdf.statusCode).toBe(200);
    const page = await app.inject({ url: '/files/scholar/first-day-lv.html' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Skolēnu vasaras darbs');
    expect((await app.inject({ url: '/files/pages.css' })).statusCode).toBe(200);
  });

  it('does not serve sources, listings or paths outside its folders', async () => {
    for (const url of [
      '/files/help/user-guide.lv.md',
      '/files/help/',
      '/files/resources/pdf/../lv.json',
      '/files/%2e%2e/resources/lv.json',
      '/files/..%2f..%2fpackage.json',
      '/files/resources/pdf/%2e%2e/%2e%2e/%2e%2e/package.json',
    ]) {
      const res = await app.inject({ url });
      expect([403, 404], url).toContain(res.statusCode);
      expect(res.body, url).not.toMatch(/"workspaces"|section_name/);
    }
  });
});
