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

export function setSessionCookie(reply: FastifyReply, token: string, options: { secure: boolean; maxAge: number }) {
  reply.header(
    'set-cookie',
    serialize(SESSION_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'lax', ...options }),
  );
}

/** Tells the browser to drop the session cookie (an empty value that expired long ago). */
export function clearSessionCookie(reply: FastifyReply) {
  reply.header(
    'set-cookie',
    serialize(SESSION_COOKIE, '', { path: '/', sameSite: 'lax', expires: new Date(0), maxAge: 0 }),
  );
}
