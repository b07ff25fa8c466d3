import type { FastifyReply, FastifyRequest } from 'fastify';
import { LogController } from 'fastify';

/** Query parameters that carry a session token or a password, by name as the query parser reads it. */
const SECRET_PARAMS = new Set(['userhash', 'hash', 'pass', 'password']);

/** The parameter's name as `parseQuery` reads it: percent-decoded, `+` as a space, without a `[]` suffix. */
function paramName(raw: string): string {
  let name = raw.replace(/\+/g, ' ');
  try {
    name = decodeURIComponent(name);
  } catch {
    // Left as it is, as URLSearchParams leaves a malformed escape.
  }
  return name.replace(/\[\]$/, '').toLowerCase();
}

/** A request address with the value of every secret parameter replaced, however its name is written. */
export function redactUrl(url: string): string {
  const query = url.indexOf('?');
  if (query < 0) return url;
  const pairs = url
    .slice(query + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals < 0 ? pair : pair.slice(0, equals);
      return SECRET_PARAMS.has(paramName(name)) ? `${name}=[redacted]` : pair;
    });
  return `${url.slice(0, query)}?${pairs.join('&')}`;
}

/**
 * Pino settings: never a session token, cookie or password in a log line. A request is logged as its method, address
 * (secret parameters replaced) and client address only, never its headers or body; an answer (Fastify's `res`) as its
 * status. Pino's `redact` of header paths found nothing to remove after that (it copied each line's `req` to look) and
 * is left out; `logging.test.ts` checks that no secret reaches a line.
 */
export function loggerOptions(level: string) {
  return {
    level,
    serializers: {
      req(request: FastifyRequest) {
        return {
          method: request.method,
          url: redactUrl(request.url),
          remoteAddress: request.ip,
        };
      },
    },
  };
}

/**
 * One log line a request, as an access log writes it: once the request has been answered, with what was asked
 * (`req`), the status and the time. Fastify's own way writes a line when the request comes in as well; here that line
 * is written only at `debug`. At `info` a third fewer bytes are written; the CPU of a call moved within the machine's
 * noise.
 */
export class RequestLog extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (!this.isLogDisabled(request)) request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
