import http from 'node:http';
import { SESSION_COOKIE } from '@portal/shared';
import { methodOf, queryOf } from './http.js';

/** A client of a running portal over real HTTP (crash and load tests). */
export interface Reply {
  status: number;
  body: { result?: unknown; error?: string; COOKIE?: { id: number; hash: string }; [key: string]: unknown };
}

export async function call(
  baseUrl: string,
  route: string,
  input: Record<string, unknown> = {},
  token: string | null = null,
): Promise<Reply> {
  const method = methodOf(route);
  const query = method === 'GET' ? queryOf(input) : '';
  const response = await fetch(`${baseUrl}/api?r=${route}${query ? `&${query}` : ''}`, {
    method,
    headers: {
      ...(token ? { cookie: `${SESSION_COOKIE}=${token}` } : {}),
      ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
    },
    ...(method === 'POST' ? { body: JSON.stringify(input) } : {}),
  });
  const text = await response.text();
  let body: Reply['body'] = {};
  try {
    body = JSON.parse(text) as Reply['body'];
  } catch {
    body = { error: `not JSON: ${text.slice(0, 100)}` };
  }
  return { status: response.status, body };
}

/** Signs in and returns the session token; throws when sign-in fails. */
export async function signIn(baseUrl: string, login: string, pass = ''): Promise<string> {
  const reply = await call(baseUrl, 'login', { login, pass });
  if (reply.status !== 200 || !reply.body.COOKIE) throw new Error(`sign-in of ${login}: ${JSON.stringify(reply.body)}`);
  return reply.body.COOKIE.hash;
}

/**
 * Sends one commit of the player's launch page: to the content origin's host (content.localhost on the server's
 * port, by its Host header), with the attempt's token, as a browser on the server's machine would.
 */
export function commitAttempt(baseUrl: string, body: Record<string, unknown>): Promise<Reply> {
  const url = new URL(baseUrl);
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const sent = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: '/scorm-commit',
        method: 'POST',
        headers: {
          host: `content.localhost:${url.port}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
        },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => {
          try {
            resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) as Reply['body'] });
          } catch {
            resolve({ status: response.statusCode ?? 0, body: { error: `not JSON: ${text.slice(0, 100)}` } });
          }
        });
      },
    );
    // A failed connection rejects as fetch does (a TypeError), so callers tell a server gone the same way.
    sent.once('error', (error) => reject(new TypeError(`commit failed: ${error.message}`)));
    sent.end(payload);
  });
}
