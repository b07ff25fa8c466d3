import cluster from 'node:cluster';
import { pino } from 'pino';
import { buildApp } from './app.js';
import { directorySettings } from './auth/ldap.js';
import { shareHashingCores } from './auth/passwords.js';
import { loadConfig, type Config } from './config.js';
import { connect, migrateToLatest, type Connection } from './db/connect.js';
import { loggerOptions } from './http/logging.js';
import { retirePublishedPassword, seedDemoIfEmpty } from './seed/demo.js';
import { DEMO_PASSWORD } from './seed/demo-org.js';
import { writeMissingDemoPackages } from './seed/demo-packages.js';
import { superviseServerProcesses } from './server-processes.js';

/** Brings the database (and with DEMO_SEED the demo courses' packages) up to date, once, before any process serves. */
async function prepareDatabase(connection: Connection, config: Config, log: pino.Logger): Promise<void> {
  await migrateToLatest(connection);
  if (config.DEMO_SEED && config.DEMO_PASSWORD) {
    if (await seedDemoIfEmpty(connection.db, config.DEMO_PASSWORD))
      log.info('filled the empty database with the demo organisation');
    const written = writeMissingDemoPackages(config.COURSES_DIR, config.repoRoot);
    if (written.length > 0) log.info({ folders: written.length }, 'wrote the demo courses into the courses folder');
  }
  if (config.DEMO_PASSWORD !== DEMO_PASSWORD) {
    const retired = await retirePublishedPassword(connection.db);
    if (retired.length > 0) log.warn({ logins: retired }, 'took the published demo password from these accounts');
  }
}

/** How long requests still running at a shutdown may take before their connections are cut. */
const SHUTDOWN_GRACE_MS = 3000;

async function serve(connection: Connection, config: Config): Promise<void> {
  shareHashingCores(config.SERVER_PROCESSES);
  const app = await buildApp({ config, db: connection.db });
  let closing: Promise<void> | undefined;
  const shutdown = (signal: string) =>
    (closing ??= (async () => {
      app.log.info({ signal }, 'shutting down');
      // A browser opens connections ahead of need (to the content origin's host as well); one that never carried a
      // request would hold the close until its headers time out. Requests still running get a grace period.
      setTimeout(() => app.server.closeAllConnections(), SHUTDOWN_GRACE_MS).unref();
      await app.close();
      await connection.close();
      process.exit(0);
    })());
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
  await app.listen({ port: config.PORT, host: config.HOST });
}

const config = loadConfig();
const connection = connect(config.DATABASE_URL, { baseDir: config.repoRoot });
if (cluster.isPrimary) {
  const log = pino(loggerOptions(config.LOG_LEVEL));
  // Unusable directory settings stop the server now rather than at the first office sign-in.
  directorySettings(config, log.child({ component: 'ldap' }));
  await prepareDatabase(connection, config, log);
  if (config.SERVER_PROCESSES === 1) {
    await serve(connection, config);
  } else {
    await connection.close();
    superviseServerProcesses(config.SERVER_PROCESSES, log);
  }
} else {
  await serve(connection, config);
}
