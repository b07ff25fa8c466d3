import { adminRoutes, type OutputOf } from '@portal/shared';
import {
  findDepartments,
  listDepartments,
  listPositions,
  listStoreTypes,
  loadTarget,
  pinsInScope,
  searchUsers,
} from '../db/admin.js';
import { additionalCourses } from '../db/admin.js';
import { loadCatalogue } from '../db/result-columns.js';
import { resultGrid } from '../db/result-grid.js';
import { completionHistory, userCourses } from '../db/user-results.js';
import {
  mayDelete,
  mayGiveCourses,
  mayGrantAdmin,
  mayManage,
  mayResetPin,
  visibleLogin,
} from '../domain/admin-rules.js';
import { mayCall, personaOf, scopeOf } from '../domain/policy.js';
import { needsPassword } from '../domain/sign-in.js';
import { countriesFor, departmentsInScope, languageFor } from './admin-access.js';
import { ApiError, forbidden, notFound } from './errors.js';
import { route, type RouteContext, type RouteDef } from './registry.js';

const { ADMIN_MESSAGES, SEARCH_LIMIT } = adminRoutes;
type GridInput = adminRoutes.ResultGrid;

async function grid(
  ctx:
    | RouteContext<typeof adminRoutes.getUserResults, 'view_results'>
    | RouteContext<typeof adminRoutes.getUserResultsByStores, 'view_results'>,
  aliases: string[],
  kind: 'store' | undefined,
): Promise<GridInput> {
  const { actor, input, db } = ctx;
  const departments = await departmentsInScope(db, actor, input.country, aliases, kind);
  const columns = await loadCatalogue(db, {
    countries: [input.country],
    lang: languageFor(actor, input.userLang),
    courseType: input.course_type,
    aliases: input.courses,
    order: kind === 'store' ? 'store' : 'office',
  });
  return resultGrid(
    db,
    { scope: scopeOf(actor), departmentIds: departments.map((d) => d.id), userIds: input.user_ids },
    { columns, offset: input.offset, limit: input.limit, now: new Date(), pruneColumns: !input.courses },
  );
}

export const getUserResults = route(adminRoutes.getUserResults, {
  allow: 'view_results',
  handler: (ctx) => grid(ctx, ctx.input.dep, undefined),
});

export const getUserResultsByStores = route(adminRoutes.getUserResultsByStores, {
  allow: 'view_results',
  handler: (ctx) => grid(ctx, ctx.input.stores, 'store'),
});

function searchRoute<
  C extends typeof adminRoutes.findUser | typeof adminRoutes.findUserOffice | typeof adminRoutes.findUserStore,
>(contract: C, kind?: 'store' | 'office') {
  return route(contract, {
    allow: 'view_results',
    async handler({ input, actor, db, extra, audit }) {
      // Everyone a search finds is in the caller's scope: whoever may manage people there may see their PINs.
      const pins = mayCall(personaOf(actor), 'manage_users');
      const found = await searchUsers(db, scopeOf(actor), input.search_string, { kind, limit: SEARCH_LIMIT, pins });
      if (found.length === 0) extra.message = ADMIN_MESSAGES.noUsers;
      const withPin = found.filter((user) => !needsPassword(user));
      if (pins && withPin.length > 0)
        await audit({
          action: 'pin.view',
          subjectType: 'user',
          subjectId: null,
          after: { user_ids: withPin.map((u) => u.id) },
        });
      return (pins ? found : found.map((user) => (needsPassword(user) ? user : { ...user, login: '' }))) as OutputOf<C>;
    },
  });
}

export const findUser = searchRoute(adminRoutes.findUser);
export const findUserOffice = searchRoute(adminRoutes.findUserOffice, 'office');
export const findUserStore = searchRoute(adminRoutes.findUserStore, 'store');

export const getStoreLabel = route(adminRoutes.getStoreLabel, {
  allow: 'view_results',
  async handler({ input, actor, db }) {
    const [store] = await findDepartments(db, [input.storeAlias]);
    if (!store || store.kind !== 'store') throw notFound('No such store.');
    const reach = countriesFor(actor);
    if (reach !== 'all' && !reach.includes(store.country)) throw forbidden('That store is outside your scope.');
    return store.label;
  },
});

export const getUserData = route(adminRoutes.getUserData, {
  allow: 'view_results',
  subjectUsers: (input) => [input.user_id],
  async handler({ input, actor: caller, db, audit }) {
    const target = await loadTarget(db, input.user_id);
    if (!target) throw new ApiError('no_user_found', 'No such user.');
    const user = { ...target.profile, login: visibleLogin(caller, target) };
    if (!needsPassword(target) && user.login)
      await audit({ action: 'pin.view', subjectType: 'user', subjectId: target.id });
    const now = new Date();
    const [courses, completions, additional] = await Promise.all([
      userCourses(db, user, languageFor(caller, input.userLang), now),
      completionHistory(db, user.id),
      additionalCourses(db, user.id),
    ]);
    return {
      user,
      has_password: target.has_password,
      courses,
      completions,
      additional_courses: additional,
      can: {
        edit: mayManage(caller, target),
        grant_admin: mayGrantAdmin(caller, target),
        delete: mayDelete(caller, target),
        additional_courses: mayGiveCourses(caller, target),
        reset_pin: mayResetPin(caller, target),
      },
    };
  },
});

/** Only for those who may manage the people it lists (admin-rules.ts, mayResetPin); every answer is audited. */
export const getAllPins = route(adminRoutes.getAllPins, {
  allow: 'manage_users',
  async handler({ actor, db, audit }) {
    const pins = await pinsInScope(db, scopeOf(actor));
    await audit({ action: 'pin.view', subjectType: 'user', subjectId: null, after: { count: pins.length } });
    return pins;
  },
});

export const getAllDepartments = route(adminRoutes.getAllDepartments, {
  allow: 'view_results',
  handler: ({ input, actor, db }) => listDepartments(db, { countries: countriesFor(actor, input.country) }),
});

export const getStores = route(adminRoutes.getStores, {
  allow: 'view_results',
  handler: ({ input, actor, db }) =>
    listDepartments(db, {
      countries: countriesFor(actor, input.country),
      kind: 'store',
      storeType: input.store_type,
    }),
});

export const getPositions = route(adminRoutes.getPositions, {
  allow: 'view_results',
  handler: ({ input, actor, db }) => listPositions(db, countriesFor(actor, input.country)),
});

export const getStoreTypes = route(adminRoutes.getStoreTypes, {
  allow: 'view_results',
  handler: ({ db }) => listStoreTypes(db),
});

export const adminSearchApi: RouteDef[] = [
  getUserResults,
  getUserResultsByStores,
  findUser,
  findUserOffice,
  findUserStore,
  getStoreLabel,
  getUserData,
  getAllPins,
  getAllDepartments,
  getStores,
  getPositions,
  getStoreTypes,
] as RouteDef[];
