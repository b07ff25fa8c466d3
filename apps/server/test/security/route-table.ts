import type { Capability } from '../../src/domain/policy.js';
import { catalogueChanged } from '../../src/db/catalogue.js';
import type { Db } from '../../src/db/connect.js';
import { send } from './http.js';
import { nextSerial, type Fixture, type PersonaInfo } from './personas.js';

/*
 * What the permission matrix, the hostile-input fuzz and the audit test cannot read from the route registry:
 * per route, the capability architecture.md expects, a valid input for a caller the capability allows, and
 * inputs that name subjects outside the caller's scope. Every route of `apiRoutes` needs an entry here: the
 * matrix fails naming any route that has none. Add yours beside your route when you add it.
 */

export type Input = Record<string, unknown>;

export interface CaseContext {
  fx: Fixture;
  db: Db;
  /** The caller (for anonymous cells: Anna's facts, since the input is never looked at). */
  me: PersonaInfo;
}

export interface RouteCase {
  /** The capability architecture.md's table gives this call. */
  capability: Capability;
  /** A valid input for `me`; may prepare the data it needs (a free goal slot, a person to delete). */
  sample(ctx: CaseContext): Promise<Input> | Input;
  /**
   * Inputs `me` must be refused (`forbidden`, `not found` or `no_user_found`) with nothing changed: subjects
   * outside their scope (another store's user, another country's department, another user's goal, task,
   * bundle or course), or rights beyond theirs.
   */
  refused?(ctx: CaseContext): Promise<Input[]> | Input[];
  /** Call with a session of its own (sign-out would end the persona's session). */
  freshSession?: boolean;
  /** For administrative writes: what the audit row must hold. Default: before and after both recorded. */
  audit?: { before: boolean; after: boolean };
}

/* ---------- helpers over the test database ---------- */

const isManager = (me: PersonaInfo) => me.kind !== 'learner';

async function myGoals(ctx: CaseContext, userId = ctx.me.id) {
  return ctx.db.selectFrom('goals').select(['id', 'slot']).where('user_id', '=', userId).orderBy('slot').execute();
}

async function myGoal(ctx: CaseContext, userId = ctx.me.id): Promise<number> {
  const [goal] = await myGoals(ctx, userId);
  if (!goal) throw new Error(`user ${userId} has no goal`);
  return goal.id;
}

async function myTask(ctx: CaseContext, userId = ctx.me.id): Promise<number> {
  const task = await ctx.db
    .selectFrom('tasks')
    .innerJoin('goals', 'goals.id', 'tasks.goal_id')
    .select('tasks.id')
    .where('goals.user_id', '=', userId)
    .orderBy('tasks.id')
    .executeTakeFirstOrThrow();
  return task.id;
}

/** Someone whose goals are not the caller's: Kārlis, or Anna for Kārlis himself. */
const victim = (ctx: CaseContext) => (ctx.me.key === 'karlis' ? ctx.fx.personas.anna.id : ctx.fx.personas.karlis.id);

async function bundleOf(ctx: CaseContext, kind: 'cma' | 'instruction', country: string): Promise<number> {
  const row = await ctx.db
    .selectFrom('bundles')
    .select('id')
    .where('kind', '=', kind)
    .where('country', '=', country)
    .where('completion_type', '=', 'confirm')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const otherCountry = (country: string) => (country === 'lv' ? 'ee' : 'lv');

async function markSeen(ctx: CaseContext, bundleId: number) {
  const existing = await ctx.db
    .selectFrom('bundle_progress')
    .select('seen')
    .where('user_id', '=', ctx.me.id)
    .where('bundle_id', '=', bundleId)
    .executeTakeFirst();
  if (existing) return;
  await ctx.db
    .insertInto('bundle_progress')
    .values({
      user_id: ctx.me.id,
      bundle_id: bundleId,
      seen: 1,
      complete: 0,
      seen_at: new Date().toISOString(),
      completed_at: null,
    })
    .execute();
}

/** A learner the caller reaches (a new one each time, so that edits and deletions never collide). */
const inScopeLearner = (ctx: CaseContext) => ctx.fx.buildLearner(ctx.fx.reach[ctx.me.key].store);

async function foreignUserIds(ctx: CaseContext): Promise<number[]> {
  return Promise.all(ctx.fx.reach[ctx.me.key].foreignLogins.map((login) => ctx.fx.userId(login)));
}

const scopeCountry = (ctx: CaseContext) => ctx.fx.reach[ctx.me.key].store.slice(0, 2);

/** A course alias that exists but is neither in the caller's list nor linked from their bundles, if there is one. */
async function courseNotMine(ctx: CaseContext): Promise<string[]> {
  const mine = new Set<string>();
  for (const route of ['courses', 'linked_courses']) {
    const answer = await send(ctx.fx.env.app, route, {}, { token: ctx.me.token });
    if (answer.status !== 200) return [];
    for (const course of answer.body.result as { alias: string }[]) mine.add(course.alias);
  }
  const all = await ctx.db.selectFrom('courses').select('alias').distinct().execute();
  const other = all.map((c) => c.alias).find((alias) => !mine.has(alias));
  return other ? [other] : [];
}

async function courseRow(db: Db, alias: string, language: string) {
  return db
    .selectFrom('courses')
    .select(['id', 'alias', 'language'])
    .where('alias', '=', alias)
    .where('language', '=', language)
    .executeTakeFirstOrThrow();
}

async function positionId(db: Db, alias: string, country: string) {
  return (
    await db
      .selectFrom('positions')
      .select('id')
      .where('alias', '=', alias)
      .where('country', '=', country)
      .executeTakeFirstOrThrow()
  ).id;
}

/** The training manager's position changes use a position no persona holds, so no one's own lists change. */
const SPARE_POSITION = 'category-manager';

/* ---------- the table ---------- */

export const ROUTE_TABLE: Record<string, RouteCase> = {
  /* auth */
  check_type: { capability: 'public', sample: () => ({ login: 'ab1234' }) },
  login: { capability: 'public', sample: () => ({ login: 'mt1234', pass: '' }) },
  users: { capability: 'own', sample: () => ({}) },
  logout: { capability: 'own', sample: () => ({}), freshSession: true },
  set_language: { capability: 'own', sample: ({ me }) => ({ language: me.language }) },

  /* goals */
  goals: { capability: 'own', sample: () => ({}) },
  goal_tasks: {
    capability: 'own',
    sample: async (ctx) => ({ goalId: await myGoal(ctx) }),
    refused: async (ctx) => [{ goalId: await myGoal(ctx, victim(ctx)) }],
  },
  add_goal: {
    capability: 'own',
    async sample(ctx) {
      const goals = await myGoals(ctx);
      const last = goals.find((g) => g.slot === 2);
      if (last) {
        await ctx.db.deleteFrom('tasks').where('goal_id', '=', last.id).execute();
        await ctx.db.deleteFrom('goals').where('id', '=', last.id).execute();
      }
      return { name: 'Learn the new till', description: 'With a colleague', quarter: 2 };
    },
  },
  add_task: {
    capability: 'own',
    async sample(ctx) {
      const goalId = await myGoal(ctx);
      await ctx.db.deleteFrom('tasks').where('goal_id', '=', goalId).where('slot', '=', 3).execute();
      return { goal_id: goalId, name: 'Task 3', description: 'Take the course' };
    },
    refused: async (ctx) => [{ goal_id: await myGoal(ctx, victim(ctx)), name: 'Task 3' }],
  },
  set_goal_name: {
    capability: 'own',
    sample: async (ctx) => ({ goal_id: await myGoal(ctx), goal_name: 'Serve customers better' }),
    refused: async (ctx) => [{ goal_id: await myGoal(ctx, victim(ctx)), goal_name: 'Hijacked' }],
  },
  set_goal_quarter: {
    capability: 'own',
    sample: async (ctx) => ({ goal_id: await myGoal(ctx), quarter_id: 3 }),
    refused: async (ctx) => [{ goal_id: await myGoal(ctx, victim(ctx)), quarter_id: 4 }],
  },
  set_task_percentage: {
    capability: 'own',
    sample: async (ctx) => ({ task_id: await myTask(ctx), task_percentage: 50 }),
    refused: async (ctx) => [{ task_id: await myTask(ctx, victim(ctx)), task_percentage: 100 }],
  },
  set_task_description: {
    capability: 'own',
    sample: async (ctx) => ({ task_id: await myTask(ctx), task_description: 'Read the guide' }),
    refused: async (ctx) => [{ task_id: await myTask(ctx, victim(ctx)), task_description: 'Hijacked' }],
  },
  set_goals_intro_seen: { capability: 'own', sample: () => ({}) },

  /* courses */
  courses: {
    capability: 'own',
    sample: async (ctx) => (isManager(ctx.me) ? { userId: [await inScopeLearner(ctx)] } : {}),
    refused: async (ctx) => (await foreignUserIds(ctx)).map((id) => ({ userId: [id] })),
  },
  course_progress: { capability: 'own', sample: () => ({}) },
  course_catalogue: {
    capability: 'own',
    sample: async (ctx) => ({
      v: '0123456789abcdef',
      ids: [(await ctx.db.selectFrom('courses').select('id').executeTakeFirstOrThrow()).id],
    }),
  },
  linked_courses: { capability: 'own', sample: () => ({}) },
  set_course_complete: {
    capability: 'own',
    // A completion comes from a launched attempt: the caller opens the course first.
    async sample(ctx) {
      await send(ctx.fx.env.app, 'launch_course', { course_alias: 'welcome' }, { token: ctx.me.token });
      return { course_alias: 'welcome', complete: true };
    },
    refused: async (ctx) => (await courseNotMine(ctx)).map((alias) => ({ course_alias: alias, complete: true })),
  },
  get_course_state: {
    capability: 'own',
    sample: () => ({ course_alias: 'welcome' }),
    refused: async (ctx) => (await courseNotMine(ctx)).map((alias) => ({ course_alias: alias })),
  },
  launch_course: {
    capability: 'own',
    sample: () => ({ course_alias: 'welcome' }),
    refused: async (ctx) => (await courseNotMine(ctx)).map((alias) => ({ course_alias: alias })),
  },
  get_course_attempts: {
    capability: 'view_results',
    sample: async (ctx) => ({ user_id: await inScopeLearner(ctx), course_alias: 'welcome' }),
    refused: async (ctx) => (await foreignUserIds(ctx)).map((id) => ({ user_id: id, course_alias: 'welcome' })),
  },
  get_course_parts: {
    capability: 'view_results',
    sample: async (ctx) => ({ user_id: await inScopeLearner(ctx), course_alias: 'welcome' }),
    refused: async (ctx) => (await foreignUserIds(ctx)).map((id) => ({ user_id: id, course_alias: 'welcome' })),
  },
  get_course_log: {
    capability: 'view_results',
    sample: async (ctx) => ({ user_id: await inScopeLearner(ctx), course_alias: 'welcome' }),
    refused: async (ctx) => (await foreignUserIds(ctx)).map((id) => ({ user_id: id, course_alias: 'welcome' })),
  },

  /* content */
  cma_resources: { capability: 'own', sample: () => ({}) },
  get_instructions: { capability: 'own', sample: () => ({}) },
  set_cma_seen: {
    capability: 'own',
    sample: async (ctx) => ({ bundleId: await bundleOf(ctx, 'cma', ctx.me.country), seen: true }),
    refused: async (ctx) => [{ bundleId: await bundleOf(ctx, 'cma', otherCountry(ctx.me.country)), seen: true }],
  },
  set_cma_bundle_complete: {
    capability: 'own',
    async sample(ctx) {
      const bundleId = await bundleOf(ctx, 'cma', ctx.me.country);
      await markSeen(ctx, bundleId);
      return { bundleId, complete: true };
    },
    refused: async (ctx) => [{ bundleId: await bundleOf(ctx, 'cma', otherCountry(ctx.me.country)), complete: true }],
  },
  set_instruction_seen: {
    capability: 'own',
    sample: async (ctx) => ({ bundleId: await bundleOf(ctx, 'instruction', ctx.me.country), seen: 1 }),
    refused: async (ctx) => [{ bundleId: await bundleOf(ctx, 'instruction', otherCountry(ctx.me.country)) }],
  },
  set_instruction_bundle_complete: {
    capability: 'own',
    async sample(ctx) {
      const bundleId = await bundleOf(ctx, 'instruction', ctx.me.country);
      await markSeen(ctx, bundleId);
      return { bundleId, complete: 'true' };
    },
    refused: async (ctx) => [
      { bundleId: await bundleOf(ctx, 'instruction', otherCountry(ctx.me.country)), complete: true },
    ],
  },
  notifications: { capability: 'own', sample: () => ({}) },
  set_notification_readed: {
    capability: 'own',
    async sample(ctx) {
      const row = await ctx.db
        .selectFrom('notifications')
        .select('alias')
        .where('language', '=', ctx.me.language)
        .where('status', '=', 'active')
        .orderBy('id')
        .executeTakeFirstOrThrow();
      return { notification_alias: row.alias };
    },
  },
  login_links: { capability: 'public', sample: () => ({ language: 'lt' }) },
  portal_settings: { capability: 'own', sample: () => ({}) },

  /* home */
  home_counts: { capability: 'own', sample: () => ({}) },

  /* system */
  ping: { capability: 'own', sample: () => ({}) },

  /* admin: finding people and results */
  get_user_results: {
    capability: 'view_results',
    sample: (ctx) => ({ country: scopeCountry(ctx), dep: [ctx.fx.reach[ctx.me.key].store] }),
    refused: (ctx) => ctx.fx.reach[ctx.me.key].foreignStores.map((s) => ({ country: s.country, dep: [s.alias] })),
  },
  get_user_results_by_stores: {
    capability: 'view_results',
    sample: (ctx) => ({ country: scopeCountry(ctx), stores: [ctx.fx.reach[ctx.me.key].store], limit: 5 }),
    refused: (ctx) => ctx.fx.reach[ctx.me.key].foreignStores.map((s) => ({ country: s.country, stores: [s.alias] })),
  },
  find_user: { capability: 'view_results', sample: () => ({ search_string: 'a' }) },
  find_user_office: { capability: 'view_results', sample: () => ({ search_string: 'in' }) },
  find_user_store: { capability: 'view_results', sample: () => ({ search_string: 'ab' }) },
  get_store_label: {
    capability: 'view_results',
    sample: (ctx) => ({ storeAlias: ctx.fx.reach[ctx.me.key].store }),
    refused: (ctx) =>
      ctx.fx.reach[ctx.me.key].foreignStores
        .filter((s) => s.country !== scopeCountry(ctx))
        .map((s) => ({ storeAlias: s.alias })),
  },
  get_user_data: {
    capability: 'view_results',
    sample: async (ctx) => ({ user_id: await inScopeLearner(ctx) }),
    refused: async (ctx) => (await foreignUserIds(ctx)).map((id) => ({ user_id: id })),
  },
  get_all_pins: { capability: 'manage_users', sample: () => ({}) },
  get_all_departments: {
    capability: 'view_results',
    sample: () => ({}),
    refused: (ctx) => ctx.fx.reach[ctx.me.key].foreignCountries.map((country) => ({ country })),
  },
  get_stores: {
    capability: 'view_results',
    sample: () => ({}),
    refused: (ctx) => ctx.fx.reach[ctx.me.key].foreignCountries.map((country) => ({ country })),
  },
  get_positions: {
    capability: 'view_results',
    sample: () => ({}),
    refused: (ctx) => ctx.fx.reach[ctx.me.key].foreignCountries.map((country) => ({ country })),
  },
  get_store_types: { capability: 'view_results', sample: () => ({}) },

  /* admin: managing people */
  add_user: {
    capability: 'manage_users',
    audit: { before: false, after: true },
    sample: (ctx) => ({
      role: 'learner',
      name: 'Ieva',
      surname: `Jauna${nextSerial()}`,
      country: scopeCountry(ctx),
      position: 'cashier',
      department_alias: ctx.fx.reach[ctx.me.key].store,
      type: 'store_user',
    }),
    refused: (ctx) => [
      ...ctx.fx.reach[ctx.me.key].foreignStores.map((s) => ({
        role: 'learner',
        name: 'Ieva',
        surname: 'Sveša',
        country: s.country,
        position: 'cashier',
        department_alias: s.alias,
        type: 'store_user',
      })),
      // Rights beyond the caller's: only those who may grant admin rights may create an admin.
      ...(['store_admin'].includes(ctx.me.kind)
        ? [
            {
              role: 'admin',
              name: 'Ieva',
              surname: 'Vadītāja',
              country: scopeCountry(ctx),
              position: 'store-manager',
              department_alias: ctx.fx.reach[ctx.me.key].store,
              type: 'store_user',
              password: 'long-enough-password',
            },
          ]
        : []),
    ],
  },
  update_user_data: {
    capability: 'manage_users',
    sample: async (ctx) => ({ id: await inScopeLearner(ctx), long_term: true, name: 'Renamed' }),
    async refused(ctx) {
      const out: Input[] = (await foreignUserIds(ctx)).map((id) => ({ id, long_term: true }));
      if (ctx.me.kind === 'store_admin') {
        // A store admin may not grant admin rights, even to a learner of her own store.
        out.push({ id: await inScopeLearner(ctx), role: 'admin', password: 'long-enough-password' });
      }
      return out;
    },
  },
  reset_pin: {
    capability: 'manage_users',
    sample: async (ctx) => ({ user_id: await inScopeLearner(ctx) }),
    refused: async (ctx) => (await foreignUserIds(ctx)).map((id) => ({ user_id: id })),
  },
  delete_user: {
    capability: 'delete_users',
    audit: { before: true, after: false },
    sample: async (ctx) => ({ id: await inScopeLearner(ctx) }),
    refused: async (ctx) => (await foreignUserIds(ctx)).map((id) => ({ id })),
  },
  save_additional_courses: {
    capability: 'additional_courses',
    sample: async (ctx) => ({ saveUserId: await inScopeLearner(ctx), courses: ['customer-service'] }),
    refused: async (ctx) => (await foreignUserIds(ctx)).map((id) => ({ saveUserId: id, courses: ['welcome'] })),
  },
  add_additional_course: {
    capability: 'additional_courses',
    sample: async (ctx) => ({ save_user_id: await inScopeLearner(ctx), add_course_alias: 'customer-service' }),
    refused: async (ctx) =>
      (await foreignUserIds(ctx)).map((id) => ({ save_user_id: id, add_course_alias: 'customer-service' })),
  },
  remove_additional_course: {
    capability: 'additional_courses',
    async sample(ctx) {
      const id = await inScopeLearner(ctx);
      await ctx.db
        .insertInto('additional_courses')
        .values({ user_id: id, course_alias: 'customer-service', added_by: null, added_at: new Date().toISOString() })
        .execute();
      return { save_user_id: id, add_course_alias: 'customer-service' };
    },
    refused: async (ctx) =>
      (await foreignUserIds(ctx)).map((id) => ({ save_user_id: id, add_course_alias: 'customer-service' })),
  },
  set_course_complete_manual: {
    capability: 'additional_courses',
    sample: async (ctx) => ({ course_user_id: await inScopeLearner(ctx), course_alias: 'welcome', complete: true }),
    refused: async (ctx) =>
      (await foreignUserIds(ctx)).map((id) => ({ course_user_id: id, course_alias: 'welcome', complete: true })),
  },

  /* training manager: catalogue */
  add_course: {
    capability: 'catalogue',
    audit: { before: false, after: true },
    sample: () => ({
      alias: `security-course-${nextSerial()}`,
      language: 'en',
      name: 'Security test course',
      expiration: 12,
      course_type: 'optional',
      external_url: 'https://example.com/course',
    }),
  },
  update_course: {
    capability: 'catalogue',
    sample: async (ctx) => ({
      id: (await courseRow(ctx.db, 'customer-service', 'en')).id,
      description: `Revised ${nextSerial()}`,
    }),
  },
  courses_by_type: { capability: 'catalogue', sample: () => ({ language: 'lv', course_type: 'mandatory' }) },
  get_course_positions: { capability: 'catalogue', sample: () => ({ language: 'lt' }) },
  add_course_to_position: {
    capability: 'catalogue',
    async sample(ctx) {
      const course = await courseRow(ctx.db, 'food-hygiene', 'lv');
      const position = await positionId(ctx.db, SPARE_POSITION, 'lv');
      await ctx.db
        .deleteFrom('course_positions')
        .where('course_id', '=', course.id)
        .where('position_id', '=', position)
        .execute();
      catalogueChanged();
      return { courseId: course.id, courseAlias: course.alias, position: SPARE_POSITION, language: 'lv' };
    },
  },
  remove_course_from_position: {
    capability: 'catalogue',
    async sample(ctx) {
      const course = await courseRow(ctx.db, 'welcome', 'lt');
      const position = await positionId(ctx.db, SPARE_POSITION, 'lt');
      const linked = await ctx.db
        .selectFrom('course_positions')
        .select('course_id')
        .where('course_id', '=', course.id)
        .where('position_id', '=', position)
        .executeTakeFirst();
      if (!linked) {
        await ctx.db.insertInto('course_positions').values({ course_id: course.id, position_id: position }).execute();
        catalogueChanged();
      }
      return { courseId: course.id, courseAlias: course.alias, position: SPARE_POSITION, language: 'lt' };
    },
  },
  get_instruction_positions: { capability: 'catalogue', sample: () => ({ country: 'ee' }) },
  add_instruction_to_position: {
    capability: 'catalogue',
    async sample(ctx) {
      const bundleId = await bundleOf(ctx, 'instruction', 'lt');
      const position = await positionId(ctx.db, SPARE_POSITION, 'lt');
      await ctx.db
        .deleteFrom('bundle_positions')
        .where('bundle_id', '=', bundleId)
        .where('position_id', '=', position)
        .execute();
      return { bundleId, position: SPARE_POSITION };
    },
  },
  remove_instruction_from_position: {
    capability: 'catalogue',
    async sample(ctx) {
      const bundleId = await bundleOf(ctx, 'instruction', 'ee');
      const position = await positionId(ctx.db, SPARE_POSITION, 'ee');
      const linked = await ctx.db
        .selectFrom('bundle_positions')
        .select('bundle_id')
        .where('bundle_id', '=', bundleId)
        .where('position_id', '=', position)
        .executeTakeFirst();
      if (!linked)
        await ctx.db.insertInto('bundle_positions').values({ bundle_id: bundleId, position_id: position }).execute();
      return { bundleId, position: SPARE_POSITION };
    },
  },
  add_courses_impact: {
    capability: 'catalogue',
    sample: async (ctx) => ({
      course_ids: [(await courseRow(ctx.db, 'data-protection', 'lv')).id],
      departments: ['lv-riga-02'],
    }),
  },
  add_courses: {
    capability: 'catalogue',
    sample: async (ctx) => ({
      course_ids: [(await courseRow(ctx.db, 'data-protection', 'ee')).id],
      departments: ['ee-tartu-01'],
    }),
  },
  add_notification: {
    capability: 'catalogue',
    audit: { before: false, after: true },
    sample: () => ({ language: 'lv', alias: `security-notice-${nextSerial()}`, name: 'Security notice' }),
  },
  manager_notifications: { capability: 'catalogue', sample: () => ({ language: 'ee' }) },
  set_notification_status: {
    capability: 'catalogue',
    async sample(ctx) {
      const row = await ctx.db
        .selectFrom('notifications')
        .select(['id', 'status'])
        .where('language', '=', 'en')
        .orderBy('id')
        .executeTakeFirstOrThrow();
      return { id: row.id, status: row.status === 'active' ? 'disabled' : 'active' };
    },
  },
  manager_login_links: { capability: 'catalogue', sample: () => ({ language: 'en' }) },
  save_login_link: {
    capability: 'catalogue',
    audit: { before: false, after: true },
    sample: () => ({ link_type: 'external', language: 'en', heading: 'Staff shop', url: 'https://example.com/shop' }),
  },
  delete_login_link: {
    capability: 'catalogue',
    audit: { before: true, after: false },
    async sample(ctx) {
      const row = await ctx.db
        .insertInto('login_links')
        .values({
          link_type: 'external',
          language: 'en',
          heading: 'Old link',
          description: '',
          url: 'https://example.com/old',
          is_anon: 0,
          bold_border: 0,
          sort_order: 99,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id: row.id };
    },
  },
};

/** Routes whose capability is administrative: each write must leave an audit row. */
export const ADMINISTRATIVE: readonly Capability[] = [
  'manage_users',
  'grant_admin',
  'delete_users',
  'additional_courses',
  'catalogue',
];
