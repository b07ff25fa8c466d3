import { contract, rowId } from '@portal/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadConfig } from '../config.js';
import type { Db } from '../db/connect.js';
import { parseQuery } from '../http/query.js';
import { ApiError } from './errors.js';
import { registerApi, route, type RouteDef } from './registry.js';

/*
 * The registry's own rules, over public calls that answer what they were given: a call receives its own parameters
 * only, and a known call made with the other method is told the right one.
 */

const echoGet = contract<unknown>()('echo_get', 'GET', z.strictObject({ id: rowId, tag: z.string().optional() }));
const echoPost = contract<unknown>()(
  'echo_post',
  'POST',
  z.strictObject({ id: rowId, tags: z.array(z.string()).default([]) }).refine((v) => v.id > 0),
);
const echo = (c: typeof echoGet | typeof echoPost) =>
  route(c, { allow: 'public', handler: async ({ input }) => input }) as RouteDef;

describe('the call registry', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = Fastify({ logger: false, routerOptions: { querystringParser: parseQuery } });
    app.setErrorHandler((error: ApiError, _request, reply) =>
      reply.status(error.status).send({ error: error.code, message: error.message, fields: error.fields }),
    );
    // Public calls without a session never touch the database.
    registerApi(app, [echo(echoGet), echo(echoPost)], { db: {} as Db, config: loadConfig({}) });
    await app.ready();
  });
  afterAll(() => app.close());

  it("records each call's parameter names from its input, through refinements", () => {
    expect(echoGet.params).toEqual(['id', 'tag']);
    expect(echoPost.params).toEqual(['id', 'tags']);
  });

  it('passes a GET call only its own parameters: the call name, cache-busters and unknown keys are dropped', async () => {
    const response = await app.inject({ url: '/api?r=echo_get&id=7&tag=a&_=1700000000&userLang=lv&other[]=x' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().result).toEqual({ id: 7, tag: 'a' });
  });

  it('passes a POST call only its own parameters', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api?r=echo_post&extra=1',
      headers: { 'content-type': 'application/json' },
      payload: '{"id":7,"tags":["a"],"userLang":"lv","user_id":3,"toString":"x"}',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().result).toEqual({ id: 7, tags: ['a'] });
  });

  it('still refuses a parameter of its own that is not valid', async () => {
    const response = await app.inject({ url: '/api?r=echo_get&id=0x7&extra=1' });
    expect([response.statusCode, response.json().error, Object.keys(response.json().fields)]).toEqual([
      400,
      'invalid input',
      ['id'],
    ]);
  });

  it('answers a known call made with the other method 405 with Allow, an unknown call 404', async () => {
    const asPost = await app.inject({ method: 'POST', url: '/api?r=echo_get', payload: { id: 7 } });
    expect([asPost.statusCode, asPost.headers.allow, asPost.json().error]).toEqual([405, 'GET', 'method not allowed']);
    expect(asPost.json().message).toBe('echo_get is a GET call: send it with GET.');
    const asGet = await app.inject({ url: '/api?r=echo_post&id=7' });
    expect([asGet.statusCode, asGet.headers.allow]).toEqual([405, 'POST']);
    const head = await app.inject({ method: 'HEAD', url: '/api?r=echo_get&id=7' });
    expect(head.statusCode).toBe(200);
    expect((await app.inject({ url: '/api?r=no_such_call' })).statusCode).toBe(404);
  });
});
