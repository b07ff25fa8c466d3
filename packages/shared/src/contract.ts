import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST';

/** The shape of one call of the `/api?r=` endpoint: shared by the server's registry and the web client. */
export interface RouteContract<
  Name extends string = string,
  Input extends z.ZodType = z.ZodType,
  Output = unknown,
  Method extends HttpMethod = HttpMethod,
> {
  name: Name;
  method: Method;
  input: Input;
  /** The names of the call's parameters: the registry passes it these and drops any other. */
  params: readonly string[];
  /** Phantom field carrying the result type; never set at run time. */
  readonly output?: Output;
}

export function contract<Output>() {
  return <Name extends string, Method extends HttpMethod, Input extends z.ZodType>(
    name: Name,
    method: Method,
    input: Input,
  ): RouteContract<Name, Input, Output, Method> => ({ name, method, input, params: parameterNames(input) });
}

/** The top-level keys of a call's input: an object schema, possibly refined or transformed (a pipe from one). */
function parameterNames(input: z.ZodType): string[] {
  const def = input._zod.def as { type: string; shape?: Record<string, unknown>; in?: z.ZodType };
  if (def.type === 'object' && def.shape) return Object.keys(def.shape);
  if (def.type === 'pipe' && def.in) return parameterNames(def.in);
  throw new Error('A call takes an object of named parameters.');
}

export type InputOf<C> = C extends RouteContract<string, infer I, unknown, HttpMethod> ? z.input<I> : never;
export type ParsedInputOf<C> = C extends RouteContract<string, infer I, unknown, HttpMethod> ? z.output<I> : never;
export type OutputOf<C> = C extends RouteContract<string, z.ZodType, infer O, HttpMethod> ? O : never;

/** Error codes of the envelope `{ error, message }` (architecture.md, "The call protocol"). */
export const ERROR_STATUS = {
  'wrong password': 401,
  'not active': 401,
  forbidden: 403,
  'invalid input': 400,
  'not found': 404,
  no_user_found: 404,
  conflict: 409,
  'method not allowed': 405,
  'rate limited': 429,
  internal: 500,
  'directory unavailable': 503,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

export interface ErrorEnvelope {
  error: ErrorCode;
  message: string;
  fields?: Record<string, string>;
  /** Per failing field, a stable reason code with its parameters, where the web says the reason itself. */
  reasons?: Record<string, { reason: string } & Record<string, string | number>>;
}
