import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, repoRoot } from './config.js';

describe('SERVER_PROCESSES', () => {
  it('is one process unless set', () => {
    expect(loadConfig({}).SERVER_PROCESSES).toBe(1);
    expect(loadConfig({ SERVER_PROCESSES: '2' }).SERVER_PROCESSES).toBe(2);
  });

  it('refuses what is not a count of processes', () => {
    for (const value of ['0', '-1', '1.5', 'two', '65'])
      expect(() => loadConfig({ SERVER_PROCESSES: value }), value).toThrow(/SERVER_PROCESSES/);
  });

  it('refuses several processes on an in-memory database, which each would have on its own', () => {
    expect(() => loadConfig({ SERVER_PROCESSES: '2', DATABASE_URL: 'sqlite::memory:' })).toThrow(
      /must be 1 with an in-memory database/,
    );
    expect(loadConfig({ DATABASE_URL: 'sqlite::memory:' }).SERVER_PROCESSES).toBe(1);
  });
});

describe('the demo content settings', () => {
  it('give the demo an ABC link per language, home videos and the academy teaser while DEMO_SEED is on', () => {
    const demo = loadConfig({});
    expect([demo.ABC_LINK_LV, demo.ABC_LINK_LT, demo.ABC_LINK_EE, demo.ABC_LINK_EN]).toEqual(
      ['lv', 'lt', 'ee', 'en'].map((lang) => `https://abc.example.com/${lang}/`),
    );
    expect(demo.HOME_VIDEOS_STORE).toEqual([
      { title: 'Welcome to the store team', url: '/files/videos/store-welcome.webm' },
    ]);
    expect(demo.HOME_VIDEOS_OFFICE).toHaveLength(1);
    expect(demo.CMA_TEASER_VIDEO_URL).toBe('/files/videos/cma-teaser.webm');
    // Small WebM files shipped with the portal, served from content/files.
    for (const { url } of [
      ...demo.HOME_VIDEOS_STORE,
      ...demo.HOME_VIDEOS_OFFICE,
      { url: demo.CMA_TEASER_VIDEO_URL! },
    ]) {
      const file = path.join(repoRoot, 'content', url);
      expect(fs.readFileSync(file).subarray(0, 4).toString('hex'), url).toBe('1a45dfa3');
    }
  });

  it("yield to the deployment's own settings, and are absent with DEMO_SEED off", () => {
    expect(loadConfig({ ABC_LINK_LV: 'https://abc.lv/' }).ABC_LINK_LV).toBe('https://abc.lv/');
    expect(loadConfig({ HOME_VIDEOS_STORE: '[]' }).HOME_VIDEOS_STORE).toEqual([]);
    const real = loadConfig({ DEMO_SEED: 'false' });
    expect([real.ABC_LINK_LV, real.CMA_TEASER_VIDEO_URL, real.HOME_VIDEOS_STORE]).toEqual([undefined, undefined, []]);
  });
});
