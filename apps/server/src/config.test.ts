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

describe('TRUST_PROXY', () => {
  it('trusts no proxy unless set, then a hop count or a list of proxy addresses and ranges', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,fd00::/8' }).TRUST_PROXY).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      'fd00::/8',
    ]);
  });

  it('refuses trusting every hop, and entries that are not addresses or ranges', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/lets clients choose their own address/);
    for (const value of ['proxy.example', '10.0.0.0/33', '10.0.0.1/8/8', '300.1.1.1', '10.0.0.1,'])
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY|not an IP address/);
  });
});

describe('the demo organisation', () => {
  it('fills an empty database by default only in the embedded demo (SQLite, not production)', () => {
    expect(loadConfig({})).toMatchObject({ DEMO_SEED: true, DEMO_PASSWORD: 'demo-pass' });
    expect(loadConfig({ NODE_ENV: 'production' })).toMatchObject({ DEMO_SEED: false, DEMO_PASSWORD: null });
    expect(loadConfig({ DATABASE_URL: 'postgres://db/portal' })).toMatchObject({ DEMO_SEED: false });
    expect(loadConfig({ DEMO_SEED: 'false' }).DEMO_SEED).toBe(false);
  });

  it('needs a password of its own, never the published one, where it is asked for outside the embedded demo', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DEMO_SEED: 'true' })).toThrow(/DEMO_PASSWORD.*required/s);
    for (const DEMO_PASSWORD of ['demo-pass', 'short'])
      expect(() => loadConfig({ DATABASE_URL: 'postgresql://db/p', DEMO_SEED: 'true', DEMO_PASSWORD })).toThrow(
        /not the published demo-pass/,
      );
    expect(
      loadConfig({ NODE_ENV: 'production', DEMO_SEED: 'true', DEMO_PASSWORD: 'a-deployment-secret' }),
    ).toMatchObject({ DEMO_SEED: true, DEMO_PASSWORD: 'a-deployment-secret' });
  });

  it('refuses a headers timeout longer than the request timeout', () => {
    expect(() => loadConfig({ REQUEST_TIMEOUT_SECONDS: '10', HEADERS_TIMEOUT_SECONDS: '20' })).toThrow(
      /must not exceed REQUEST_TIMEOUT_SECONDS/,
    );
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
