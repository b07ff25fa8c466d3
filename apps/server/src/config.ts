import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { contentSettingsShape } from './domain/content-settings.js';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const bool = z
  .enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no'])
  .transform((v) => ['1', 'true', 'on', 'yes'].includes(v));
const list = z.string().transform((v) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
);

/** Every setting of the portal, read from the environment (README, "Settings"). */
const schema = z.object({
  ...contentSettingsShape,
  DATABASE_URL: z.string().default('sqlite:data/portal.sqlite'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /** Processes sharing the port (node:cluster); one per core uses the whole machine. */
  SERVER_PROCESSES: z.coerce.number().int().min(1).max(64).default(1),
  SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(120),
  SESSION_MAX_HOURS: z.coerce.number().int().positive().default(12),
  DEMO_SEED: bool.default(true),
  /** The spec's fixed password of store learners; a deployment secret, never sent to browsers. */
  STORE_SHARED_PASSWORD: z.string().default('store-pin-only'),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().positive().default(10),
  LOGIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().positive().default(50),
  LOGIN_WINDOW_MINUTES: z.coerce.number().int().positive().default(15),
  CHECK_TYPE_MAX_PER_ADDRESS: z.coerce.number().int().positive().default(120),
  TRUST_PROXY: bool.default(false),
  COOKIE_SECURE: z.enum(['auto', 'always', 'never']).default('auto'),
  SURVEY_FRAME_HOSTS: list.default([]),
  COURSES_DIR: z.string().default('data/courses'),
  /**
   * The origin course content runs on (docs/courses.md), e.g. https://content.example.com: a host name of its own, so
   * the portal's session cookie never reaches it. Unset: content.localhost on the port the portal was reached at.
   */
  CONTENT_ORIGIN: z
    .url({ protocol: /^https?$/, message: 'must be an http(s) origin, e.g. https://content.example.com' })
    .transform((value) => new URL(value))
    .refine((url) => url.pathname === '/' && !url.search && !url.hash && !url.username, {
      message: 'must be an origin only (scheme, host and port), without a path',
    })
    .transform((url) => url.origin)
    .optional(),
  WEB_DIST_DIR: z.string().default('apps/web/dist'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Office sign-in against the company directory (docs/ldap.md); unset keeps local password hashes. */
  LDAP_URL: z
    .string()
    .regex(/^ldaps?:\/\/[^/]+\/?$/, 'must be ldap://host[:port] or ldaps://host[:port]')
    .optional(),
  LDAP_BIND_DN: z.string().optional(),
  LDAP_BIND_PASSWORD: z.string().optional(),
  LDAP_BASE_DN: z.string().optional(),
  LDAP_USER_FILTER: z.string().includes('{login}', { message: 'must contain {login}' }).default('(uid={login})'),
  LDAP_STARTTLS: bool.default(false),
  LDAP_TLS_CA_FILE: z.string().optional(),
  LDAP_TLS_REJECT_UNAUTHORIZED: bool.default(true),
  LDAP_TIMEOUT_MS: z.coerce.number().int().positive().default(5000),
  /** Copies name, surname and (when mapped) department from the directory at each sign-in. */
  LDAP_REFRESH_ATTRIBUTES: bool.default(false),
  LDAP_ATTR_NAME: z.string().default('givenName'),
  LDAP_ATTR_SURNAME: z.string().default('sn'),
  /** Directory attribute holding the portal department's alias or label; empty leaves departments alone. */
  LDAP_ATTR_DEPARTMENT: z.string().default(''),
});

/** The directory needs its service account and search base once LDAP_URL is set. */
const requireLdapSettings = (c: z.infer<typeof schema>, ctx: z.RefinementCtx) => {
  if (!c.LDAP_URL) return;
  for (const key of ['LDAP_BIND_DN', 'LDAP_BIND_PASSWORD', 'LDAP_BASE_DN'] as const) {
    if (!c[key]) ctx.addIssue({ code: 'custom', path: [key], message: `${key} is required when LDAP_URL is set` });
  }
};

/** Processes share a database they can each open: not one in their own memory. */
const requireSharedDatabase = (c: z.infer<typeof schema>, ctx: z.RefinementCtx) => {
  if (c.SERVER_PROCESSES > 1 && c.DATABASE_URL === 'sqlite::memory:')
    ctx.addIssue({ code: 'custom', path: ['SERVER_PROCESSES'], message: 'must be 1 with an in-memory database' });
};

export type Config = z.infer<typeof schema> & { repoRoot: string };

/** Reads the settings; relative paths are taken from the repository root. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = schema
    .superRefine(requireLdapSettings)
    .superRefine(requireSharedDatabase)
    .parse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== '')));
  const abs = (p: string) => (path.isAbsolute(p) ? p : path.join(repoRoot, p));
  return { ...parsed, COURSES_DIR: abs(parsed.COURSES_DIR), WEB_DIST_DIR: abs(parsed.WEB_DIST_DIR), repoRoot };
}
