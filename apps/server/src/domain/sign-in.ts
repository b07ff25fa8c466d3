import { isIPv4, isIPv6 } from 'node:net';
import { PIN_PATTERN } from './pin.js';

/** Store learners sign in with their PIN alone; store admins and every office user need a password. */
export function needsPassword(user: { role: string; typ: string }): boolean {
  return user.typ !== 'store_user' || user.role === 'admin';
}

/** A browser counts as known for the sign-in limits this long after a sign-in from it. */
export const DEVICE_KNOWN_DAYS = 180;

/** A sign-in by PIN alone (a PIN-shaped login without a manager password), as a PIN guess looks. */
export function isPinAttempt(login: string, pass: string, storeSharedPassword: string): boolean {
  return PIN_PATTERN.test(login) && (pass === '' || pass === storeSharedPassword);
}

/** The eight 16-bit groups of an IPv6 address (a zone index dropped, a dotted IPv4 tail converted). */
function ipv6Groups(ip: string): number[] {
  let text = ip.split('%')[0]!.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const gap = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...gap, ...right].map((group) => parseInt(group, 16));
}

/**
 * The address the sign-in limits count under: an IPv4 address itself (also written as IPv4-mapped IPv6), an IPv6
 * address by its /64, the block one subscriber gets, so that rotating through it gains nothing.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (isIPv4(ip) || !isIPv6(ip)) return ip;
  const groups = ipv6Groups(ip);
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

export interface SignInLimits {
  account: number;
  address: number;
  pinFailures: number;
}

export interface AttemptKey {
  key: string;
  max: number;
  /** Cleared on success: the owner's own slips are forgotten once they are in. */
  account?: boolean;
}

/**
 * The counters one sign-in attempt reserves (SECURITY.md, "Sign-in limits"). From a browser the person has signed
 * in from, only that browser's own failures for the account count, so no one elsewhere can lock the owner out. Other
 * attempts count per client address, and per account (password) or, for PIN attempts, on one service-wide counter,
 * or on the browser's when anyone has signed in from it (a shared store device).
 */
export function signInKeys(
  attempt: {
    login: string;
    address: string;
    pinAttempt: boolean;
    device: { hash: string | null; forUser: boolean; forAnyone: boolean };
  },
  limits: SignInLimits,
): AttemptKey[] {
  const { login, address, pinAttempt, device } = attempt;
  if (device.hash && device.forUser)
    return [{ key: `acct:${login}|dev:${device.hash}`, max: limits.account, account: true }];
  const keys: AttemptKey[] = [{ key: `ip:${addressKey(address)}`, max: limits.address }];
  if (!pinAttempt) keys.push({ key: `acct:${login}`, max: limits.account, account: true });
  else if (device.hash && device.forAnyone) keys.push({ key: `dev:${device.hash}`, max: limits.address });
  else keys.push({ key: 'pin-failures', max: limits.pinFailures });
  return keys;
}
