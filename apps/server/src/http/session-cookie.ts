import { parse, serialize } from 'cookie';
import { SESSION_COOKIE } from '@portal/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The session cookie, read and written where a call needs it. A cookie plugin parses every request's cookies in a hook
 * and runs another before every answer; the portal only ever reads and writes this one cookie, in a handful of calls.
 */
export function sessionCookie(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  return header ? parse(header)[SESSION_COOKIE] : undefined;
}

/** Set and cleared alike: a clearing cookie of another path would leave the session's cookie in place. */
const SCOPE = { path: '/', sameSite: 'lax' } as const;

export function setSessionCookie(reply: FastifyReply, token: string, options: { secure: boolean; maxAge: number }) {
  reply.header('set-cookie', serialize(SESSION_COOKIE, token, { ...SCOPE, httpOnly: true, ...options }));
}

/** Tells the browser to drop the session cookie (an empty value that expired long ago). */
export function clearSessionCookie(reply: FastifyReply) {
  reply.header('set-cookie', serialize(SESSION_COOKIE, '', { ...SCOPE, expires: new Date(0), maxAge: 0 }));
}

/** The browser's device token: set at its first sign-in, it lets its owners past strangers' failures (SECURITY.md). */
export const DEVICE_COOKIE = 'portal_device';

export function deviceCookie(request: FastifyRequest): string | null {
  const header = request.headers.cookie;
  return (header ? parse(header)[DEVICE_COOKIE] : undefined) || null;
}

export function setDeviceCookie(reply: FastifyReply, token: string, options: { secure: boolean; maxAge: number }) {
  reply.header('set-cookie', serialize(DEVICE_COOKIE, token, { ...SCOPE, httpOnly: true, ...options }));
}
