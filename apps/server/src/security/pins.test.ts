import { adminRoutes } from '@portal/shared';
import ExcelJS from 'exceljs';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/test-env.js';
import { DEMO_PASSWORD } from '../seed/demo-org.js';

const { DOWNLOAD_PATH } = adminRoutes;

/*
 * Store PINs are credentials (issue 68): shown only to those who may give the person a new one, every view audited,
 * a new PIN on demand that ends the old one and the person's sessions; a regional manager learns no PIN at all.
 */
describeEachDatabase('store PINs', (env) => {
  const tokens: Record<'liga' | 'roberts' | 'inga' | 'tm', string> = { liga: '', roberts: '', inga: '', tm: '' };
  let annaId = 0;
  beforeAll(async () => {
    tokens.liga = await env().login('lo1234', DEMO_PASSWORD);
    tokens.roberts = await env().login('roberts.liepa', DEMO_PASSWORD);
    tokens.inga = await env().login('inga.vitola', DEMO_PASSWORD);
    tokens.tm = await env().login('training.manager', DEMO_PASSWORD);
    const anna = await env()
      .db.selectFrom('users')
      .select('id')
      .where('login', '=', 'ab1234')
      .executeTakeFirstOrThrow();
    annaId = anna.id;
  });
  const pinViews = () =>
    env()
      .db.selectFrom('audit_log')
      .select(['actor_id', 'subject_id', 'after_json'])
      .where('action', '=', 'pin.view')
      .orderBy('id')
      .execute();

  it('a regional manager learns no PIN from any answer, so cannot sign in as a learner', async () => {
    const { call } = env();
    const answers = [
      await call('get_all_pins', {}, tokens.roberts),
      await call('find_user', { search_string: 'Anna' }, tokens.roberts),
      await call('find_user_store', { search_string: 'Bērziņa' }, tokens.roberts),
      await call('get_user_data', { user_id: annaId }, tokens.roberts),
      await call('get_user_results', { country: 'lv', dep: ['lv-riga-01'] }, tokens.roberts),
      await call('get_user_results_by_stores', { country: 'lv', stores: ['lv-riga-01'] }, tokens.roberts),
    ];
    expect(answers.map((a) => a.status)).toEqual([403, 200, 200, 200, 200, 200]);
    // PIN-shaped words in the answers (a store admin's login is one, with a password beside it) sign no one in.
    const words = new Set(JSON.stringify(answers.map((a) => a.body)).match(/\b[a-z]{2}\d{4}\b/g) ?? []);
    for (const word of words) expect((await call('login', { login: word, pass: '' })).status, word).toBe(401);
    expect(words.has('ab1234')).toBe(false);
    expect((answers[3]!.body.result as { can: { reset_pin: boolean } }).can.reset_pin).toBe(false);
    // Nor does a search by PIN tell one digit at a time which PINs exist.
    for (const prefix of ['ab1', 'ab12', 'ab123', 'ab1234'])
      expect((await call('find_user', { search_string: prefix }, tokens.roberts)).body.result, prefix).toEqual([]);
    expect((await call('reset_pin', { user_id: annaId }, tokens.roberts)).status).toBe(403);
  });

  it('result grids never hold a PIN; exports only for those who may reset it, and audited', async () => {
    const grid = await env().call('get_user_results', { country: 'lv', dep: ['lv-riga-01'] }, tokens.liga);
    const users = (grid.body.result as { users: { login: string; typ: string; role: string }[] }).users;
    const learners = users.filter((u) => u.typ === 'store_user' && u.role !== 'admin');
    expect(learners.map((u) => u.login)).toEqual(learners.map(() => ''));
    expect(users.find((u) => u.role === 'admin')?.login).toBe('lo1234');

    const exported = async (token: string) => {
      const params = { exportAll: true, departments: ['lv-riga-01'], lang: 'en', filterType: 'store' };
      const query = new URLSearchParams({ r: 'get_users_results_excel', params: JSON.stringify(params) });
      const res = await env().app.inject({
        method: 'GET',
        url: `${DOWNLOAD_PATH}?${query}`,
        headers: { cookie: `portal_session=${token}` },
      });
      expect(res.statusCode).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0]!;
      return sheet.getRows(2, sheet.rowCount - 1)!.map((row) => String(row.getCell(3).value ?? ''));
    };
    expect(await exported(tokens.roberts)).not.toContain('ab1234');
    expect(await exported(tokens.liga)).toContain('ab1234');
  });

  it('shows a PIN to those who may reset it, and records every view', async () => {
    const { call } = env();
    const before = (await pinViews()).length;
    const pins = await call('get_all_pins', {}, tokens.liga);
    expect(pins.body.result).toContain('ab1234');
    expect(pins.body.result).not.toContain('lo1234');
    const details = await call('get_user_data', { user_id: annaId }, tokens.liga);
    expect(details.body.result).toMatchObject({ user: { login: 'ab1234' }, can: { reset_pin: true } });
    const found = await call('find_user', { search_string: 'ab1234' }, tokens.inga);
    expect((found.body.result as { login: string }[]).map((u) => u.login)).toEqual(['ab1234']);
    const views = (await pinViews()).slice(before);
    expect(views.map((v) => v.subject_id)).toEqual([null, String(annaId), null]);
    expect(JSON.parse(views[2]!.after_json!)).toEqual({ user_ids: [annaId] });
  });

  it('gives a person a new PIN: the old one stops working at once and their sessions end', async () => {
    const { call, db } = env();
    const session = await env().login('ab1234');
    const answer = await call('reset_pin', { user_id: annaId }, tokens.liga);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const pin = (answer.body.result as { login: string }).login;
    expect(pin).toMatch(/^ab\d{4}$/);
    expect(pin).not.toBe('ab1234');
    expect((await call('users', {}, session)).body.error).toBe('not active');
    expect((await call('login', { login: 'ab1234', pass: '' })).status).toBe(401);
    expect((await call('login', { login: pin, pass: '' })).status).toBe(200);
    const audit = await db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'user.reset_pin')
      .where('subject_id', '=', String(annaId))
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(audit)).not.toContain(pin);
    // Managers sign in with a password: they get no PIN.
    const liga = await db.selectFrom('users').select('id').where('login', '=', 'lo1234').executeTakeFirstOrThrow();
    const refused = await call('reset_pin', { user_id: liga.id }, tokens.tm);
    expect([refused.status, refused.body.error]).toEqual([400, 'invalid input']);
    // Restore the demo PIN for the tests that follow in this database.
    await db.updateTable('users').set({ login: 'ab1234' }).where('id', '=', annaId).execute();
  });
});
