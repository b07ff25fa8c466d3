import { authRoutes } from '@portal/shared';
import { hashToken } from '../db/sessions.js';
import { createSession, endSession } from '../db/sessions.js';
import { attemptsOf, clearAttempts, countAttempt, isLimited } from '../db/login-attempts.js';
import { findUserByLogin, refreshFromDirectory, setUserLanguage } from '../db/users.js';
import { authenticate, directorySettings, DirectoryUnavailableError } from '../auth/ldap.js';
import { verifyPassword, withPasswordCost } from '../auth/passwords.js';
import { needsPassword } from '../domain/sign-in.js';
import { ApiError, forbidden } from './errors.js';
import { route, type RouteContext, type RouteDef } from './registry.js';

const normalizeLogin = (login: string) => login.trim().toLowerCase();

function limits(ctx: RouteContext<typeof authRoutes.loginRoute>) {
  const windowMinutes = ctx.config.LOGIN_WINDOW_MINUTES;
  return {
    account: { max: ctx.config.LOGIN_MAX_FAILURES_PER_ACCOUNT, windowMinutes },
    address: { max: ctx.config.LOGIN_MAX_FAILURES_PER_ADDRESS, windowMinutes },
  };
}

const rateLimited = () => new ApiError('rate limited', 'Too many attempts. Please wait a few minutes and try again.');

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
    // Here and in `login` the attempts and the account are read together: on PostgreSQL in one round trip, on SQLite
    // in one read transaction.
    const limit = { max: config.CHECK_TYPE_MAX_PER_ADDRESS, windowMinutes: config.LOGIN_WINDOW_MINUTES };
    const key = `check:${ip}`;
    const [attempts, user] = await Promise.all([
      attemptsOf(db, [key]),
      findUserByLogin(db, normalizeLogin(input.login)),
    ]);
    if (isLimited(attempts.get(key), limit)) throw rateLimited();
    await countAttempt(db, key, limit);
    if (!user) return [];
    return [{ role: user.role, typ: user.typ, needs_password: needsPassword(user) }] as never;
  },
});

export const login = route(authRoutes.loginRoute, {
  allow: 'public',
  async handler(ctx) {
    const { input, db, config, ip } = ctx;
    const account = normalizeLogin(input.login);
    const keys = { account: `acct:${account}`, address: `ip:${ip}` };
    const limit = limits(ctx);
    const [attempts, user] = await Promise.all([
      attemptsOf(db, [keys.account, keys.address]),
      findUserByLogin(db, account),
    ]);
    if (isLimited(attempts.get(keys.account), limit.account) || isLimited(attempts.get(keys.address), limit.address)) {
      throw rateLimited();
    }
    const ok = user
      ? user.typ === 'ldap_user' && config.LDAP_URL
        ? await directorySignIn(ctx, user, input.pass)
        : needsPassword(user)
          ? await verifyPassword(user.pass_hash, input.pass)
          : await withPasswordCost(input.pass === '' || input.pass === config.STORE_SHARED_PASSWORD, input.pass)
      : await verifyPassword(null, input.pass);
    if (!user || !ok) {
      await countAttempt(db, keys.account, limit.account);
      await countAttempt(db, keys.address, limit.address);
      throw new ApiError('wrong password', 'wrong password');
    }
    // Most sign-ins follow no failed attempt: nothing to clear, one write fewer.
    if (attempts.has(keys.account)) await clearAttempts(db, keys.account);
    const token = await createSession(db, user.id, {
      idleMinutes: config.SESSION_IDLE_MINUTES,
      maxHours: config.SESSION_MAX_HOURS,
    });
    ctx.session.set(token);
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
