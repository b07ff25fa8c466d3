import { buildApp } from './app.js';
import { directorySettings } from './auth/ldap.js';
import { loadConfig } from './config.js';
import { connect, migrateToLatest } from './db/connect.js';
import { seedDemoIfEmpty } from './seed/demo.js';

const config = loadConfig();
const connection = connect(config.DATABASE_URL, { baseDir: config.repoRoot });
await migrateToLatest(connection);
const app = await buildApp({ config, db: connection.db });
// Unusable directory settings stop the server now rather than at the first office sign-in.
directorySettings(config, app.log.child({ component: 'ldap' }));
if (config.DEMO_SEED) {
  const seeded = await seedDemoIfEmpty(connection.db);
  if (seeded) app.log.info('filled the empty database with the demo organisation');
}

const shutdown = async (signal: string) => {
  app.log.info({ signal }, 'shutting down');
  await app.close();
  await connection.close();
  process.exit(0);
};
process.once('SIGTERM', () => void shutdown('SIGTERM'));
process.once('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.PORT, host: config.HOST });
