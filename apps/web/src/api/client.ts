import type { ContractNamed, ErrorCode, InputOf, OutputOf, RouteName } from '@portal/shared';

/** A failed call, carrying the envelope's code (`not active`, `forbidden`, `invalid input` …). */
export class ApiCallError extends Error {
  constructor(
    readonly code: ErrorCode | 'network',
    message: string,
    readonly status: number,
    readonly fields?: Record<string, string>,
    /** How long the server asks to wait before trying again (its Retry-After header), when it says. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/** A Retry-After header given in seconds; its date form is not used by the server. */
function retryAfterOf(response: Response): number | undefined {
  const header = response.headers.get('retry-after');
  const seconds = header === null ? NaN : Number(header);
  return Number.isInteger(seconds) && seconds >= 0 ? seconds : undefined;
}

type Input<N extends string> = InputOf<ContractNamed<N>>;
type Output<N extends string> = OutputOf<ContractNamed<N>>;

interface CallOptions {
  signal?: AbortSignal;
  /** Lets the request outlive the page (last SCORM commit on close). */
  keepalive?: boolean;
}

/** Inputs that are secrets: the session travels in its cookie, a password in a body, neither ever in an address. */
const SECRET_INPUTS = new Set(['userHash', 'hash', 'pass', 'password']);

/** The query of `/api?r=…` (and `/api/download?r=…`) for a route and its inputs; refuses a secret input. */
export function queryString(route: string, input: Record<string, unknown>): string {
  const params = new URLSearchParams({ r: route });
  for (const [key, value] of Object.entries(input)) {
    if (SECRET_INPUTS.has(key)) throw new Error(`"${key}" is a secret and never goes into an address.`);
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) params.append(`${key}[]`, String(item));
    else params.append(key, String(value));
  }
  return params.toString();
}

async function send(url: string, init: RequestInit): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'same-origin', ...init });
  } catch (error) {
    throw new ApiCallError('network', error instanceof Error ? error.message : 'Network error', 0);
  }
  const body = (await response.json().catch(() => null)) as {
    result?: unknown;
    error?: ErrorCode;
    message?: string;
    fields?: Record<string, string>;
  } | null;
  if (!response.ok || !body || body.error) {
    throw new ApiCallError(
      body?.error ?? 'internal',
      body?.message ?? response.statusText,
      response.status,
      body?.fields,
      retryAfterOf(response),
    );
  }
  return body;
}

/** Calls a GET route of `/api?r=`; inputs travel in the query string. */
export async function get<N extends RouteName<'GET'>>(
  route: N,
  input: Input<N>,
  options: CallOptions = {},
): Promise<Output<N>> {
  const body = (await send(`/api?${queryString(route, input as Record<string, unknown>)}`, {
    method: 'GET',
    ...options,
  })) as { result: Output<N> };
  return body.result;
}

/** Calls a POST route of `/api?r=` with a JSON body; returns the whole envelope's result. */
export async function post<N extends RouteName<'POST'>>(
  route: N,
  input: Input<N>,
  options: CallOptions = {},
): Promise<Output<N>> {
  const body = (await send(`/api?r=${encodeURIComponent(route)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(input),
    ...options,
  })) as { result: Output<N> };
  return body.result;
}

/** Like `post`, but returns the whole envelope (login's COOKIE travels beside the result). */
export async function postEnvelope<N extends RouteName<'POST'>>(
  route: N,
  input: Input<N>,
): Promise<Record<string, unknown>> {
  return (await send(`/api?r=${encodeURIComponent(route)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(input),
  })) as Record<string, unknown>;
}
