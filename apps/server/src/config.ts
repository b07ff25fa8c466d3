import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { contentSettingsShape } from './domain/content-settings.js';
import { DEMO_PASSWORD } from './seed/demo-org.js';
import { DEMO_CONTENT_ENV } from './seed/demo-settings.js';

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

/** An IPv4 or IPv6 address, optionally with a prefix length (a CIDR range). */
function isAddressOrRange(entry: string): boolean {
  const [ip = '', prefix, ...rest] = entry.split('/');
  const version = isIP(ip);
  if (!version || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * Which proxies' `X-Forwarded-*` headers to believe: none (`false`, the default), a number of hops, or a list of
 * proxy addresses and CIDR ranges. `true`, every hop, would let each client choose its own address.
 */
const trustProxy = z.string().transform((value, ctx): false | number | string[] => {
  const text = value.trim().toLowerCase();
  if (['false', '0', 'off', 'no'].includes(text)) return false;
  if (/^\d+$/.test(text)) return Number(text);
  if (['true', 'on', 'yes'].includes(text)) {
    ctx.addIssue({
      code: 'custom',
      message:
        'trusting every hop lets clients choose their own address: give the proxies (e.g. 10.0.0.5,10.1.0.0/16) or a hop count',
    });
    return z.NEVER;
  }
  const entries = text.split(',').map((entry) => entry.trim());
  const bad = entries.find((entry) => !isAddressOrRange(entry));
  if (bad !== undefined) {
    ctx.addIssue({ code: 'custom', message: `"${bad}" is not an IP address or CIDR range` });
    return z.NEVER;
  }
  return entries;
});

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
  /** Production or PostgreSQL: the demo organisation only when asked for (`true`); else it fills an empty database. */
  DEMO_SEED: bool.optional(),
  /** The demo accounts' password; `demo-pass` is published, so it is refused outside the embedded demo. */
  DEMO_PASSWORD: z.string().optional(),
  NODE_ENV: z.string().optional(),
  /** A request's headers and body must have arrived within these (a slow sender is answered 408 and cut off). */
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().positive().default(300),
  HEADERS_TIMEOUT_SECONDS: z.coerce.number().int().positive().default(20),
  /** The spec's fixed password of store learners; a deployment secret, never sent to browsers. */
  STORE_SHARED_PASSWORD: z.string().default('store-pin-only'),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().positive().default(10),
  LOGIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().positive().default(50),
  /** Failed PIN sign-ins across the whole service within the window, from browsers no one has signed in from. */
  LOGIN_MAX_PIN_FAILURES: z.coerce.number().int().positive().default(100),
  LOGIN_WINDOW_MINUTES: z.coerce.number().int().positive().default(15),
  CHECK_TYPE_MAX_PER_ADDRESS: z.coerce.number().int().positive().default(120),
  TRUST_PROXY: trustProxy.default(false),
  COOKIE_SECURE: z.enum(['auto', 'always', 'never']).default('auto'),
  /** Spreadsheet exports written at once by one server process, and by one caller (more answer `rate limited`). */
  EXPORTS_AT_ONCE: z.coerce.number().int().positive().default(4),
  EXPORTS_PER_CALLER: z.coerce.number().int().positive().default(2),
  /** A download whose reader takes nothing for this long is ended (its writer thread stops). */
  EXPORT_UNREAD_SECONDS: z.coerce.number().int().positive().default(60),
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

/** The embedded demo: SQLite outside production. Only there is the demo organisation a default. */
const isEmbeddedDemo = (c: z.infer<typeof schema>) =>
  c.NODE_ENV !== 'production' && !/^postgres(ql)?:\/\//.test(c.DATABASE_URL);

/** Seeding the demo outside the embedded demo needs a password of its own, never the published one. */
const requireDemoPassword = (c: z.infer<typeof schema>, ctx: z.RefinementCtx) => {
  if (isEmbeddedDemo(c)) return;
  if (c.DEMO_PASSWORD !== undefined && (c.DEMO_PASSWORD === DEMO_PASSWORD || c.DEMO_PASSWORD.length < 12))
    ctx.addIssue({
      code: 'custom',
      path: ['DEMO_PASSWORD'],
      message: `must be at least 12 characters and not the published ${DEMO_PASSWORD} with NODE_ENV=production or PostgreSQL`,
    });
  if (c.DEMO_SEED && c.DEMO_PASSWORD === undefined)
    ctx.addIssue({
      code: 'custom',
      path: ['DEMO_PASSWORD'],
      message: 'is required to seed the demo organisation with NODE_ENV=production or PostgreSQL',
    });
};

const requireHeadersWithinRequest = (c: z.infer<typeof schema>, ctx: z.RefinementCtx) => {
  if (c.HEADERS_TIMEOUT_SECONDS > c.REQUEST_TIMEOUT_SECONDS)
    ctx.addIssue({
      code: 'custom',
      path: ['HEADERS_TIMEOUT_SECONDS'],
      message: 'must not exceed REQUEST_TIMEOUT_SECONDS',
    });
};

export type Config = Omit<z.infer<typeof schema>, 'DEMO_SEED' | 'DEMO_PASSWORD'> & {
  repoRoot: string;
  DEMO_SEED: boolean;
  /** Null where no demo password is set outside the embedded demo. */
  DEMO_PASSWORD: string | null;
};

/**
 * Reads the settings; relative paths are taken from the repository root. With DEMO_SEED on, the demo organisation's
 * content settings (`DEMO_CONTENT_ENV`) fill those the environment leaves unset.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const given = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const validated = schema
    .superRefine(requireLdapSettings)
    .superRefine(requireSharedDatabase)
    .superRefine(requireDemoPassword)
    .superRefine(requireHeadersWithinRequest);
  const first = validated.parse(given);
  const demoSeed = first.DEMO_SEED ?? isEmbeddedDemo(first);
  const parsed = demoSeed ? validated.parse({ ...DEMO_CONTENT_ENV, ...given }) : first;
  const abs = (p: string) => (path.isAbsolute(p) ? p : path.join(repoRoot, p));
  const embedded = isEmbeddedDemo(parsed);
  return {
    ...parsed,
    DEMO_SEED: demoSeed,
    DEMO_PASSWORD: parsed.DEMO_PASSWORD ?? (embedded ? DEMO_PASSWORD : null),
    COURSES_DIR: abs(parsed.COURSES_DIR),
    WEB_DIST_DIR: abs(parsed.WEB_DIST_DIR),
    repoRoot,
  };
}
