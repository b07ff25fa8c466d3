import { adminRoutes } from '@portal/shared';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/test-env.js';
import { neutralize } from './xlsx.js';

const PASS = 'demo-pass';
const { DOWNLOAD_PATH, ADMIN_MESSAGES } = adminRoutes;

describe('neutralize', () => {
  it('prefixes text that a spreadsheet would run as a formula', () => {
    for (const text of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx']) expect(neutralize(text)).toBe(`'${text}`);
    expect(neutralize('Anna')).toBe('Anna');
    expect(neutralize('a=b')).toBe('a=b');
  });
});

describeEachDatabase('admin exports', (env) => {
  let app: FastifyInstance;
  let liga: string;
  let roberts: string;
  let inga: string;
  let anna: string;

  beforeAll(async () => {
    app = env().app;
    liga = await env().login('lo1234', PASS);
    roberts = await env().login('roberts.liepa', PASS);
    inga = await env().login('inga.vitola', PASS);
    anna = await env().login('ab1234');
  });

  const download = async (route: string, query: Record<string, string | string[]>, token?: string) => {
    const search = new URLSearchParams({ r: route });
    for (const [key, value] of Object.entries(query)) {
      if (Array.isArray(value)) for (const v of value) search.append(`${key}[]`, v);
      else search.append(key, value);
    }
    return app.inject({
      method: 'GET',
      url: `${DOWNLOAD_PATH}?${search}`,
      headers: token ? { cookie: `portal_session=${token}` } : {},
    });
  };
  const results = (params: Record<string, unknown>, token?: string) =>
    download('get_users_results_excel', { params: JSON.stringify(params) }, token);
  const open = async (payload: Buffer) => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(payload as unknown as ArrayBuffer);
    return workbook;
  };
  const headerOf = (sheet: ExcelJS.Worksheet) => (sheet.getRow(1).values as unknown[]).slice(1);

  it('answers not active, not found, forbidden and invalid input as the API does', async () => {
    const params = { exportAll: true, departments: ['lv-riga-01'], lang: 'en' };
    expect((await results(params)).json().error).toBe('not active');
    expect((await download('get_nothing', {}, inga)).statusCode).toBe(404);
    expect((await results(params, anna)).statusCode).toBe(403);
    const bad = await download('get_users_results_excel', { params: '{not json' }, inga);
    expect(bad.statusCode).toBe(400);
    expect((await results({ ...params, lang: 'xx' }, inga)).json().fields).toHaveProperty('lang');
  });

  it("warns 'No courses selected' and exports nothing without courses", async () => {
    const res = await results({ exportAll: false, departments: ['lv-riga-01'], courses: [], lang: 'en' }, inga);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(ADMIN_MESSAGES.noCourses);
    expect(res.headers['content-type']).toMatch(/json/);
  });

  it('writes a real workbook: frozen bold header, auto-filter, statuses in the language, dates as dates', async () => {
    const res = await results(
      {
        exportAll: false,
        departments: ['lv-riga-01'],
        courses: ['food-hygiene', 'data-protection', 'welcome'],
        lang: 'en',
        filterType: 'store',
      },
      inga,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="results-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    const workbook = await open(res.rawPayload);
    const sheet = workbook.getWorksheet('Results')!;
    expect(headerOf(sheet)).toEqual([
      'Name',
      'Surname',
      'PIN / login',
      'Store / department',
      'Position',
      'Long-term absence',
      'Welcome to the team',
      'Welcome to the team: completed',
      'Food hygiene',
      'Food hygiene: completed',
      'Personal data protection',
      'Personal data protection: completed',
    ]);
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toBeTruthy();
    expect(sheet.getColumn(4).width).toBeGreaterThanOrEqual(20);
    expect(sheet.rowCount).toBe(1 + 14);

    const annaRow = sheet.getRows(2, sheet.rowCount - 1)!.find((row) => row.getCell(3).value === 'ab1234')!;
    expect(annaRow.getCell(1).value).toBe('Anna');
    expect(annaRow.getCell(7).value).toBe('Incomplete');
    expect(annaRow.getCell(9).value).toBe('Expires soon');
    expect(annaRow.getCell(11).value).toBe('Expired');
    expect(annaRow.getCell(10).type).toBe(ExcelJS.ValueType.Date);
    expect(annaRow.getCell(10).numFmt).toBe('yyyy-mm-dd');
    const finish = await env()
      .db.selectFrom('course_results')
      .innerJoin('users', 'users.id', 'course_results.user_id')
      .select('course_results.finish_time')
      .where('users.login', '=', 'ab1234')
      .where('course_results.course_alias', '=', 'food-hygiene')
      .executeTakeFirstOrThrow();
    expect((annaRow.getCell(10).value as Date).toISOString()).toBe(finish.finish_time);
    expect(annaRow.getCell(8).value).toBeNull();
  });

  it('writes statuses in Latvian when asked', async () => {
    const res = await results(
      { exportAll: false, departments: ['lv-riga-01'], courses: ['food-hygiene'], lang: 'lv' },
      inga,
    );
    const sheet = (await open(res.rawPayload)).getWorksheet('Rezultāti')!;
    expect(headerOf(sheet).slice(0, 2)).toEqual(['Vārds', 'Uzvārds']);
    const annaRow = sheet.getRows(2, sheet.rowCount - 1)!.find((row) => row.getCell(3).value === 'ab1234')!;
    expect(annaRow.getCell(7).value).toBe('Drīz beigsies termiņš');
  });

  it('exports a name that looks like a formula as text', async () => {
    const added = await env().call(
      'add_user',
      {
        role: 'learner',
        name: '=HYPERLINK("http://x","y")',
        surname: '-Minus',
        country: 'lv',
        position: 'cashier',
        department_alias: 'lv-riga-01',
        type: 'store_user',
      },
      liga,
    );
    expect(added.status).toBe(200);
    const login = (added.body.result as adminRoutes.CreatedUser).login;
    const res = await results({ exportAll: true, departments: ['lv-riga-01'], lang: 'en' }, liga);
    const sheet = (await open(res.rawPayload)).getWorksheet('Results')!;
    const row = sheet.getRows(2, sheet.rowCount - 1)!.find((r) => r.getCell(3).value === login)!;
    expect(row.getCell(1).type).toBe(ExcelJS.ValueType.String);
    expect(row.getCell(1).value).toBe('\'=HYPERLINK("http://x","y")');
    expect(row.getCell(1).formula).toBeUndefined();
    expect(row.getCell(2).value).toBe("'-Minus");
  });

  it('scope: Līga exports only her store; another store is forbidden; Roberts may export his country', async () => {
    const other = await results({ exportAll: true, departments: ['lv-riga-02'], lang: 'en' }, liga);
    expect(other.statusCode).toBe(403);
    const everything = await results({ exportAll: true, departments: [], lang: 'en', filterType: 'store' }, liga);
    expect(everything.statusCode).toBe(200);
    const sheet = (await open(everything.rawPayload)).getWorksheet('Results')!;
    const stores = new Set(sheet.getRows(2, sheet.rowCount - 1)!.map((r) => r.getCell(4).value));
    expect([...stores]).toEqual(['Rīga, Brīvības iela']);
    expect((await results({ exportAll: true, departments: ['lv-riga-02'], lang: 'en' }, roberts)).statusCode).toBe(200);
    expect((await results({ exportAll: true, departments: ['lt-vilnius-01'], lang: 'en' }, roberts)).statusCode).toBe(
      403,
    );
  });

  it('get_user_data_excel: one person in scope, with courses and history', async () => {
    const annaId = (
      await env().db.selectFrom('users').select('id').where('login', '=', 'ab1234').executeTakeFirstOrThrow()
    ).id;
    const karlisId = (
      await env().db.selectFrom('users').select('id').where('login', '=', 'kz1234').executeTakeFirstOrThrow()
    ).id;
    expect((await download('get_user_data_excel', { u: String(karlisId), lang: 'en' }, liga)).statusCode).toBe(403);
    expect((await download('get_user_data_excel', { u: '999999', lang: 'en' }, inga)).json().error).toBe(
      'no_user_found',
    );
    const res = await download('get_user_data_excel', { u: String(annaId), lang: 'en' }, liga);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('user-ab1234-');
    const workbook = await open(res.rawPayload);
    const courses = workbook.getWorksheet('Courses')!;
    expect(headerOf(courses)).toEqual([
      'Name',
      'Surname',
      'PIN / login',
      'Course',
      'Type',
      'Assigned',
      'Status',
      'Completed on',
      'Valid until',
    ]);
    const hygiene = courses.getRows(2, courses.rowCount - 1)!.find((r) => r.getCell(4).value === 'Food hygiene')!;
    expect(hygiene.getCell(5).value).toBe('Mandatory');
    expect(hygiene.getCell(6).value).toBe('By position');
    expect(hygiene.getCell(7).value).toBe('Expires soon');
    expect(hygiene.getCell(9).type).toBe(ExcelJS.ValueType.Date);
    const history = workbook.getWorksheet('Completions')!;
    expect(history.rowCount).toBeGreaterThanOrEqual(1 + 4);
    expect(history.getRow(2).getCell(2).type).toBe(ExcelJS.ValueType.Date);
  });

  it('CMA and instruction exports: bundle states per person, scoped to the store', async () => {
    const db = env().db;
    const cashier = (
      await db
        .selectFrom('positions')
        .select('id')
        .where('alias', '=', 'cashier')
        .where('country', '=', 'lv')
        .executeTakeFirstOrThrow()
    ).id;
    const makeBundle = async (kind: 'cma' | 'instruction', name: string) => {
      const row = await db
        .insertInto('bundles')
        .values({
          kind,
          country: 'lv',
          category_id: 900,
          category_name: name,
          description: '',
          completion_type: 'normal',
          mandatory: 1,
          sort_order: 1,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db.insertInto('bundle_positions').values({ bundle_id: row.id, position_id: cashier }).execute();
      return row.id;
    };
    await makeBundle('cma', 'Export test CMA');
    const instruction = await makeBundle('instruction', 'Export test instruction');
    const annaId = (await db.selectFrom('users').select('id').where('login', '=', 'ab1234').executeTakeFirstOrThrow())
      .id;
    await db
      .insertInto('bundle_progress')
      .values({
        user_id: annaId,
        bundle_id: instruction,
        seen: 1,
        complete: 1,
        seen_at: '2025-03-01T10:00:00.000Z',
        completed_at: '2025-03-02T10:00:00.000Z',
      })
      .execute();

    expect(
      (await download('get_cma_results_excel', { exportAll: 'false', selectedStore: 'lv-riga-02', lang: 'en' }, liga))
        .statusCode,
    ).toBe(403);
    expect((await download('get_cma_results_excel', { exportAll: 'false', lang: 'en' }, liga)).statusCode).toBe(400);

    const cmaRes = await download('get_cma_results_excel', { exportAll: 'true', lang: 'en' }, liga);
    expect(cmaRes.statusCode).toBe(200);
    const cmaSheet = (await open(cmaRes.rawPayload)).getWorksheet('CMA')!;
    const cmaHeader = headerOf(cmaSheet);
    const cmaColumn = cmaHeader.indexOf('Export test CMA') + 1;
    expect(cmaColumn).toBeGreaterThan(0);
    const rows = cmaSheet.getRows(2, cmaSheet.rowCount - 1)!;
    expect(new Set(rows.map((r) => r.getCell(4).value))).toEqual(new Set(['Rīga, Brīvības iela']));
    expect(rows.find((r) => r.getCell(3).value === 'ab1234')!.getCell(cmaColumn).value).toBe('Not seen');

    const instRes = await download('get_instructions_results_excel', { selectedStore: 'lv-riga-01', lang: 'en' }, inga);
    const instSheet = (await open(instRes.rawPayload)).getWorksheet('Instructions')!;
    const column = headerOf(instSheet).indexOf('Export test instruction') + 1;
    const annaRow = instSheet.getRows(2, instSheet.rowCount - 1)!.find((r) => r.getCell(3).value === 'ab1234')!;
    expect(annaRow.getCell(column).value).toBe('Complete');
    expect((annaRow.getCell(column + 1).value as Date).toISOString()).toBe('2025-03-02T10:00:00.000Z');
  });

  it('answers the JSON error, not a broken file, when the rows cannot be read before the first byte', async () => {
    const db = env().db;
    await sql`alter table course_results rename to course_results_away`.execute(db);
    try {
      const res = await results(
        { exportAll: false, departments: ['lv-riga-01'], courses: ['welcome'], lang: 'en' },
        inga,
      );
      expect(res.statusCode).toBe(500);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['content-disposition']).toBeUndefined();
      expect(res.json().error).toBe('internal');
    } finally {
      await sql`alter table course_results_away rename to course_results`.execute(db);
    }
  });

  it('records each export in the audit log', async () => {
    const rows = await env()
      .db.selectFrom('audit_log')
      .select(['action'])
      .where('subject_type', '=', 'export')
      .execute();
    expect(new Set(rows.map((r) => r.action))).toEqual(
      new Set(['export.users_results', 'export.user_data', 'export.cma_results', 'export.instruction_results']),
    );
  });
});
