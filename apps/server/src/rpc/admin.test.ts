import { adminRoutes, COURSE_STATUSES } from '@portal/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase, type TestEnv } from '../../test/test-env.js';

const { ADMIN_MESSAGES } = adminRoutes;
const PASS = 'demo-pass';

type Grid = adminRoutes.ResultGrid;
type Found = adminRoutes.FoundUser[];
type Details = adminRoutes.UserDetails;

async function idOf(env: TestEnv, login: string): Promise<number> {
  const row = await env.db.selectFrom('users').select('id').where('login', '=', login).executeTakeFirstOrThrow();
  return row.id;
}

async function auditRows(env: TestEnv, subjectId: number) {
  return env.db
    .selectFrom('audit_log')
    .selectAll()
    .where('subject_type', '=', 'user')
    .where('subject_id', '=', String(subjectId))
    .orderBy('id')
    .execute();
}

describeEachDatabase('admin: results, search and lists', (env) => {
  let liga: string;
  let roberts: string;
  let inga: string;
  let trainer: string;
  let anna: string;
  beforeAll(async () => {
    liga = await env().login('lo1234', PASS);
    roberts = await env().login('roberts.liepa', PASS);
    inga = await env().login('inga.vitola', PASS);
    trainer = await env().login('training.manager', PASS);
    anna = await env().login('ab1234');
  });

  it('get_user_results: not active, invalid input, forbidden, then a compact grid of the shared statuses', async () => {
    expect((await env().call('get_user_results', { country: 'lv', dep: ['lv-riga-01'] })).body.error).toBe(
      'not active',
    );
    const invalid = await env().call('get_user_results', { country: 'xx', dep: [] }, inga);
    expect(invalid.status).toBe(400);
    expect(invalid.body.error).toBe('invalid input');
    expect(Object.keys(invalid.body.fields ?? {})).toEqual(expect.arrayContaining(['country', 'dep']));
    expect((await env().call('get_user_results', { country: 'lv', dep: ['lv-riga-01'] }, anna)).status).toBe(403);
    expect((await env().call('get_user_results', { country: 'lt', dep: ['lt-vilnius-01'] }, inga)).status).toBe(403);

    const res = await env().call('get_user_results', { country: 'lv', dep: ['lv-riga-01', 'lv-riga-02'] }, inga);
    expect(res.status).toBe(200);
    const grid = res.body.result as Grid;
    expect(grid.total).toBe(27); // 12 + 12 learners, Anna, Kārlis and Līga
    expect(grid.users).toHaveLength(27);
    expect(grid.statuses).toHaveLength(27);
    expect(grid.statuses.every((row) => row.length === grid.courses.length)).toBe(true);
    expect(
      grid.statuses.flat().every((code) => Number.isInteger(code) && code >= 0 && code < COURSE_STATUSES.length),
    ).toBe(true);
    // Anna's fixed demo results, through the shared rule. Grids name people by id and name: PINs stay out of them.
    const annaId = await idOf(env(), 'ab1234');
    const annaRow = grid.users.findIndex((u) => u.id === annaId);
    expect(grid.users[annaRow]!.login).toBe('');
    const status = (alias: string) =>
      COURSE_STATUSES[grid.statuses[annaRow]![grid.courses.findIndex((c) => c.alias === alias)]!];
    expect(status('food-hygiene')).toBe('expires-soon');
    expect(status('data-protection')).toBe('expired');
    expect(status('cash-handling')).toBe('complete');
    expect(status('welcome')).toBe('incomplete');
    expect(grid.courses.find((c) => c.alias === 'welcome')?.name).toBe('Laipni lūgti komandā');
    expect(grid.summary?.map((s) => s.department_alias).sort()).toEqual(['lv-riga-01', 'lv-riga-02']);
    const riga1 = grid.summary!.find((s) => s.department_alias === 'lv-riga-01')!;
    expect(riga1.people).toBe(14);
    expect(riga1.complete + riga1.expires_soon + riga1.expired + riga1.incomplete).toBeGreaterThan(0);
  });

  it('pages 30 rows at a time and reports the total', async () => {
    const first = (
      await env().call(
        'get_user_results',
        { country: 'lv', dep: ['lv-riga-01', 'lv-riga-02', 'lv-office-hr'], limit: 10 },
        inga,
      )
    ).body.result as Grid;
    const second = (
      await env().call(
        'get_user_results',
        { country: 'lv', dep: ['lv-riga-01', 'lv-riga-02', 'lv-office-hr'], limit: 10, offset: 10 },
        inga,
      )
    ).body.result as Grid;
    expect(first.users).toHaveLength(10);
    expect(second.users).toHaveLength(10);
    expect(second.summary).toBeNull();
    // The first page's total comes with its summary, a later page's from a count of its own: they agree.
    const people = await env()
      .db.selectFrom('users')
      .innerJoin('departments', 'departments.id', 'users.department_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('departments.alias', 'in', ['lv-riga-01', 'lv-riga-02', 'lv-office-hr'])
      .executeTakeFirstOrThrow();
    expect(first.total).toBe(Number(people.n));
    expect(second.total).toBe(first.total);
    expect(new Set([...first.users, ...second.users].map((u) => u.id)).size).toBe(20);
    const defaults = (
      await env().call('get_user_results', { country: 'lv', dep: ['lv-riga-01', 'lv-riga-02', 'lv-office-hr'] }, inga)
    ).body.result as Grid;
    expect(defaults.limit).toBe(30);
    expect(defaults.users).toHaveLength(Math.min(30, defaults.total));
  });

  it('limits columns to chosen courses and rows to chosen people', async () => {
    const annaId = await idOf(env(), 'ab1234');
    const grid = (
      await env().call(
        'get_user_results',
        { country: 'lv', dep: 'lv-riga-01', courses: ['food-hygiene', 'welcome'], user_ids: [annaId] },
        liga,
      )
    ).body.result as Grid;
    expect(grid.courses.map((c) => c.alias).sort()).toEqual(['food-hygiene', 'welcome']);
    expect(grid.users.map((u) => u.id)).toEqual([annaId]);
  });

  it('scope: Līga sees only her store; another store is forbidden; a regional manager reads his country', async () => {
    const own = (await env().call('get_user_results_by_stores', { country: 'lv', stores: ['lv-riga-01'] }, liga)).body
      .result as Grid;
    expect(own.users.every((u) => u.department_alias === 'lv-riga-01')).toBe(true);
    const karlisId = await idOf(env(), 'kz1234');
    expect(own.users.some((u) => u.id === karlisId)).toBe(false);
    const other = await env().call('get_user_results_by_stores', { country: 'lv', stores: ['lv-riga-02'] }, liga);
    expect(other.status).toBe(403);
    expect(other.body.error).toBe('forbidden');
    const mixed = await env().call(
      'get_user_results_by_stores',
      { country: 'lv', stores: ['lv-riga-01', 'lv-riga-02'] },
      liga,
    );
    expect(mixed.status).toBe(403);
    const office = await env().call('get_user_results_by_stores', { country: 'lv', stores: ['lv-office-hr'] }, inga);
    expect(office.status).toBe(400);
    const unknown = await env().call('get_user_results_by_stores', { country: 'lv', stores: ['lv-nowhere'] }, inga);
    expect(unknown.status).toBe(404);
    const regman = (await env().call('get_user_results_by_stores', { country: 'lv', stores: ['lv-riga-02'] }, roberts))
      .body.result as Grid;
    expect(regman.users.some((u) => u.id === karlisId)).toBe(true);
    const all = (await env().call('get_user_results_by_stores', { country: 'ee', stores: ['ee-tartu-01'] }, trainer))
      .body.result as Grid;
    expect(all.total).toBe(12);
  });

  it('leaves people on long-term absence out of the chart but marks them in the grid', async () => {
    const before = (
      (await env().call('get_user_results_by_stores', { country: 'lv', stores: ['lv-riga-02'] }, inga)).body
        .result as Grid
    ).summary![0]!;
    const karlis = await idOf(env(), 'kz1234');
    const someone = await env()
      .db.selectFrom('users')
      .innerJoin('departments', 'departments.id', 'users.department_id')
      .select('users.id')
      .where('departments.alias', '=', 'lv-riga-02')
      .where('users.id', '!=', karlis)
      .orderBy('users.id')
      .executeTakeFirstOrThrow();
    expect((await env().call('update_user_data', { id: someone.id, long_term: true }, inga)).status).toBe(200);
    const after = (await env().call('get_user_results_by_stores', { country: 'lv', stores: ['lv-riga-02'] }, inga)).body
      .result as Grid;
    const summary = after.summary![0]!;
    expect(summary.long_term).toBe(before.long_term + 1);
    const counted = (s: adminRoutes.ResultSummary) => s.complete + s.expires_soon + s.expired + s.incomplete;
    expect(counted(summary)).toBeLessThan(counted(before));
    expect(after.users.find((u) => u.id === someone.id)?.long_term).toBe(true);
    await env().call('update_user_data', { id: someone.id, long_term: false }, inga);
    const back = (await env().call('get_user_results_by_stores', { country: 'lv', stores: ['lv-riga-02'] }, inga)).body
      .result as Grid;
    expect(counted(back.summary![0]!)).toBe(counted(before));
  });

  it('find_user by surname (any diacritics), name, PIN prefix and id, within scope', async () => {
    expect((await env().call('find_user', { search_string: 'berz' })).body.error).toBe('not active');
    const empty = await env().call('find_user', { search_string: '  ' }, liga);
    expect(empty.status).toBe(400);
    expect(empty.body.fields?.search_string).toBe(ADMIN_MESSAGES.fillField);
    expect((await env().call('find_user', { search_string: 'berz' }, anna)).status).toBe(403);

    const bySurname = (await env().call('find_user', { search_string: 'berz' }, liga)).body.result as Found;
    expect(bySurname.map((u) => u.login)).toContain('ab1234');
    const folded = (await env().call('find_user', { search_string: 'BĒRZIŅA' }, liga)).body.result as Found;
    expect(folded.map((u) => u.login)).toContain('ab1234');
    const byName = (await env().call('find_user', { search_string: 'Anna' }, liga)).body.result as Found;
    expect(byName.map((u) => u.login)).toContain('ab1234');
    const byPin = (await env().call('find_user', { search_string: 'ab12' }, liga)).body.result as Found;
    expect(byPin.map((u) => u.login)).toContain('ab1234');
    const annaId = await idOf(env(), 'ab1234');
    const byId = (await env().call('find_user', { search_string: String(annaId) }, liga)).body.result as Found;
    expect(byId.map((u) => u.id)).toContain(annaId);
    expect(byId[0]).toMatchObject({
      user_id: byId[0]!.id,
      alias: byId[0]!.department_alias,
      user_surname: byId[0]!.surname,
    });

    // Kārlis works in another store: Līga finds nothing, Inga finds him.
    const outside = await env().call('find_user', { search_string: 'Zariņš' }, liga);
    expect(outside.body.result).toEqual([]);
    expect(outside.body.message).toBe(ADMIN_MESSAGES.noUsers);
    expect(((await env().call('find_user', { search_string: 'kz1234' }, liga)).body.result as Found).length).toBe(0);
    expect(
      ((await env().call('find_user', { search_string: 'zarins' }, inga)).body.result as Found).map((u) => u.login),
    ).toContain('kz1234');
    // Another country is out of Inga's reach.
    expect(((await env().call('find_user', { search_string: 'Kazlauskas' }, inga)).body.result as Found).length).toBe(
      0,
    );
    expect(
      ((await env().call('find_user', { search_string: 'Kazlauskas' }, trainer)).body.result as Found).length,
    ).toBe(1);
    // LIKE wildcards are plain text.
    expect(((await env().call('find_user', { search_string: '%' }, trainer)).body.result as Found).length).toBe(0);
  });

  it('find_user_office and find_user_store keep to their kind of department', async () => {
    const office = (await env().call('find_user_office', { search_string: 'Kalniņš' }, inga)).body.result as Found;
    expect(office.map((u) => u.login)).toEqual(['peteris.kalnins']);
    const store = (await env().call('find_user_store', { search_string: 'Kalniņš' }, inga)).body.result as Found;
    expect(store.every((u) => u.department_alias.startsWith('lv-riga'))).toBe(true);
    expect((await env().call('find_user_store', { search_string: 'ab1234' }, inga)).body.result).toHaveLength(1);
    const none = await env().call('find_user_store', { search_string: 'peteris' }, inga);
    expect(none.body.message).toBe(ADMIN_MESSAGES.noUsers);
  });

  it('get_store_label, get_all_departments, get_stores, get_positions, get_store_types, get_all_pins', async () => {
    expect((await env().call('get_store_label', { storeAlias: 'lv-riga-01' })).body.error).toBe('not active');
    expect((await env().call('get_store_label', {}, liga)).status).toBe(400);
    expect((await env().call('get_store_label', { storeAlias: 'lv-riga-01' }, anna)).status).toBe(403);
    expect((await env().call('get_store_label', { storeAlias: 'lt-vilnius-01' }, liga)).status).toBe(403);
    expect((await env().call('get_store_label', { storeAlias: 'lv-riga-01' }, liga)).body.result).toBe(
      'Rīga, Brīvības iela',
    );
    expect((await env().call('get_store_label', { storeAlias: 'lv-office-hr' }, liga)).status).toBe(404);

    const departments = (await env().call('get_all_departments', {}, inga)).body.result as adminRoutes.Department[];
    expect(departments.every((d) => d.country === 'lv')).toBe(true);
    expect(departments.map((d) => d.alias)).toEqual(expect.arrayContaining(['lv-office-hr', 'lv-riga-01']));
    expect((await env().call('get_all_departments', { country: 'lt' }, inga)).status).toBe(403);
    expect(
      ((await env().call('get_all_departments', { country: 'lt' }, trainer)).body.result as adminRoutes.Department[])
        .length,
    ).toBe(4);
    expect((await env().call('get_all_departments', { country: 'xx' }, trainer)).status).toBe(400);

    const stores = (await env().call('get_stores', {}, liga)).body.result as adminRoutes.Department[];
    expect(stores.map((d) => d.alias).sort()).toEqual(['lv-riga-01', 'lv-riga-02']);
    const hypermarkets = (await env().call('get_stores', { store_type: 'hypermarket' }, trainer)).body
      .result as adminRoutes.Department[];
    expect(hypermarkets.map((d) => d.alias).sort()).toEqual(['ee-tallinn-01', 'lt-vilnius-01', 'lv-riga-01']);

    const positions = (await env().call('get_positions', {}, liga)).body.result as adminRoutes.Position[];
    expect(positions.find((p) => p.alias === 'cashier')).toMatchObject({ country: 'lv', label: 'Kasieris' });
    expect((await env().call('get_store_types', {}, roberts)).body.result).toHaveLength(3);
    expect((await env().call('get_store_types', {}, anna)).status).toBe(403);

    const pins = (await env().call('get_all_pins', {}, liga)).body.result as string[];
    expect(pins).toContain('ab1234');
    expect(pins).not.toContain('kz1234');
    // Līga's own login is no PIN: a store admin signs in with a password too.
    expect(pins).not.toContain('lo1234');
    expect(pins.length).toBe(13);
  });

  it('get_user_data: details in scope, forbidden outside, no_user_found for nobody', async () => {
    const annaId = await idOf(env(), 'ab1234');
    const karlisId = await idOf(env(), 'kz1234');
    expect((await env().call('get_user_data', { user_id: annaId })).body.error).toBe('not active');
    expect((await env().call('get_user_data', { user_id: 'x' }, liga)).status).toBe(400);
    expect((await env().call('get_user_data', { user_id: annaId }, anna)).status).toBe(403);
    const karlis = await env().call('get_user_data', { user_id: karlisId }, liga);
    expect(karlis.status).toBe(403);
    expect(JSON.stringify(karlis.body)).not.toContain('Zariņš');
    const nobody = await env().call('get_user_data', { user_id: 999_999 }, trainer);
    expect(nobody.status).toBe(404);
    expect(nobody.body.error).toBe('no_user_found');

    const details = (await env().call('get_user_data', { user_id: annaId }, liga)).body.result as Details;
    expect(details.user).toMatchObject({
      name: 'Anna',
      surname: 'Bērziņa',
      department_alias: 'lv-riga-01',
      position: 'cashier',
    });
    expect(details.courses.find((c) => c.alias === 'food-hygiene')).toMatchObject({
      assigned: 'position',
      status: 'expires-soon',
    });
    expect(details.completions.length).toBeGreaterThanOrEqual(4);
    expect(details.can).toEqual({
      edit: true,
      grant_admin: false,
      delete: true,
      additional_courses: true,
      reset_pin: true,
    });
    const asRegman = (await env().call('get_user_data', { user_id: annaId }, roberts)).body.result as Details;
    expect(asRegman.can).toEqual({
      edit: false,
      grant_admin: false,
      delete: false,
      additional_courses: false,
      reset_pin: false,
    });
    expect(JSON.stringify(details)).not.toMatch(/pass_hash|argon2/);
  });
});

describeEachDatabase('admin: managing people', (env) => {
  let liga: string;
  let roberts: string;
  let inga: string;
  let trainer: string;
  let anna: string;
  beforeAll(async () => {
    liga = await env().login('lo1234', PASS);
    roberts = await env().login('roberts.liepa', PASS);
    inga = await env().login('inga.vitola', PASS);
    trainer = await env().login('training.manager', PASS);
    anna = await env().login('ab1234');
  });

  const newcomer = {
    role: 'learner',
    name: 'Šarlote',
    surname: 'Ābele',
    country: 'lv',
    position: 'cashier',
    department_alias: 'lv-riga-01',
    type: 'store_user',
  };

  it("add_user: every field required with the spec's messages", async () => {
    expect((await env().call('add_user', newcomer)).body.error).toBe('not active');
    const empty = await env().call('add_user', { ...newcomer, name: '', position: '' }, liga);
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(ADMIN_MESSAGES.fillAll);
    expect(empty.body.fields).toEqual({ name: ADMIN_MESSAGES.fillField, position: ADMIN_MESSAGES.fillField });
    const nothing = await env().call('add_user', {}, liga);
    expect(nothing.body.message).toBe(ADMIN_MESSAGES.fillAll);
    expect(Object.keys(nothing.body.fields ?? {}).sort()).toEqual([
      'country',
      'department_alias',
      'name',
      'position',
      'role',
      'surname',
      'type',
    ]);
    const adminWithoutPassword = await env().call(
      'add_user',
      {
        ...newcomer,
        role: 'admin',
        type: 'ldap_user',
        login: 'x.y',
        department_alias: 'lv-office-hr',
        position: 'hr-manager',
      },
      inga,
    );
    expect(adminWithoutPassword.body.message).toBe(ADMIN_MESSAGES.fillAll);
    expect(adminWithoutPassword.body.fields).toEqual({ password: ADMIN_MESSAGES.fillField });
    const officeWithoutLogin = await env().call(
      'add_user',
      { ...newcomer, type: 'ldap_user', department_alias: 'lv-office-hr', position: 'hr-specialist' },
      inga,
    );
    expect(officeWithoutLogin.body.fields).toEqual({ login: ADMIN_MESSAGES.fillField });
  });

  it('add_user: a PIN from the spec rule (Š and Ā give a), User created!, audited', async () => {
    const res = await env().call('add_user', newcomer, liga);
    expect(res.status).toBe(200);
    const created = res.body.result as adminRoutes.CreatedUser;
    expect(created.message).toBe(ADMIN_MESSAGES.userCreated);
    expect(created.login).toMatch(/^aa\d{4}$/);
    expect(created.user).toMatchObject({
      name: 'Šarlote',
      surname: 'Ābele',
      department_alias: 'lv-riga-01',
      position: 'cashier',
      role: 'learner',
    });
    const zane = (await env().call('add_user', { ...newcomer, name: 'Zane', surname: 'Žagare' }, liga)).body
      .result as adminRoutes.CreatedUser;
    expect(zane.login).toMatch(/^za\d{4}$/);
    const plain = (await env().call('add_user', { ...newcomer, name: 'Olga', surname: 'Petrova' }, liga)).body
      .result as adminRoutes.CreatedUser;
    expect(plain.login).toMatch(/^op\d{4}$/);
    // The new person can sign in with the PIN alone and appears in searches.
    expect(await env().login(created.login)).toBeTruthy();
    expect(
      ((await env().call('find_user', { search_string: 'abele' }, liga)).body.result as Found).map((u) => u.login),
    ).toContain(created.login);
    const [entry] = await auditRows(env(), created.id);
    expect(entry).toMatchObject({ action: 'user.add', actor_id: await idOf(env(), 'lo1234') });
    expect(JSON.parse(entry!.after_json!)).toMatchObject({ login: created.login, department: 'lv-riga-01' });
  });

  it('add_user: PINs stay unique when many are added at once', async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        env().call('add_user', { ...newcomer, name: 'Ēriks', surname: `Ūdris${i}` }, inga),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(200));
    const logins = results.map((r) => (r.body.result as adminRoutes.CreatedUser).login);
    expect(new Set(logins).size).toBe(8);
    expect(logins.every((login) => /^aa\d{4}$/.test(login))).toBe(true);
  });

  it('add_user scope: Līga adds only learners to her own store; Roberts adds nobody; office logins are unique', async () => {
    expect((await env().call('add_user', { ...newcomer, department_alias: 'lv-riga-02' }, liga)).status).toBe(403);
    expect((await env().call('add_user', { ...newcomer, role: 'admin', password: 'long-enough-1' }, liga)).status).toBe(
      403,
    );
    expect((await env().call('add_user', newcomer, roberts)).status).toBe(403);
    expect((await env().call('add_user', newcomer, anna)).status).toBe(403);
    expect(
      (await env().call('add_user', { ...newcomer, country: 'lt', department_alias: 'lt-vilnius-01' }, inga)).status,
    ).toBe(403);
    expect((await env().call('add_user', { ...newcomer, department_alias: 'lt-vilnius-01' }, trainer)).status).toBe(
      400,
    );
    const office = {
      ...newcomer,
      type: 'ldap_user',
      login: 'new.hr',
      department_alias: 'lv-office-hr',
      position: 'hr-specialist',
    };
    expect((await env().call('add_user', office, inga)).status).toBe(200);
    const again = await env().call('add_user', office, inga);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('conflict');
    const manager = { ...office, login: 'new.manager', role: 'admin', password: 'a-good-password' };
    const created = (await env().call('add_user', manager, inga)).body.result as adminRoutes.CreatedUser;
    expect(created.user.role).toBe('admin');
    expect(await env().login('new.manager', 'a-good-password')).toBeTruthy();
    expect(
      (await env().call('add_user', { ...manager, login: 'dev.person', typ: undefined, type: 'dev' }, inga)).status,
    ).toBe(403);
  });

  it("update_user_data: the spec's warning for an empty position, store or manager password", async () => {
    const annaId = await idOf(env(), 'ab1234');
    expect((await env().call('update_user_data', { id: annaId, name: 'X' })).body.error).toBe('not active');
    expect((await env().call('update_user_data', { id: 'nope' }, liga)).status).toBe(400);
    for (const input of [
      { id: annaId, position: '' },
      { id: annaId, department_alias: '' },
      { id: annaId, department_alias: 'lv-riga-02' },
    ]) {
      const res = await env().call('update_user_data', input, inga);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(ADMIN_MESSAGES.notSpecified);
    }
    const grant = await env().call('update_user_data', { id: annaId, role: 'admin' }, inga);
    expect(grant.status).toBe(400);
    expect(grant.body.message).toBe(ADMIN_MESSAGES.notSpecified);
    expect(grant.body.fields).toEqual({ password: ADMIN_MESSAGES.fillField });
  });

  it('update_user_data scope: Līga edits her learners only and cannot grant rights; Roberts cannot edit', async () => {
    const annaId = await idOf(env(), 'ab1234');
    const karlisId = await idOf(env(), 'kz1234');
    const ingaId = await idOf(env(), 'inga.vitola');
    const kOut = await env().call('update_user_data', { id: karlisId, name: 'Hacked' }, liga);
    expect(kOut.status).toBe(403);
    expect(
      (await env().call('update_user_data', { id: annaId, role: 'admin', password: 'long-enough-1' }, liga)).status,
    ).toBe(403);
    expect((await env().call('update_user_data', { id: annaId, name: 'Anna' }, roberts)).status).toBe(403);
    expect((await env().call('update_user_data', { id: ingaId, name: 'X' }, liga)).status).toBe(403);
    const trainerId = await idOf(env(), 'training.manager');
    expect((await env().call('update_user_data', { id: trainerId, name: 'X' }, inga)).status).toBe(403);
    const karlis = await env()
      .db.selectFrom('users')
      .select(['name'])
      .where('id', '=', karlisId)
      .executeTakeFirstOrThrow();
    expect(karlis.name).toBe('Kārlis');

    const ok = await env().call('update_user_data', { id: annaId, name: 'Anna', surname: 'Bērziņa-Lapa' }, liga);
    expect(ok.status).toBe(200);
    expect((ok.body.result as adminRoutes.UpdatedUser).user.surname).toBe('Bērziņa-Lapa');
    expect(
      ((await env().call('find_user', { search_string: 'lapa' }, liga)).body.result as Found).map((u) => u.id),
    ).toContain(annaId);
    const rows = await auditRows(env(), annaId);
    const last = rows.at(-1)!;
    expect(last.action).toBe('user.update');
    expect(JSON.parse(last.before_json!).surname).toBe('Bērziņa');
    expect(JSON.parse(last.after_json!).surname).toBe('Bērziņa-Lapa');
    await env().call('update_user_data', { id: annaId, surname: 'Bērziņa' }, liga);
  });

  it('transfer: new store and position at once, history kept, new due items shown, audited', async () => {
    const add = (await env().call('add_user', { ...newcomer, name: 'Pauls', surname: 'Pārcelts' }, liga)).body
      .result as adminRoutes.CreatedUser;
    const id = add.id;
    await env().call(
      'set_course_complete_manual',
      {
        course_user_id: id,
        course_alias: 'cash-handling',
        complete: true,
        course_completion_time: new Date().toISOString(),
      },
      liga,
    );
    const before = (await env().call('get_user_data', { user_id: id }, liga)).body.result as Details;
    expect(before.courses.find((c) => c.alias === 'cash-handling')?.status).toBe('complete');

    const moved = await env().call(
      'update_user_data',
      { id, department_alias: 'lv-riga-02', position: 'warehouse-worker' },
      liga,
    );
    expect(moved.status).toBe(200);
    const result = moved.body.result as adminRoutes.UpdatedUser;
    expect(result.user).toMatchObject({ department_alias: 'lv-riga-02', position: 'warehouse-worker' });
    expect(result.due.map((d) => d.alias)).toEqual(
      expect.arrayContaining(['welcome', 'safe-work', 'food-hygiene', 'data-protection']),
    );
    expect(result.due.map((d) => d.alias)).not.toContain('cash-handling');
    // Līga no longer reaches the person; Inga sees the kept completion, no longer assigned.
    expect((await env().call('get_user_data', { user_id: id }, liga)).status).toBe(403);
    const after = (await env().call('get_user_data', { user_id: id }, inga)).body.result as Details;
    expect(after.courses.find((c) => c.alias === 'cash-handling')).toMatchObject({
      assigned: null,
      complete: true,
      status: 'not_assigned',
    });
    expect(after.completions.map((c) => c.course_alias)).toContain('cash-handling');
    const entry = (await auditRows(env(), id)).find((r) => r.action === 'user.transfer')!;
    expect(JSON.parse(entry.before_json!)).toMatchObject({ department: 'lv-riga-01', position: 'cashier' });
    expect(JSON.parse(entry.after_json!)).toMatchObject({ department: 'lv-riga-02', position: 'warehouse-worker' });
    // A store admin may not move people into an office or abroad.
    const other = (await env().call('add_user', { ...newcomer, name: 'Ieva', surname: 'Ola' }, liga)).body
      .result as adminRoutes.CreatedUser;
    expect(
      (
        await env().call(
          'update_user_data',
          { id: other.id, department_alias: 'lv-office-hr', position: 'hr-specialist' },
          liga,
        )
      ).status,
    ).toBe(403);
    expect(
      (
        await env().call(
          'update_user_data',
          { id: other.id, department_alias: 'lt-vilnius-01', position: 'cashier' },
          liga,
        )
      ).status,
    ).toBe(403);
  });

  it('granting and revoking admin rights: office admin only, with a password; sessions of the person end', async () => {
    const peteris = await idOf(env(), 'peteris.kalnins');
    const session = await env().login('peteris.kalnins', PASS);
    expect(
      (await env().call('update_user_data', { id: peteris, role: 'admin', password: 'new-manager-pass' }, liga)).status,
    ).toBe(403);
    const granted = await env().call(
      'update_user_data',
      { id: peteris, role: 'admin', password: 'new-manager-pass' },
      inga,
    );
    expect(granted.status).toBe(200);
    expect((await env().call('users', {}, session)).body.error).toBe('not active');
    const asAdmin = await env().login('peteris.kalnins', 'new-manager-pass');
    expect((await env().call('get_all_pins', {}, asAdmin)).status).toBe(200);
    expect((await env().call('update_user_data', { id: peteris, role: 'learner' }, inga)).status).toBe(200);
    expect((await env().call('get_all_pins', {}, asAdmin)).body.error).toBe('not active');
    expect(
      (
        await env().call(
          'update_user_data',
          { id: peteris, role: 'admin', typ: 'dev', password: 'x-long-password' },
          inga,
        )
      ).status,
    ).toBe(403);
    const short = await env().call('update_user_data', { id: peteris, role: 'admin', password: 'short' }, inga);
    expect(short.status).toBe(400);
    const entry = (await auditRows(env(), peteris)).filter((r) => r.action === 'user.rights');
    expect(entry.length).toBe(2);
    expect(entry.map((e) => JSON.parse(e.after_json!).role)).toEqual(['admin', 'learner']);
    expect(entry.every((e) => !e.after_json!.includes('argon2'))).toBe(true);
  });

  it('delete_user: employee history and manager profiles, scoped, with sessions ended at once', async () => {
    const karlisId = await idOf(env(), 'kz1234');
    expect((await env().call('delete_user', { id: karlisId })).body.error).toBe('not active');
    expect((await env().call('delete_user', { id: 0 }, inga)).status).toBe(400);
    expect((await env().call('delete_user', { id: karlisId }, liga)).status).toBe(403);
    expect((await env().call('delete_user', { id: karlisId }, roberts)).status).toBe(403);
    const ligaId = await idOf(env(), 'lo1234');
    expect((await env().call('delete_user', { id: ligaId }, liga)).status).toBe(409);

    const leaver = (await env().call('add_user', { ...newcomer, name: 'Lote', surname: 'Aizgājēja' }, liga)).body
      .result as adminRoutes.CreatedUser;
    await env().call(
      'set_course_complete_manual',
      { course_user_id: leaver.id, course_alias: 'welcome', complete: true },
      liga,
    );
    const deleted = await env().call('delete_user', { id: leaver.id }, liga);
    expect(deleted.status).toBe(200);
    expect(deleted.body.result).toEqual({ deleted: leaver.id });
    expect(
      await env().db.selectFrom('course_completions').select('id').where('user_id', '=', leaver.id).execute(),
    ).toEqual([]);
    const entry = (await auditRows(env(), leaver.id)).find((r) => r.action === 'user.delete')!;
    expect(JSON.parse(entry.before_json!)).toMatchObject({ login: leaver.login, course_completions: 1 });

    // A manager profile: Inga deletes a store admin, whose session ends at once.
    const manager = (
      await env().call(
        'add_user',
        {
          ...newcomer,
          name: 'Maija',
          surname: 'Vadone',
          role: 'admin',
          position: 'store-manager',
          password: 'store-admin-pass',
        },
        inga,
      )
    ).body.result as adminRoutes.CreatedUser;
    const managerSession = await env().login(manager.login, 'store-admin-pass');
    expect((await env().call('get_all_pins', {}, managerSession)).status).toBe(200);
    expect((await env().call('delete_user', { id: manager.id }, liga)).status).toBe(403);
    expect((await env().call('delete_user', { id: manager.id }, inga)).status).toBe(200);
    expect((await env().call('get_all_pins', {}, managerSession)).body.error).toBe('not active');
    expect((await auditRows(env(), manager.id)).map((r) => r.action)).toContain('user.delete_manager');
  });

  it('additional courses: save, add, remove; the learner sees the course; scoped and audited', async () => {
    const annaId = await idOf(env(), 'ab1234');
    const karlisId = await idOf(env(), 'kz1234');
    expect(
      (await env().call('add_additional_course', { save_user_id: annaId, add_course_alias: 'time-management' })).body
        .error,
    ).toBe('not active');
    expect((await env().call('add_additional_course', { save_user_id: annaId }, liga)).status).toBe(400);
    expect(
      (await env().call('add_additional_course', { save_user_id: karlisId, add_course_alias: 'time-management' }, liga))
        .status,
    ).toBe(403);
    expect(
      (
        await env().call(
          'add_additional_course',
          { save_user_id: annaId, add_course_alias: 'time-management' },
          roberts,
        )
      ).status,
    ).toBe(403);
    expect(
      (await env().call('add_additional_course', { save_user_id: annaId, add_course_alias: 'no-such-course' }, liga))
        .status,
    ).toBe(400);

    const added = await env().call(
      'add_additional_course',
      { save_user_id: annaId, add_course_alias: 'anti-discrimination' },
      liga,
    );
    expect(added.status).toBe(200);
    expect(added.body.result).toEqual({ courses: ['anti-discrimination'] });
    const details = (await env().call('get_user_data', { user_id: annaId }, liga)).body.result as Details;
    expect(details.additional_courses).toEqual(['anti-discrimination']);

    const saved = await env().call(
      'save_additional_courses',
      { saveUserId: annaId, courses: ['time-management', 'customer-service'] },
      liga,
    );
    expect(saved.body.result).toEqual({ courses: ['customer-service', 'time-management'] });
    const removed = await env().call(
      'remove_additional_course',
      { save_user_id: annaId, add_course_alias: 'customer-service' },
      liga,
    );
    expect(removed.body.result).toEqual({ courses: ['time-management'] });
    expect((await env().call('save_additional_courses', { saveUserId: karlisId, courses: [] }, liga)).status).toBe(403);
    const rows = (await auditRows(env(), annaId)).filter((r) => r.action === 'user.additional_courses');
    expect(rows.length).toBe(3);
    expect(JSON.parse(rows[1]!.before_json!)).toEqual({ courses: ['anti-discrimination'] });
    expect(JSON.parse(rows[1]!.after_json!)).toEqual({ courses: ['customer-service', 'time-management'] });
  });

  it('set_course_complete_manual: records a completion at a time, keeps history, refuses the future and other stores', async () => {
    const annaId = await idOf(env(), 'ab1234');
    const karlisId = await idOf(env(), 'kz1234');
    const input = {
      course_user_id: annaId,
      course_alias: 'welcome',
      complete: true,
      course_completion_time: '2025-01-15',
    };
    expect((await env().call('set_course_complete_manual', input)).body.error).toBe('not active');
    expect((await env().call('set_course_complete_manual', { ...input, course_alias: '' }, liga)).status).toBe(400);
    expect((await env().call('set_course_complete_manual', { ...input, course_user_id: karlisId }, liga)).status).toBe(
      403,
    );
    expect((await env().call('set_course_complete_manual', input, roberts)).status).toBe(403);
    const future = await env().call(
      'set_course_complete_manual',
      { ...input, course_completion_time: '2999-01-01' },
      liga,
    );
    expect(future.status).toBe(400);

    const res = await env().call('set_course_complete_manual', input, liga);
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({
      complete: true,
      finish_time: '2025-01-15T12:00:00.000Z',
      status: 'complete',
    });
    const details = (await env().call('get_user_data', { user_id: annaId }, liga)).body.result as Details;
    expect(details.completions.find((c) => c.course_alias === 'welcome')).toMatchObject({
      source: 'manual',
      recorded_by: 'Līga Ozola',
    });
    const withdrawn = await env().call('set_course_complete_manual', { ...input, complete: false }, liga);
    expect(withdrawn.body.result).toMatchObject({ complete: false, status: 'incomplete' });
    const history = (await env().call('get_user_data', { user_id: annaId }, liga)).body.result as Details;
    expect(history.completions.some((c) => c.course_alias === 'welcome')).toBe(true);
    const rows = (await auditRows(env(), annaId)).filter((r) => r.action.startsWith('course.'));
    expect(rows.map((r) => r.action)).toEqual(['course.complete_manual', 'course.incomplete_manual']);
  });
});

describe('admin routes are all declared', () => {
  it('lists every call of the issue', async () => {
    const { adminApi } = await import('./admin.js');
    expect(adminApi.map((r) => r.contract.name).sort()).toEqual(
      [
        'add_additional_course',
        'add_user',
        'delete_user',
        'find_user',
        'find_user_office',
        'find_user_store',
        'get_all_departments',
        'get_all_pins',
        'get_positions',
        'get_store_label',
        'get_store_types',
        'get_stores',
        'get_user_data',
        'get_user_results',
        'get_user_results_by_stores',
        'remove_additional_course',
        'reset_pin',
        'save_additional_courses',
        'set_course_complete_manual',
        'update_user_data',
      ].sort(),
    );
  });
});
