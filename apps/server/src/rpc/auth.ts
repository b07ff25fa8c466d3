import { authRoutes } from '@portal/shared';
import { randomBytes } from 'node:crypto';
import type { Config } from '../config.js';
import { createSession, endSession, hashToken } from '../db/sessions.js';
import { clearAttempts, giveBackAttempts, reserveAttempts } from '../db/login-attempts.js';
import { deviceSignIns, rememberDevice } from '../db/sign-in-devices.js';
import { findUserByLogin, refreshFromDirectory, setUserLanguage } from '../db/users.js';
import { authenticate, directorySettings, DirectoryUnavailableError } from '../auth/ldap.js';
import { verifyPassword, withPasswordCost } from '../auth/passwords.js';
import {
  addressKey,
  DEVICE_KNOWN_DAYS,
  isPinAttempt,
  needsPassword,
  signInKeys,
  type SignInLimits,
} from '../domain/sign-in.js';
import { ApiError, forbidden, rateLimited } from './errors.js';
import { route, type RouteContext, type RouteDef } from './registry.js';

const normalizeLogin = (login: string) => login.trim().toLowerCase();

const limits = (config: Config): SignInLimits => ({
  account: config.LOGIN_MAX_FAILURES_PER_ACCOUNT,
  address: config.LOGIN_MAX_FAILURES_PER_ADDRESS,
  pinFailures: config.LOGIN_MAX_PIN_FAILURES,
});

/** Attempts are counted per window: a refused caller may try again once it has passed. */
const tooManyAttempts = (config: Config) =>
  rateLimited('Too many attempts. Please wait a few minutes and try again.', config.LOGIN_WINDOW_MINUTES * 60);

/**
 * An office user's password is checked by the company directory alone (docs/ldap.md): no fallback to a local
 * hash, and the password is never stored. Optionally refreshes name, surname and department from it.
 */
async function directorySignIn(
  ctx: RouteContext<typeof authRoutes.loginRoute>,
  user: { id: number; login: string },
  password: string,
): Promise<boolean> {
  const log = ctx.log.child({ component: 'ldap' });
  let verdict;
  try {
    const settings = directorySettings(ctx.config, log)!;
    verdict = await authenticate(settings, user.login, password, log);
    if (verdict.ok && settings.refresh) {
      const refreshed = await refreshFromDirectory(ctx.db, user.id, verdict.attributes);
      if (refreshed?.unknownDepartment) {
        log.warn({ userId: user.id, department: refreshed.unknownDepartment }, 'directory department unknown');
      }
      if (refreshed?.changes) {
        await ctx.audit({ action: 'directory_refresh', subjectType: 'user', subjectId: user.id, ...refreshed.changes });
      }
    }
  } catch (error) {
    if (error instanceof DirectoryUnavailableError) {
      throw new ApiError('directory unavailable', 'The company directory cannot be reached. Please try again later.');
    }
    throw error;
  }
  return verdict.ok;
}

export const checkType = route(authRoutes.checkType, {
  allow: 'public',
  async handler({ input, db, config, ip }) {
    const key = `check:${addressKey(ip)}`;
    const counts = await reserveAttempts(db, [key], config.LOGIN_WINDOW_MINUTES);
    if (counts.get(key)! > config.CHECK_TYPE_MAX_PER_ADDRESS) throw tooManyAttempts(config);
    const user = await findUserByLogin(db, normalizeLogin(input.login));
    if (!user) return [];
    return [{ role: user.role, typ: user.typ, needs_password: needsPassword(user) }] as never;
  },
});

/** Is this the password (or PIN) of this user? Unknown accounts are checked against a dummy hash, at the same cost. */
async function credentialsMatch(
  ctx: RouteContext<typeof authRoutes.loginRoute>,
  user: Awaited<ReturnType<typeof findUserByLogin>>,
  pass: string,
): Promise<boolean> {
  if (!user) return verifyPassword(null, pass);
  if (user.typ === 'ldap_user' && ctx.config.LDAP_URL) return directorySignIn(ctx, user, pass);
  if (needsPassword(user)) return verifyPassword(user.pass_hash, pass);
  return withPasswordCost(pass === '' || pass === ctx.config.STORE_SHARED_PASSWORD, pass);
}

export const login = route(authRoutes.loginRoute, {
  allow: 'public',
  async handler(ctx) {
    const { input, db, config, ip, session } = ctx;
    const account = normalizeLogin(input.login);
    const deviceHash = session.device ? hashToken(session.device) : null;
    const now = new Date();
    const [user, deviceUsers] = await Promise.all([
      findUserByLogin(db, account),
      deviceSignIns(db, deviceHash, new Date(now.getTime() - DEVICE_KNOWN_DAYS * 86_400_000)),
    ]);
    const device = {
      hash: deviceHash,
      forUser: !!user && deviceUsers.includes(user.id),
      forAnyone: deviceUsers.length > 0,
    };
    const keys = signInKeys(
      {
        login: account,
        address: ip,
        pinAttempt: isPinAttempt(account, input.pass, config.STORE_SHARED_PASSWORD),
        device,
      },
      limits(config),
    );
    // The attempt is counted before the check and given back when it succeeds: a burst gets no more checks than the limit.
    const counts = await reserveAttempts(
      db,
      keys.map((k) => k.key),
      config.LOGIN_WINDOW_MINUTES,
      now,
    );
    const giveBack = () =>
      giveBackAttempts(
        db,
        keys.map((k) => k.key),
      );
    if (keys.some((k) => counts.get(k.key)! > k.max)) {
      await giveBack();
      throw tooManyAttempts(config);
    }
    let ok: boolean;
    try {
      ok = await credentialsMatch(ctx, user, input.pass);
    } catch (error) {
      await giveBack();
      throw error;
    }
    if (!user || !ok) throw new ApiError('wrong password', 'wrong password');
    await Promise.all([
      giveBackAttempts(
        db,
        keys.filter((k) => !k.account).map((k) => k.key),
      ),
      ...keys.filter((k) => k.account).map((k) => clearAttempts(db, k.key)),
    ]);
    const token = await createSession(db, user.id, {
      idleMinutes: config.SESSION_IDLE_MINUTES,
      maxHours: config.SESSION_MAX_HOURS,
    });
    session.set(token);
    if (!device.forUser) {
      const deviceToken = device.forAnyone ? session.device! : randomBytes(32).toString('base64url');
      await rememberDevice(db, hashToken(deviceToken), user.id, now);
      session.setDevice(deviceToken);
    }
    ctx.extra.COOKIE = { id: user.id, hash: token };
    return 'Logged in' as const;
  },
});

export const users = route(authRoutes.users, {
  allow: 'own',
  async handler({ input, actor }) {
    if (input.id !== undefined && input.id !== actor.id) throw forbidden('You can only load your own profile.');
    if (input.hash !== undefined && hashToken(input.hash) !== actor.tokenHash)
      throw forbidden('The hash is not your session.');
    return actor.profile;
  },
});

export const logout = route(authRoutes.logout, {
  allow: 'own',
  async handler({ actor, db, session }) {
    if (actor) await endSession(db, actor.tokenHash);
    session.clear();
    return 'Logged out' as const;
  },
});

export const setLanguage = route(authRoutes.setLanguage, {
  allow: 'own',
  writes: true,
  async handler({ input, actor, db }) {
    await setUserLanguage(db, actor.id, input.language);
    return 'ok' as const;
  },
});

export const authApi: RouteDef[] = [checkType, login, users, logout, setLanguage];
