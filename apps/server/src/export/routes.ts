import type { Writable } from 'node:stream';
import { adminRoutes, type Language } from '@portal/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { listDepartments, loadTarget } from '../db/admin.js';
import { assignedAliases } from '../db/result-cells.js';
import { loadCatalogue } from '../db/result-columns.js';
import { bundleRows, bundlesOf, resultRows } from '../db/result-exports.js';
import { completionHistory, userCourses } from '../db/user-results.js';
import { listUserAttempts } from '../db/attempts.js';
import { recordAudit } from '../db/audit.js';
import type { Db } from '../db/connect.js';
import type { SessionUser } from '../db/sessions.js';
import { visibleLogin } from '../domain/admin-rules.js';
import { mayCall, personaOf, scopeOf } from '../domain/policy.js';
import { queryOf } from '../http/query.js';
import { countriesFor, departmentsInScope } from '../rpc/admin-access.js';
import { ApiError, invalidInput, notFound, rateLimited } from '../rpc/errors.js';
import { assertSubjectsInScope, authorizeCaller, zodFields, type ApiDeps, type OwnCall } from '../rpc/registry.js';
import { DownloadBody } from './download-body.js';
import { ExportSlots } from './export-slots.js';
import { writeBundlesWorkbook, writeResultsWorkbook, writeUserDataWorkbook } from './workbooks.js';

const { ADMIN_MESSAGES, DOWNLOAD_PATH, adminDownloads } = adminRoutes;
type Department = adminRoutes.Department;

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

interface Download {
  filename: string;
  audit: { action: string; after: unknown };
  write(stream: Writable): Promise<void>;
}

function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw invalidInput('The request is not valid.', zodFields(parsed.error));
  return parsed.data;
}

const asArray = (value: unknown) => (value === undefined ? undefined : Array.isArray(value) ? value : [value]);

/** get_users_results_excel takes its inputs as one `params` JSON (the spec), or as plain query fields. */
function usersResultsParams(query: Record<string, unknown>): unknown {
  if (typeof query.params === 'string') {
    try {
      return JSON.parse(query.params);
    } catch {
      throw invalidInput('The request is not valid.', { params: 'params must be JSON.' });
    }
  }
  const { params: _params, ...rest } = query;
  return { ...rest, departments: asArray(rest.departments), courses: asArray(rest.courses) };
}

const today = () => new Date().toISOString().slice(0, 10);

/** The departments an export covers: the ones named (each checked against the scope), or all the caller reaches. */
async function exportDepartments(db: Db, actor: SessionUser, aliases: string[], kind?: 'store'): Promise<Department[]> {
  if (aliases.length > 0) return departmentsInScope(db, actor, null, aliases, kind);
  const scope = scopeOf(actor);
  const all = await listDepartments(db, { countries: countriesFor(actor), kind });
  return scope.kind === 'department' ? all.filter((d) => d.id === scope.departmentId) : all;
}

async function usersResults(db: Db, actor: SessionUser, query: Record<string, unknown>): Promise<Download> {
  const params = parse(adminDownloads.usersResults.input, usersResultsParams(query));
  if (!params.exportAll && params.courses.length === 0) {
    throw invalidInput(ADMIN_MESSAGES.noCourses, { courses: ADMIN_MESSAGES.noCourses });
  }
  const departments = await exportDepartments(
    db,
    actor,
    params.departments,
    params.filterType === 'store' ? 'store' : undefined,
  );
  const selection = {
    scope: scopeOf(actor),
    departmentIds: departments.map((d) => d.id),
    pins: mayCall(personaOf(actor), 'manage_users'),
  };
  const countries = [...new Set(departments.map((d) => d.country))];
  const order = params.filterType === 'store' ? 'store' : 'office';
  let courses = await loadCatalogue(db, {
    countries,
    lang: params.lang,
    aliases: params.exportAll ? undefined : params.courses,
    order,
  });
  if (params.exportAll) {
    const assigned = await assignedAliases(db, selection);
    courses = courses.filter((c) => assigned.has(c.alias));
  } else {
    const known = new Set(courses.map((c) => c.alias));
    const unknown = params.courses.find((alias) => !known.has(alias));
    if (unknown) throw invalidInput('The request is not valid.', { courses: `No such course: ${unknown}.` });
  }
  const now = new Date();
  return {
    filename: `results-${today()}.xlsx`,
    audit: {
      action: 'export.users_results',
      after: { departments: departments.map((d) => d.alias), courses: courses.map((c) => c.alias) },
    },
    write: (stream) =>
      writeResultsWorkbook(stream, { lang: params.lang, courses, rows: resultRows(db, selection, courses, now) }),
  };
}

function bundleResults(kind: 'cma' | 'instruction') {
  return async (db: Db, actor: SessionUser, query: Record<string, unknown>): Promise<Download> => {
    const params = parse(
      kind === 'cma' ? adminDownloads.cmaResults.input : adminDownloads.instructionsResults.input,
      query,
    );
    if (!params.exportAll && !params.selectedStore)
      throw invalidInput('The request is not valid.', { selectedStore: ADMIN_MESSAGES.fillField });
    const departments = await exportDepartments(db, actor, params.exportAll ? [] : [params.selectedStore!], 'store');
    const countries = [...new Set(departments.map((d) => d.country))];
    const bundles = await bundlesOf(db, kind, countries);
    const selection = {
      scope: scopeOf(actor),
      departmentIds: departments.map((d) => d.id),
      pins: mayCall(personaOf(actor), 'manage_users'),
    };
    return {
      filename: `${kind === 'cma' ? 'cma' : 'instructions'}-results-${today()}.xlsx`,
      audit: { action: `export.${kind}_results`, after: { stores: departments.map((d) => d.alias) } },
      write: (stream) =>
        writeBundlesWorkbook(stream, {
          lang: params.lang,
          kind,
          bundles,
          rows: bundleRows(
            db,
            selection,
            bundles.map((b) => b.id),
          ),
        }),
    };
  };
}

async function userData(db: Db, actor: SessionUser, query: Record<string, unknown>): Promise<Download> {
  const params = parse(adminDownloads.userData.input, query);
  await assertSubjectsInScope(db, actor, [params.u]);
  const target = await loadTarget(db, params.u);
  if (!target) throw new ApiError('no_user_found', 'No such user.');
  const user = { ...target.profile, login: visibleLogin(actor, target) };
  const [courses, completions, attempts] = await Promise.all([
    userCourses(db, user, params.lang as Language, new Date()),
    completionHistory(db, user.id),
    listUserAttempts(db, user.id),
  ]);
  const safeLogin = user.login.replace(/[^a-z0-9._-]/gi, '_') || String(user.id);
  return {
    filename: `user-${safeLogin}-${today()}.xlsx`,
    audit: { action: 'export.user_data', after: { user_id: user.id } },
    write: (stream) =>
      writeUserDataWorkbook(stream, { lang: params.lang, details: { user, courses, completions }, attempts }),
  };
}

type Prepare = (db: Db, actor: SessionUser, query: Record<string, unknown>) => Promise<Download>;

const DOWNLOADS: Record<string, Prepare> = {
  [adminDownloads.usersResults.route]: usersResults,
  [adminDownloads.cmaResults.route]: bundleResults('cma'),
  [adminDownloads.instructionsResults.route]: bundleResults('instruction'),
  [adminDownloads.userData.route]: userData,
};

/** Answers one download: an .xlsx file, or the error envelope when it fails before its first byte. */
function answerDownload(deps: ApiDeps, prepare: Prepare, slots: ExportSlots) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const query: Record<string, unknown> = { ...queryOf(request) };
    // The registry's own check: session (`not active`), userId beside it, role against the capability.
    const actor = await authorizeCaller(request, deps, 'export', query);
    delete query.r;
    delete query.userId;
    delete query.userHash;

    const release = slots.take(actor.id);
    if (!release) {
      throw rateLimited('Too many exports are being prepared. Please try again in a minute.', 60);
    }
    let download: Download;
    try {
      download = await prepare(deps.db, actor, query);
      await recordAudit(deps.db, {
        actorId: actor.id,
        action: download.audit.action,
        subjectType: 'export',
        subjectId: null,
        after: download.audit.after,
      });
    } catch (error) {
      release();
      throw error;
    }

    const body = new DownloadBody(deps.config.EXPORT_UNREAD_SECONDS * 1000);
    download
      .write(body)
      .catch((error: unknown) => {
        request.log.error({ err: error }, 'export failed');
        body.destroy(error instanceof Error ? error : new Error(String(error)));
      })
      .finally(release);
    return reply
      .header('content-type', XLSX_TYPE)
      .header('content-disposition', `attachment; filename="${download.filename}"`)
      .header('cache-control', 'no-store')
      .send(body);
  };
}

/**
 * The spreadsheet downloads as calls of `GET /api?r=<name>&…` (the spec's endpoint). Exports at once are capped in
 * all and per caller (`rate limited` beyond), and a download nobody reads is ended.
 */
export function downloadCalls(deps: ApiDeps): Record<string, OwnCall> {
  const slots = new ExportSlots({ total: deps.config.EXPORTS_AT_ONCE, perCaller: deps.config.EXPORTS_PER_CALLER });
  return Object.fromEntries(
    Object.entries(DOWNLOADS).map(([name, prepare]) => [
      name,
      { method: 'GET', answer: answerDownload(deps, prepare, slots) },
    ]),
  );
}

/**
 * The same downloads, sharing their caps, at `GET /api/download?r=<name>&…` (the web app's path, also into a hidden
 * frame). The session and the permission are resolved as the call registry does; failures are the usual JSON envelope.
 */
export async function exportRoutes(app: FastifyInstance, options: { calls: Record<string, OwnCall> }): Promise<void> {
  const { calls } = options;
  app.get(DOWNLOAD_PATH, async (request: FastifyRequest, reply) => {
    const { r } = queryOf(request);
    const name = typeof r === 'string' ? r : '';
    const call = Object.hasOwn(calls, name) ? calls[name] : undefined;
    if (!call) throw notFound(`Unknown download "${name.slice(0, 60)}".`);
    return call.answer(request, reply);
  });
}
