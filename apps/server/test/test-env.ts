import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { sql, type TableMetadata } from 'kysely';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe } from 'vitest';
import { buildApp, type AppDeps } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import { connect, isPostgres, migrateToLatest, type Connection, type Db, type Dialect } from '../src/db/connect.js';
import { apiRoutes } from '../src/rpc/index.js';
import { seedDemoIfEmpty } from '../src/seed/demo.js';
import { writeMissingDemoPackages } from '../src/seed/demo-packages.js';

export interface TestEnv {
  app: FastifyInstance;
  db: Db;
  dialect: Dialect;
  config: Config;
  connection: Connection;
  /** Signs in and returns the session token. */
  login(login: string, pass?: string): Promise<string>;
  /** Calls `/api?r=` as the holder of `token` (or anonymously). */
  call(
    route: string,
    input?: Record<string, unknown>,
    token?: string | null,
    method?: 'GET' | 'POST',
  ): Promise<CallResult>;
  close(): Promise<void>;
}

export interface CallResult {
  status: number;
  body: { result?: unknown; error?: string; message?: string; fields?: Record<string, string>; [key: string]: unknown };
  headers: Record<string, unknown>;
}

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;
export const DIALECTS: Dialect[] = TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

/** A fresh, migrated database: a temp SQLite file, or its own schema in the test PostgreSQL database. */
export async function openTestDatabase(dialect: Dialect): Promise<Connection & { dispose(): Promise<void> }> {
  if (dialect === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-test-'));
    const connection = connect(`sqlite:${path.join(dir, 'test.sqlite')}`);
    await migrateToLatest(connection);
    return {
      ...connection,
      dispose: async () => {
        await connection.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const connection = connect(TEST_DATABASE_URL, { searchPath: schema, poolSize: 5 });
  await withSchemaLock('shared', async (admin) => {
    await admin.query(`create schema ${schema}`);
    await migrateToLatest(connection);
  });
  return {
    ...connection,
    dispose: async () => {
      await connection.close();
      await withSchemaLock('alone', (admin) => admin.query(`drop schema ${schema} cascade`));
    },
  };
}

/**
 * Test files side by side create and drop schemas in one PostgreSQL database, and Kysely's introspection (which the
 * migrator runs) reads every schema's catalog rows: a schema dropped under it failed it with "schema … does not
 * exist". Introspecting holds this advisory lock shared, dropping a schema holds it alone.
 */
const SCHEMA_LOCK = 4_242_001;

async function withSchemaLock<T>(mode: 'shared' | 'alone', work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(`select pg_advisory_lock${mode === 'shared' ? '_shared' : ''}($1)`, [SCHEMA_LOCK]);
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/**
 * The tables of the connection's own schema: Kysely's introspection lists every schema of a PostgreSQL database,
 * where test files running side by side each have one.
 */
export async function ownTables(db: Db): Promise<TableMetadata[]> {
  if (!isPostgres(db)) return db.introspection.getTables();
  const schema = await currentSchema(db);
  const tables = await withSchemaLock('shared', () => db.introspection.getTables());
  return tables.filter((table) => table.schema === schema);
}

export async function currentSchema(db: Db): Promise<string> {
  return (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]!.schema;
}

/** What a second server process would open on the same database: the same SQLite file, or the same schema. */
async function openSecondConnection(db: Db, dialect: Dialect): Promise<Connection> {
  if (dialect === 'sqlite') {
    const { file } = (
      await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(db)
    ).rows[0]!;
    return connect(`sqlite:${file}`);
  }
  return connect(TEST_DATABASE_URL!, { searchPath: await currentSchema(db), poolSize: 2 });
}

/**
 * Per test, a fresh database filled with the demo organisation (`open`) and, on demand, a second connection to it as
 * another server process would open one (`secondProcess`); both are closed after each test.
 */
export function demoDatabasePerTest(dialect: Dialect): { open(): Promise<Db>; secondProcess(): Promise<Db> } {
  let database: Awaited<ReturnType<typeof openTestDatabase>> | undefined;
  let other: Connection | undefined;
  afterEach(async () => {
    await other?.close();
    await database?.dispose();
    other = undefined;
    database = undefined;
  });
  return {
    async open() {
      database = await openTestDatabase(dialect);
      await seedDemoIfEmpty(database.db);
      return database.db;
    },
    async secondProcess() {
      other = await openSecondConnection(database!.db, dialect);
      return other.db;
    },
  };
}

/** The whole app over a fresh database filled with the demo organisation, and a courses folder with its courses. */
export async function createTestEnv(
  dialect: Dialect,
  env: Record<string, string> = {},
  logger: AppDeps['logger'] = false,
): Promise<TestEnv> {
  const database = await openTestDatabase(dialect);
  await seedDemoIfEmpty(database.db);
  const coursesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-courses-'));
  const config = loadConfig({ LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent', COURSES_DIR: coursesDir, ...env });
  writeMissingDemoPackages(config.COURSES_DIR);
  const app = await buildApp({ config, db: database.db, logger });
  await app.ready();

  const call: TestEnv['call'] = async (route, input = {}, token = null, method) => {
    const isGet = (method ?? guessMethod(route)) === 'GET';
    const query = new URLSearchParams({ r: route });
    if (isGet) {
      for (const [key, value] of Object.entries(input)) {
        if (Array.isArray(value)) for (const v of value) query.append(`${key}[]`, String(v));
        else if (value !== undefined) query.append(key, String(value));
      }
    }
    const response = await app.inject({
      method: isGet ? 'GET' : 'POST',
      url: `/api?${query}`,
      ...(isGet ? {} : { payload: input }),
      headers: token ? { cookie: `portal_session=${token}` } : {},
    });
    return { status: response.statusCode, body: response.json(), headers: response.headers };
  };

  return {
    app,
    db: database.db,
    dialect,
    config,
    connection: database,
    call,
    async login(login, pass = '') {
      const result = await call('login', { login, pass }, null, 'POST');
      const cookie = result.body.COOKIE as { hash: string } | undefined;
      if (result.status !== 200 || !cookie) throw new Error(`login ${login} failed: ${JSON.stringify(result.body)}`);
      return cookie.hash;
    },
    async close() {
      await app.close();
      await database.dispose();
      fs.rmSync(coursesDir, { recursive: true, force: true });
    },
  };
}

/** Each call's method, from the registry, so tests need not repeat it. */
const METHODS = new Map(apiRoutes.map((def) => [def.contract.name, def.contract.method]));
const guessMethod = (route: string) => METHODS.get(route) ?? 'POST';

/** Runs the same tests once per database: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. */
export function describeEachDatabase(
  name: string,
  body: (env: () => TestEnv) => void,
  envVars: Record<string, string> = {},
): void {
  for (const dialect of ['sqlite', 'postgres'] as const) {
    if (!DIALECTS.includes(dialect)) {
      describe.skip(`${name} [${dialect}: skipped, TEST_DATABASE_URL is not set]`, () =>
        body(() => undefined as never));
      continue;
    }
    describe(`${name} [${dialect}]`, () => {
      let env: TestEnv | undefined;
      beforeAll(async () => {
        env = await createTestEnv(dialect, envVars);
      }, 60_000);
      afterAll(async () => {
        await env?.close();
      });
      body(() => {
        if (!env) throw new Error('test environment not ready');
        return env;
      });
    });
  }
}
