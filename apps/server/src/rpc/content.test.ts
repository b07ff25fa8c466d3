import type { contentRoutes } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/test-env.js';
import { countBundles } from '../db/content.js';
import { nextBundleStep } from '../domain/bundle-progress.js';
import { z } from 'zod';
import {
  contentSettingsOf,
  contentSettingsShape,
  helpGuideFor,
  portalSettingsFor,
  videoSectionFor,
} from '../domain/content-settings.js';

type CmaBundle = contentRoutes.CmaBundle;
type InstructionBundle = contentRoutes.InstructionBundle;
type Notification = contentRoutes.Notification;

describe('bundle progress rule', () => {
  it('moves one way only: unseen → seen → complete', () => {
    expect(nextBundleStep({ seen: false, complete: false }, 'seen')).toBe('advance');
    expect(nextBundleStep({ seen: false, complete: false }, 'complete')).toBe('refuse');
    expect(nextBundleStep({ seen: true, complete: false }, 'complete')).toBe('advance');
    expect(nextBundleStep({ seen: true, complete: false }, 'seen')).toBe('unchanged');
    expect(nextBundleStep({ seen: true, complete: true }, 'seen')).toBe('unchanged');
    expect(nextBundleStep({ seen: true, complete: true }, 'complete')).toBe('unchanged');
  });
});

describe('content settings rules', () => {
  it('picks the video section and help guide by user kind', () => {
    expect(videoSectionFor({ typ: 'store_user' })).toBe('store');
    expect(videoSectionFor({ typ: 'dev' })).toBe('store');
    expect(videoSectionFor({ typ: 'ldap_user' })).toBe('office');
    expect(videoSectionFor({ typ: 'other' })).toBe('placeholder');
    expect(helpGuideFor({ role: 'learner', typ: 'store_user' })).toBe('user');
    expect(helpGuideFor({ role: 'admin', typ: 'store_user' })).toBe('admin');
    expect(helpGuideFor({ role: 'admin', typ: 'ldap_user' })).toBeNull();
    expect(helpGuideFor({ role: 'learner', typ: 'ldap_user' })).toBeNull();
  });

  it('reads its settings from the environment when spread into the config schema', () => {
    const schema = z.object({ PORT: z.coerce.number().default(8080), ...contentSettingsShape });
    const config = schema.parse({
      ABC_LINK_LT: 'https://abc.example.lt/',
      HOME_VIDEOS_OFFICE: '[{"title":"Welcome","url":"https://video.example/welcome.mp4"}]',
    });
    expect(contentSettingsOf(config)).toMatchObject({
      ABC_LINK_LT: 'https://abc.example.lt/',
      HOME_VIDEOS_OFFICE: [{ title: 'Welcome', url: 'https://video.example/welcome.mp4' }],
      HOME_VIDEOS_STORE: [],
    });
    expect(schema.safeParse({ ABC_LINK_LV: 'javascript:alert(1)' }).success).toBe(false);
    expect(schema.safeParse({ ABC_LINK_LV: '/relative' }).success).toBe(false);
    expect(schema.safeParse({ HOME_VIDEOS_STORE: 'not json' }).success).toBe(false);
    expect(contentSettingsOf({ PORT: 1 })).toMatchObject({ HOME_VIDEOS_STORE: [], ABC_LINK_LV: undefined });
  });

  it('gives the ABC link of the language and the videos of the section', () => {
    const settings = {
      ABC_LINK_LV: 'https://abc.example.lv/',
      ABC_LINK_LT: undefined,
      ABC_LINK_EE: undefined,
      ABC_LINK_EN: 'https://abc.example.com/',
      HOME_VIDEOS_STORE: [{ title: 'Store', url: 'https://video.example/store.mp4' }],
      HOME_VIDEOS_OFFICE: [{ title: 'Office', url: '/files/videos/office.mp4' }],
      CMA_TEASER_VIDEO_URL: undefined,
    };
    const bundles = { cma: 0, instructions: 0 };
    const store = portalSettingsFor({ role: 'learner', typ: 'store_user' }, 'lv', settings, bundles);
    expect(store.abc_link).toBe('https://abc.example.lv/');
    expect(store.videos).toEqual(settings.HOME_VIDEOS_STORE);
    expect(store.help_guide).toBe('/files/help/user-guide-lv.pdf');
    const office = portalSettingsFor({ role: 'learner', typ: 'ldap_user' }, 'lt', settings, bundles);
    expect(office.abc_link).toBeNull();
    expect(office.videos).toEqual(settings.HOME_VIDEOS_OFFICE);
    expect(office.help_guide).toBeNull();
    const other = portalSettingsFor({ role: 'learner', typ: 'other' }, 'en', settings, bundles);
    expect(other.video_section).toBe('placeholder');
    expect(other.videos).toEqual([]);
  });
});

describeEachDatabase('content calls', (env) => {
  const cma = async (token: string) => (await env().call('cma_resources', {}, token)).body.result as CmaBundle[];
  const instructions = async (token: string) =>
    (await env().call('get_instructions', {}, token)).body.result as InstructionBundle[];

  it('answers not active without a session', async () => {
    for (const route of ['cma_resources', 'get_instructions', 'notifications', 'portal_settings']) {
      const res = await env().call(route, {});
      expect(res.status, route).toBe(401);
      expect(res.body.error).toBe('not active');
    }
    const write = await env().call('set_cma_seen', { bundleId: 1 });
    expect(write.body.error).toBe('not active');
  });

  it('answers invalid input with the failing field', async () => {
    const token = await env().login('kz1234');
    const bad = await env().call('set_cma_seen', { bundleId: 'abc' }, token);
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toHaveProperty('bundleId');
    const back = await env().call('set_cma_bundle_complete', { bundleId: 1, complete: false }, token);
    expect(back.status).toBe(400);
    expect(back.body.fields?.complete).toMatch(/only moves forward/);
    const listed = await env().call('set_instruction_seen', { bundleId: [1] }, token);
    expect(listed.status).toBe(400);
    expect(listed.body.fields).toHaveProperty('bundleId');
    const alias = await env().call('set_notification_readed', { notification_alias: '../etc' }, token);
    expect(alias.status).toBe(400);
    expect(alias.body.fields).toHaveProperty('notification_alias');
    const lang = await env().call('login_links', { language: 'de' });
    expect(lang.status).toBe(400);
  });

  it('lists the CMA bundles of the position, coming_soon last, with resources of every type', async () => {
    const token = await env().login('kz1234');
    const list = await cma(token);
    expect(list).toHaveLength(3);
    expect(list.at(-1)!.completion_type).toBe('coming_soon');
    expect(list[0]!.category_name).toBe('Kategoriju vadības pamati');
    expect(list.every((b) => !b.seen && !b.complete)).toBe(true);
    expect(new Set(list.flatMap((b) => b.resources.map((r) => r.resource_type)))).toEqual(
      new Set(['external', 'internal', 'course']),
    );
    // Anna is a cashier: no CMA bundles, but the store instructions.
    const anna = await env().login('ab1234');
    expect(await cma(anna)).toEqual([]);
    const own = await instructions(anna);
    expect(own).toHaveLength(2);
    expect(own[0]!.mandatory).toBe(true);
    expect(own[0]!.resources[0]!.button_string).toBe('Atvērt PDF');
  });

  it("gives the bundles' texts in the language the person reads, with the same bundles and progress", async () => {
    const token = await env().login('kz1234');
    const own = await cma(token);
    await env().call('set_cma_seen', { bundleId: own[1]!.bundleId }, token);
    const read = async (userLang: string) =>
      (await env().call('cma_resources', { userLang }, token)).body.result as CmaBundle[];
    const [latvian, english, estonian] = [await read('lv'), await read('en'), await read('ee')];
    expect(english[0]!.category_name).toBe('Category management basics');
    expect(english[0]!.resources.map((r) => r.title)).toContain('Course: excellent customer service');
    expect(estonian[0]!.category_name).toBe('Kategooriajuhtimise alused');
    expect(latvian[0]!.category_name).toBe('Kategoriju vadības pamati');
    const shape = (list: CmaBundle[]) =>
      list.map((b) => [b.bundleId, b.seen, b.complete, b.resources.map((r) => [r.resource_id, r.resource_path])]);
    expect(shape(english)).toEqual(shape(latvian));
    expect(english[1]!.seen).toBe(true);

    const anna = await env().login('ab1234');
    const steps = (await env().call('get_instructions', { userLang: 'en' }, anna)).body.result as InstructionBundle[];
    expect(steps[0]!.category_name).toBe('Closing the cash desk at the end of the day');
    expect(steps[0]!.resources[0]!.button_string).toBe('Open the PDF');
    expect((await env().call('cma_resources', { userLang: 'de' }, token)).status).toBe(400);
  });

  it('refuses bundles that are not assigned to the caller (forbidden) or do not exist (not found)', async () => {
    const anna = await env().login('ab1234');
    const kz = await env().login('kz1234');
    const lvBundle = (await cma(kz))[0]!.bundleId;
    const cashierTry = await env().call('set_cma_seen', { bundleId: lvBundle }, anna);
    expect(cashierTry.status).toBe(403);
    expect(cashierTry.body.error).toBe('forbidden');

    const jonas = await env().login('jk1234');
    const ltBundle = (await cma(jonas))[0]!.bundleId;
    expect(ltBundle).not.toBe(lvBundle);
    const crossCountry = await env().call('set_cma_bundle_complete', { bundleId: ltBundle }, kz);
    expect(crossCountry.status).toBe(403);

    const missing = await env().call('set_instruction_seen', { bundleId: 999_999 }, anna);
    expect(missing.status).toBe(404);
    // A CMA bundle id is not an instruction bundle.
    const wrongKind = await env().call('set_instruction_seen', { bundleId: lvBundle }, kz);
    expect(wrongKind.status).toBe(404);
  });

  it('moves a CMA bundle unseen → seen → complete, never back, and only for the caller', async () => {
    const kz = await env().login('kz1234');
    const liga = await env().login('lo1234', 'demo-pass');
    const bundle = (await cma(kz))[0]!;

    const early = await env().call('set_cma_bundle_complete', { bundleId: bundle.bundleId }, kz);
    expect(early.status).toBe(409);
    expect(early.body.error).toBe('conflict');

    const seen = await env().call('set_cma_seen', { bundleId: bundle.bundleId, seen: 1 }, kz);
    expect(seen.status).toBe(200);
    expect(seen.body.result).toEqual({ bundleId: bundle.bundleId, seen: true, complete: false });
    expect((await cma(kz)).find((b) => b.bundleId === bundle.bundleId)).toMatchObject({ seen: true, complete: false });

    const done = await env().call('set_cma_bundle_complete', { bundleId: bundle.bundleId }, kz);
    expect(done.body.result).toEqual({ bundleId: bundle.bundleId, seen: true, complete: true });

    const again = await env().call('set_cma_seen', { bundleId: bundle.bundleId }, kz);
    expect(again.status).toBe(200);
    expect(again.body.result).toEqual({ bundleId: bundle.bundleId, seen: true, complete: true });
    expect((await cma(kz)).find((b) => b.bundleId === bundle.bundleId)).toMatchObject({ seen: true, complete: true });

    // Līga has the same bundle (store manager, Latvia); Kārlis's progress is not hers.
    const hers = (await cma(liga)).find((b) => b.bundleId === bundle.bundleId)!;
    expect(hers).toMatchObject({ seen: false, complete: false });

    const rows = await env()
      .db.selectFrom('bundle_progress')
      .selectAll()
      .where('bundle_id', '=', bundle.bundleId)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.completed_at).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('refuses progress on a coming_soon bundle', async () => {
    const kz = await env().login('kz1234');
    const soon = (await cma(kz)).find((b) => b.completion_type === 'coming_soon')!;
    const res = await env().call('set_cma_seen', { bundleId: soon.bundleId }, kz);
    expect(res.status).toBe(409);
  });

  it('moves an instruction bundle to seen when opened and to complete on confirm-read', async () => {
    const mari = await env().login('mt1234');
    const [first] = await instructions(mari);
    expect(first!.category_name).toBe('Kassa sulgemine päeva lõpus');
    expect((await env().call('set_instruction_seen', { bundleId: first!.bundleId }, mari)).body.result).toMatchObject({
      seen: true,
    });
    const done = await env().call(
      'set_instruction_bundle_complete',
      { bundleId: first!.bundleId, complete: true },
      mari,
    );
    expect(done.body.result).toMatchObject({ seen: true, complete: true });
    expect((await instructions(mari))[0]).toMatchObject({ seen: true, complete: true });
  });

  it('lists notifications of the language and hides none until read; a read is per user', async () => {
    const anna = await env().login('ab1234');
    const list = (await env().call('notifications', {}, anna)).body.result as Notification[];
    expect(list.map((n) => n.alias)).toEqual(['welcome-portal', 'fire-safety-week', 'digital-skills']);
    expect(list.every((n) => n.language === 'lv' && n.status === 'initial')).toBe(true);
    const external = list.find((n) => n.external === 1)!;
    expect(external.link).toMatch(/^https:\/\//);

    expect((await env().call('set_notification_readed', { notification_alias: 'fire-safety-week' }, anna)).status).toBe(
      200,
    );
    // Reading twice is harmless.
    expect((await env().call('set_notification_readed', { notification_alias: 'fire-safety-week' }, anna)).status).toBe(
      200,
    );
    const after = (await env().call('notifications', {}, anna)).body.result as Notification[];
    expect(after.find((n) => n.alias === 'fire-safety-week')!.status).toBe('seen');
    expect(after.filter((n) => n.status === 'initial')).toHaveLength(2);
    // The English version of the same notification is read too.
    const english = (await env().call('notifications', { language: 'en' }, anna)).body.result as Notification[];
    expect(english.find((n) => n.alias === 'fire-safety-week')!.status).toBe('seen');

    const kz = await env().login('kz1234');
    const his = (await env().call('notifications', {}, kz)).body.result as Notification[];
    expect(his.every((n) => n.status === 'initial')).toBe(true);

    const unknown = await env().call('set_notification_readed', { notification_alias: 'no-such-thing' }, anna);
    expect(unknown.status).toBe(404);
  });

  it('serves the login page lists per language without a session', async () => {
    const res = await env().call('login_links', { language: 'ee' });
    expect(res.status).toBe(200);
    const lists = res.body.result as contentRoutes.LoginLinks;
    expect(lists.linkLang).toBe('ee');
    expect(lists.links.length).toBeGreaterThan(0);
    expect(lists.linkSurveys.some((s) => s.surveyIsAnon && s.boldBorder)).toBe(true);
    expect(lists.linkSurveys.every((s) => s.surveyLang === 'ee')).toBe(true);
    expect(lists.linkCourses.map((c) => c.courseUrl)).toContain('/files/scholar/first-day-ee.html');
    const all = [...lists.links.map((l) => l.linkUrl), ...lists.linkSurveys.map((s) => s.surveyUrl)];
    expect(all.every((u) => /^(https:\/\/|\/[^/])/.test(u))).toBe(true);
  });

  it('gives the browser its settings: help guide, video section and bundle counts', async () => {
    const anna = await env().login('ab1234');
    const mine = (await env().call('portal_settings', {}, anna)).body.result as contentRoutes.PortalSettings;
    expect(mine).toMatchObject({
      video_section: 'store',
      help_guide: '/files/help/user-guide-lv.pdf',
      bundles: { cma: 0, instructions: 2 },
      // The demo organisation's settings (seed/demo-settings.ts).
      abc_link: 'https://abc.example.com/lv/',
    });
    const liga = await env().login('lo1234', 'demo-pass');
    const hers = (await env().call('portal_settings', { language: 'en' }, liga)).body
      .result as contentRoutes.PortalSettings;
    expect(hers).toMatchObject({ help_guide: '/files/help/admin-guide-en.pdf', bundles: { cma: 3, instructions: 2 } });
    const inga = await env().login('inga.vitola', 'demo-pass');
    const office = (await env().call('portal_settings', {}, inga)).body.result as contentRoutes.PortalSettings;
    expect(office).toMatchObject({ video_section: 'office', help_guide: null, bundles: { cma: 0, instructions: 0 } });
  });

  it('counts bundles of a position for the menu', async () => {
    const person = (login: string) =>
      env().db.selectFrom('users').select(['id', 'position_id']).where('login', '=', login).executeTakeFirstOrThrow();
    expect(await countBundles(env().db, await person('kz1234'))).toEqual({ cma: 3, instructions: 2 });
    expect(await countBundles(env().db, await person('peteris.kalnins'))).toEqual({ cma: 0, instructions: 0 });
  });
});
