import type { HttpMethod, OutputOf, ParsedInputOf, RouteContract } from '@portal/shared';
import { rowId } from '@portal/shared';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Config } from '../config.js';
import type { Db } from '../db/connect.js';
import type { SessionUser } from '../db/sessions.js';
import { resolveSession } from '../db/sessions.js';
import { recordAudit, type AuditEntry } from '../db/audit.js';
import type { Capability } from '../domain/policy.js';
import { mayCall, personaOf, reachesUser } from '../domain/policy.js';
import { DEVICE_KNOWN_DAYS } from '../domain/sign-in.js';
import { ApiError, forbidden, invalidInput, notFound } from './errors.js';
import { API_PATH } from '../http/api-path.js';
import { queryOf } from '../http/query.js';
import { MAX_BODY_DEPTH, fieldWithNul, nestsDeeperThan } from '../http/input-guards.js';
import {
  clearSessionCookie,
  deviceCookie,
  sessionCookie,
  setDeviceCookie,
  setSessionCookie,
} from '../http/session-cookie.js';
import { clientAddress } from '../http/client-address.js';
import { COMPRESS_FROM_BYTES } from '../http/compression.js';

/** The caller a route sees: every route but a public one has a signed-in caller (`authorizeCaller`). */
export type ActorOf<A extends Capability> = A extends 'public' ? SessionUser | null : SessionUser;

export interface RouteContext<C extends RouteContract, A extends Capability = Capability> {
  input: ParsedInputOf<C>;
  actor: ActorOf<A>;
  db: Db;
  config: Config;
  ip: string;
  /** The origin the caller reached the portal at (scheme, host and port), e.g. to name the content origin beside it. */
  origin: string;
  /** The request's logger (pino, secrets redacted). */
  log: FastifyBaseLogger;
  /** Records an administrative write in the audit log, inside the route's transaction. */
  audit(entry: Omit<AuditEntry, 'actorId'>): Promise<void>;
  /** Sets or clears the session cookie (sign-in and sign-out); the browser's device token (sign-in limits). */
  session: { set(token: string): void; clear(): void; device: string | null; setDevice(token: string): void };
  /** Extra top-level fields of the success envelope (login's COOKIE). */
  extra: Record<string, unknown>;
  /** Lets the browser keep the answer for good: the input names content that never changes (a digest of it). */
  cacheForGood(): void;
}

export interface RouteSpec<C extends RouteContract, A extends Capability> {
  allow: A;
  /** Runs the handler inside one transaction. */
  writes?: boolean;
  /** User ids the call acts on; each must lie in the caller's scope. */
  subjectUsers?(input: ParsedInputOf<C>): number[];
  handler(ctx: RouteContext<C, A>): Promise<OutputOf<C>>;
}

export interface RouteDef<C extends RouteContract = RouteContract, A extends Capability = Capability> extends RouteSpec<
  C,
  A
> {
  contract: C;
}

/** Declares one call: its contract from packages/shared plus who may make it and what it does. */
export function route<C extends RouteContract, A extends Capability>(
  contract: C,
  spec: RouteSpec<C, A>,
): RouteDef<C, A> {
  return { contract, ...spec };
}

export interface ApiDeps {
  db: Db;
  config: Config;
}

/** The failing fields of a zod error, one message each (the `fields` of `invalid input`). */
export function zodFields(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || '(input)';
    fields[key] ??= issue.message;
  }
  return fields;
}

/** The caller's session token: the HttpOnly cookie, else the `userHash` parameter of scripted clients. */
export function sessionToken(request: FastifyRequest, params: Record<string, unknown>): string | null {
  const fromCookie = sessionCookie(request);
  if (fromCookie) return fromCookie;
  return typeof params.userHash === 'string' && params.userHash ? params.userHash : null;
}

/** A state-changing call must come from the portal's own pages (SameSite cookie plus this check). */
export function assertSameOrigin(request: FastifyRequest): void {
  const origin = request.headers.origin;
  if (!origin) return;
  // Both sides go through URL so a default port (":443") written out on one side still matches.
  let sameOrigin = false;
  try {
    sameOrigin = new URL(origin).host === new URL(`${request.protocol}://${request.host}`).host;
  } catch {
    sameOrigin = false;
  }
  if (!sameOrigin) throw forbidden('Cross-site request refused.');
}

/**
 * Who is calling, and may they use `allow`: resolves the session (`not active` without one, unless public),
 * checks a `userId` parameter against it and the caller's role against the capability (`forbidden`).
 * Used by the registry and by routes outside `/api` (uploads) so the rules live in one place.
 */
export async function authorizeCaller<A extends Capability>(
  request: FastifyRequest,
  deps: ApiDeps,
  allow: A,
  params: Record<string, unknown> = {},
): Promise<ActorOf<A>> {
  const token = sessionToken(request, params);
  const actor = token
    ? await resolveSession(deps.db, token, {
        idleMinutes: deps.config.SESSION_IDLE_MINUTES,
        maxHours: deps.config.SESSION_MAX_HOURS,
      })
    : null;
  if (!actor && allow !== 'public') throw new ApiError('not active', 'Your session is not active. Please sign in.');
  if (actor && params.userId !== undefined) {
    const claimed = rowId.safeParse(params.userId);
    if (!claimed.success)
      throw invalidInput('The request is not valid.', { userId: zodFields(claimed.error)['(input)']! });
    if (claimed.data !== actor.id) throw forbidden('userId is not the signed-in user.');
  }
  if (!mayCall(personaOf(actor), allow)) throw forbidden();
  return actor as ActorOf<A>;
}

/** A call of the endpoint that answers in its own way (a file download), not with the JSON envelope. */
export interface OwnCall {
  method: HttpMethod;
  answer(request: FastifyRequest, reply: FastifyReply): Promise<unknown>;
}

/**
 * Mounts `GET|POST /api?r=<route>` (`API_PATH`) over the given route declarations and calls answered their own way.
 * A known call made with the other method is `method not allowed` (405) with `Allow`, not an unknown call.
 */
export function registerApi(
  app: FastifyInstance,
  routes: RouteDef[],
  deps: ApiDeps,
  ownCalls: Record<string, OwnCall> = {},
): void {
  const byName = new Map<string, RouteDef>();
  const methods = new Map<string, HttpMethod>();
  const declare = (name: string, method: HttpMethod) => {
    if (methods.has(name)) throw new Error(`route ${name} declared twice`);
    methods.set(name, method);
  };
  for (const def of routes) {
    declare(def.contract.name, def.contract.method);
    byName.set(def.contract.name, def);
  }
  const own = new Map(Object.entries(ownCalls));
  for (const [name, call] of own) declare(name, call.method);
  const secureCookie = (request: FastifyRequest) =>
    deps.config.COOKIE_SECURE === 'always' || (deps.config.COOKIE_SECURE === 'auto' && request.protocol === 'https');

  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    const query = queryOf(request);
    const name = typeof query.r === 'string' ? query.r : '';
    const method = methods.get(name);
    if (!method) throw notFound(`Unknown call "${name.slice(0, 60)}".`);
    if (method !== (request.method === 'HEAD' ? 'GET' : request.method)) {
      reply.header('allow', method);
      throw new ApiError('method not allowed', `${name} is a ${method} call: send it with ${method}.`);
    }
    const def = byName.get(name);
    if (!def) return own.get(name)!.answer(request, reply);
    if (def.contract.method === 'POST') assertSameOrigin(request);

    const sent: Record<string, unknown> = def.contract.method === 'GET' ? query : bodyObject(request.body);
    const callerFields = def.contract.method === 'GET' ? sent : { ...query, ...sent };
    // A call that takes userId as its own parameter (courses: whose lists) checks it itself, not as the caller's id.
    const actor = await authorizeCaller(
      request,
      deps,
      def.allow,
      def.contract.params.includes('userId') ? { ...callerFields, userId: undefined } : callerFields,
    );
    // The call's input is its own parameters only: the call's name, the caller's fields and any parameter the call does
    // not take (a cache-buster, a language it does not use) are dropped before validation, as zod's default does.
    const params: Record<string, unknown> = {};
    for (const key of def.contract.params) if (Object.hasOwn(sent, key)) params[key] = sent[key];
    // PostgreSQL cannot store U+0000 in text: refused here alike on both databases, not as a 500 there.
    const nul = fieldWithNul(params);
    if (nul !== null)
      throw invalidInput('The request is not valid.', { [nul]: 'Text may not contain the NUL character.' });

    const parsed = def.contract.input.safeParse(params);
    if (!parsed.success) throw invalidInput('The request is not valid.', zodFields(parsed.error));
    const input = parsed.data as ParsedInputOf<RouteContract>;

    if (def.subjectUsers) await assertSubjectsInScope(deps.db, actor, def.subjectUsers(input));

    const extra: Record<string, unknown> = {};
    let cacheControl = 'no-store';
    const run = (db: Db) =>
      def.handler({
        input,
        actor,
        db,
        config: deps.config,
        ip: clientAddress(request),
        origin: `${request.protocol}://${request.host}`,
        log: request.log,
        extra,
        cacheForGood: () => {
          cacheControl = 'private, max-age=31536000, immutable';
        },
        audit: (entry) => recordAudit(db, { ...entry, actorId: actor?.id ?? null }),
        session: {
          set: (token) =>
            setSessionCookie(reply, token, {
              secure: secureCookie(request),
              maxAge: deps.config.SESSION_MAX_HOURS * 3600,
            }),
          clear: () => clearSessionCookie(reply),
          device: deviceCookie(request),
          setDevice: (token) =>
            setDeviceCookie(reply, token, { secure: secureCookie(request), maxAge: DEVICE_KNOWN_DAYS * 86_400 }),
        },
      });
    const result = def.writes ? await deps.db.transaction().execute(run) : await run(deps.db);
    reply.header('cache-control', cacheControl).type('application/json; charset=utf-8');
    const body = JSON.stringify({ result, ...extra });
    // Only an answer large enough to gain goes through the compression plugin: as a hook, its checks cost every call.
    return Buffer.byteLength(body) >= COMPRESS_FROM_BYTES ? reply.compress(body) : reply.send(body);
  };

  app.get(API_PATH, handle);
  app.post(API_PATH, handle);
}

function bodyObject(body: unknown): Record<string, unknown> {
  if (body === undefined || body === null || body === '') return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw invalidInput('The request body must be a JSON object.');
  if (nestsDeeperThan(body, MAX_BODY_DEPTH))
    throw invalidInput(`The request body is nested more than ${MAX_BODY_DEPTH} levels deep.`);
  return { ...(body as Record<string, unknown>) };
}

/** Refuses user ids outside the caller's scope (`forbidden`) or unknown (`no_user_found`). */
export async function assertSubjectsInScope(db: Db, actor: SessionUser | null, ids: number[]): Promise<void> {
  if (!actor) throw forbidden();
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  const rows = await db
    .selectFrom('users')
    .select(['id', 'country', 'department_id'])
    .where('id', 'in', unique)
    .execute();
  if (rows.length !== unique.length) throw new ApiError('no_user_found', 'No such user.');
  if (!rows.every((row) => reachesUser(actor, row))) throw forbidden('That user is outside your scope.');
}
