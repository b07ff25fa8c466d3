import type { FastifyRequest } from 'fastify';

const SECRET_PARAMS = /([?&](?:userHash|hash|pass|password)=)[^&]*/gi;

/** Pino settings: never a session token, cookie or password in a log line. */
export function loggerOptions(level: string) {
  return {
    level,
    redact: { paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'], remove: true },
    serializers: {
      req(request: FastifyRequest) {
        return {
          method: request.method,
          url: request.url.replace(SECRET_PARAMS, '$1[redacted]'),
          remoteAddress: request.ip,
        };
      },
    },
  };
}
