import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';

/**
 * The client's address for the sign-in limits: the one the trusted proxies report (`TRUST_PROXY`), or the socket's
 * when what they pass on is not an IP address, so that a made-up `X-Forwarded-For` value never counts as a client.
 */
export function clientAddress(request: FastifyRequest): string {
  const ip = request.ip;
  return isIP(ip) ? ip : (request.socket.remoteAddress ?? '');
}
