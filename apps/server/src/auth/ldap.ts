import fs from 'node:fs';
import type { ConnectionOptions } from 'node:tls';
import { Client, Filter, FilterParser, InvalidCredentialsError, type Entry } from 'ldapts';
import type { Config } from '../config.js';

/**
 * Office sign-in against the company directory (LDAP / Active Directory), docs/ldap.md: the portal searches
 * the directory with its service account, then binds as the entry it found with the password the person typed.
 * The password only travels to the directory; it is never stored or logged.
 */

export interface DirectoryAttributeMap {
  name: string;
  surname: string;
  /** Empty: departments are not taken from the directory. */
  department: string;
}

export interface DirectorySettings {
  url: string;
  bindDN: string;
  bindPassword: string;
  baseDN: string;
  /** Filter template with `{login}`, e.g. `(sAMAccountName={login})`. */
  userFilter: string;
  startTls: boolean;
  tls: ConnectionOptions;
  timeoutMs: number;
  /** Set when name, surname and department are refreshed from the directory at sign-in. */
  refresh: DirectoryAttributeMap | null;
}

/** What the directory said about a person's values of the mapped attributes (missing ones left out). */
export interface DirectoryAttributes {
  name?: string;
  surname?: string;
  department?: string;
}

export type DirectoryVerdict =
  | { ok: true; dn: string; attributes: DirectoryAttributes }
  | { ok: false; reason: 'empty password' | 'unknown user' | 'ambiguous user' | 'wrong password' };

/** The directory could not be asked (down, timed out, TLS refused, service account refused, bad settings). */
export class DirectoryUnavailableError extends Error {
  override readonly name = 'DirectoryUnavailableError';
}

export interface DirectoryLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

const settingsCache = new WeakMap<Config, DirectorySettings>();
const silentLog: DirectoryLog = { warn() {}, error() {} };

/**
 * The directory settings of this configuration, or null when office users keep local passwords (no LDAP_URL).
 * Unusable settings (a CA file that cannot be read, a filter template that is no filter) are logged and throw
 * DirectoryUnavailableError.
 */
export function directorySettings(config: Config, log: DirectoryLog = silentLog): DirectorySettings | null {
  if (!config.LDAP_URL) return null;
  const cached = settingsCache.get(config);
  if (cached) return cached;
  try {
    const settings = readSettings(config, config.LDAP_URL);
    settingsCache.set(config, settings);
    const host = new URL(settings.url).hostname;
    if (settings.url.startsWith('ldap:') && !settings.startTls && !['127.0.0.1', 'localhost', '[::1]'].includes(host)) {
      log.warn({ url: settings.url }, 'passwords go to the directory unencrypted: use ldaps:// or LDAP_STARTTLS');
    }
    return settings;
  } catch (error) {
    const why = `the LDAP settings are not usable (${error instanceof Error ? error.message : String(error)})`;
    log.error({ err: describeError(error) }, `directory unavailable: ${why}`);
    throw new DirectoryUnavailableError(why, { cause: error });
  }
}

function readSettings(config: Config, url: string): DirectorySettings {
  // loadConfig already requires these three once LDAP_URL is set.
  const settings: DirectorySettings = {
    url,
    bindDN: config.LDAP_BIND_DN ?? '',
    bindPassword: config.LDAP_BIND_PASSWORD ?? '',
    baseDN: config.LDAP_BASE_DN ?? '',
    userFilter: config.LDAP_USER_FILTER,
    startTls: config.LDAP_STARTTLS,
    tls: {
      rejectUnauthorized: config.LDAP_TLS_REJECT_UNAUTHORIZED,
      ...(config.LDAP_TLS_CA_FILE ? { ca: fs.readFileSync(config.LDAP_TLS_CA_FILE) } : {}),
    },
    timeoutMs: config.LDAP_TIMEOUT_MS,
    refresh: config.LDAP_REFRESH_ATTRIBUTES
      ? { name: config.LDAP_ATTR_NAME, surname: config.LDAP_ATTR_SURNAME, department: config.LDAP_ATTR_DEPARTMENT }
      : null,
  };
  // A template that does not make a valid filter is a setting error: say so at the first sign-in, clearly.
  FilterParser.parseString(buildUserFilter(settings.userFilter, 'probe'));
  return settings;
}

/** Puts the login into the filter template, escaped as RFC 4515 asks, so `*)(uid=*` is a value and never syntax. */
export function buildUserFilter(template: string, login: string): string {
  const value = Filter.escape(login);
  // A function replacement: `$&` and friends in a login must stay literal.
  return template.replaceAll('{login}', () => value);
}

type Stage = 'connect' | 'starttls' | 'service bind' | 'search' | 'user bind';

function describeError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  const code = (error as { code?: unknown }).code;
  return { type: error.name, message: error.message, ...(code === undefined ? {} : { code }) };
}

function firstValue(entry: Entry, attribute: string): string | undefined {
  if (!attribute) return undefined;
  const key = Object.keys(entry).find((k) => k.toLowerCase() === attribute.toLowerCase());
  const raw = key === undefined ? undefined : entry[key];
  const first = Array.isArray(raw) ? raw[0] : raw;
  if (first === undefined) return undefined;
  const text = (Buffer.isBuffer(first) ? first.toString('utf8') : String(first)).trim();
  return text === '' ? undefined : text;
}

function mappedAttributes(entry: Entry, map: DirectoryAttributeMap | null): DirectoryAttributes {
  if (!map) return {};
  const values: DirectoryAttributes = {};
  const name = firstValue(entry, map.name);
  const surname = firstValue(entry, map.surname);
  const department = firstValue(entry, map.department);
  if (name !== undefined) values.name = name;
  if (surname !== undefined) values.surname = surname;
  if (department !== undefined) values.department = department;
  return values;
}

/**
 * Checks `login` + `password` against the directory. Resolves with the verdict; throws DirectoryUnavailableError
 * (after logging why) when the directory could not give one. Never falls back to anything else.
 */
export async function authenticate(
  settings: DirectorySettings,
  login: string,
  password: string,
  log: DirectoryLog,
): Promise<DirectoryVerdict> {
  // An empty password would be an "unauthenticated bind" (RFC 4513, 5.1.2), which many servers accept.
  if (password === '') return { ok: false, reason: 'empty password' };

  const client = new Client({
    url: settings.url,
    timeout: settings.timeoutMs,
    connectTimeout: settings.timeoutMs,
    // ldapts speaks TLS from the first byte whenever tlsOptions are given: only for ldaps:// URLs.
    ...(settings.url.startsWith('ldaps:') ? { tlsOptions: settings.tls } : {}),
  });
  let stage: Stage = 'connect';
  try {
    if (settings.startTls) {
      stage = 'starttls';
      await client.startTLS(settings.tls);
    }
    stage = 'service bind';
    await client.bind(settings.bindDN, settings.bindPassword);

    stage = 'search';
    const map = settings.refresh;
    const attributes = map ? [map.name, map.surname, map.department].filter(Boolean) : ['1.1'];
    const { searchEntries } = await client.search(settings.baseDN, {
      scope: 'sub',
      filter: buildUserFilter(settings.userFilter, login),
      attributes,
      sizeLimit: 2,
      timeLimit: Math.max(1, Math.ceil(settings.timeoutMs / 1000)),
    });
    if (searchEntries.length === 0) return { ok: false, reason: 'unknown user' };
    if (searchEntries.length > 1) {
      log.warn({ login, base: settings.baseDN }, 'directory sign-in refused: the login matches more than one entry');
      return { ok: false, reason: 'ambiguous user' };
    }
    const entry = searchEntries[0]!;

    stage = 'user bind';
    try {
      await client.bind(entry.dn, password);
    } catch (error) {
      if (error instanceof InvalidCredentialsError) return { ok: false, reason: 'wrong password' };
      throw error;
    }
    return { ok: true, dn: entry.dn, attributes: mappedAttributes(entry, map) };
  } catch (error) {
    const why =
      stage === 'service bind' && error instanceof InvalidCredentialsError
        ? 'the directory refused the service account (LDAP_BIND_DN / LDAP_BIND_PASSWORD)'
        : `the directory failed at ${stage}`;
    log.error({ url: settings.url, stage, err: describeError(error) }, `directory unavailable: ${why}`);
    throw new DirectoryUnavailableError(why, { cause: error });
  } finally {
    await client.unbind().catch(() => undefined);
  }
}
