import type { FastifyInstance } from 'fastify';
import { SESSION_COOKIE } from '@portal/shared';
import { apiRoutes } from '../../src/rpc/index.js';

export interface Answer {
  status: number;
  body: { result?: unknown; error?: string; message?: string; fields?: Record<string, string>; [key: string]: unknown };
  headers: Record<string, unknown>;
  raw: string;
}

export interface SendOptions {
  token?: string | null;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  remoteAddress?: string;
  /** A POST body sent exactly as given (not JSON-encoded), with this content type. */
  rawBody?: { payload: string; contentType: string };
  /** Extra query string (already encoded), appended after r. */
  rawQuery?: string;
}

const METHODS = new Map(apiRoutes.map((def) => [def.contract.name, def.contract.method]));

/** The method the registry declares for a route (POST for unknown names). */
export const methodOf = (route: string): 'GET' | 'POST' => METHODS.get(route) ?? 'POST';

/** Longest any single call may take before the test calls it a hang. */
export const HANG_MS = 15_000;

/** Encodes an input the protocol's way: GET in the query (arrays as `key[]`), POST as a JSON body. */
export function queryOf(input: Record<string, unknown>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(input)) {
    if (Array.isArray(value)) for (const v of value) query.append(`${key}[]`, stringify(v));
    else if (value !== undefined) query.append(key, stringify(value));
  }
  return query.toString();
}

const stringify = (value: unknown) =>
  typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);

/** One call of `/api?r=` through Fastify's inject, with a guard that turns a hang into a failure. */
export async function send(
  app: FastifyInstance,
  route: string,
  input: Record<string, unknown> = {},
  options: SendOptions = {},
): Promise<Answer> {
  const method = options.method ?? methodOf(route);
  const extra = method === 'GET' ? queryOf(input) : '';
  const url = `/api?r=${encodeURIComponent(route)}${extra ? `&${extra}` : ''}${options.rawQuery ? `&${options.rawQuery}` : ''}`;
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  if (options.token) headers.cookie = `${SESSION_COOKIE}=${options.token}`;
  let payload: string | undefined;
  if (method === 'POST') {
    if (options.rawBody) {
      payload = options.rawBody.payload;
      headers['content-type'] = options.rawBody.contentType;
    } else {
      payload = JSON.stringify(input);
      headers['content-type'] = 'application/json';
    }
  }
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${method} ${route} did not answer within ${HANG_MS} ms`)), HANG_MS);
  });
  try {
    const response = await Promise.race([
      app.inject({
        method,
        url,
        headers,
        ...(payload !== undefined ? { payload } : {}),
        ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
      }),
      hang,
    ]);
    let body: Answer['body'] = {};
    try {
      body = response.json();
    } catch {
      body = {};
    }
    return { status: response.statusCode, body, headers: response.headers, raw: response.body };
  } finally {
    clearTimeout(timer);
  }
}

/** True when an answer is the protocol's error envelope: `{ error: <code>, message: <text> }` and nothing odd. */
export function isEnvelope(answer: Answer): boolean {
  const { error, message } = answer.body;
  return typeof error === 'string' && typeof message === 'string' && !('result' in answer.body);
}
