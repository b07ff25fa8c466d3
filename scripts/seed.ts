// `npm run seed -- --size large [--database-url sqlite:data/large.sqlite]`: builds the large synthetic data set
// of demo-data.md into a separate, new database. `--size demo` fills DATABASE_URL with the demo organisation
// and COURSES_DIR with its courses.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../apps/server/src/config.js';
import { connect, migrateToLatest } from '../apps/server/src/db/connect.js';
import { seedDemoIfEmpty } from '../apps/server/src/seed/demo.js';
import { writeMissingDemoPackages } from '../apps/server/src/seed/demo-packages.js';
import { LARGE, seedSynthetic } from '../apps/server/src/seed/synthetic.js';

const { values } = parseArgs({
  options: {
    size: { type: 'string', default: 'demo' },
    'database-url': { type: 'string' },
    users: { type: 'string' },
  },
});

const config = loadConfig();
const started = Date.now();

if (values.size === 'large') {
  const url = values['database-url'] ?? 'sqlite:data/large.sqlite';
  if (url.startsWith('sqlite:')) {
    const file = path.resolve(config.repoRoot, url.slice('sqlite:'.length));
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(file + suffix, { force: true });
  }
  const connection = connect(url, { baseDir: config.repoRoot });
  await migrateToLatest(connection);
  const existing = await connection.db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (existing) throw new Error(`${url} is not empty: the large data set needs a database of its own`);
  const size = values.users ? { ...LARGE, users: Number(values.users) } : LARGE;
  const counts = await seedSynthetic(connection, size, new Date(), (line) => console.log(`  ${line}`));
  await connection.close();
  console.log(`Large data set in ${url}: ${JSON.stringify(counts)} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
} else if (values.size === 'demo') {
  if (!config.DEMO_PASSWORD) {
    console.error('DEMO_PASSWORD is required for the demo organisation with NODE_ENV=production or PostgreSQL');
    process.exit(2);
  }
  const connection = connect(config.DATABASE_URL, { baseDir: config.repoRoot });
  await migrateToLatest(connection);
  const seeded = await seedDemoIfEmpty(connection.db, config.DEMO_PASSWORD);
  await connection.close();
  writeMissingDemoPackages(config.COURSES_DIR, config.repoRoot);
  console.log(seeded ? 'Demo organisation created.' : 'The database already has users; nothing changed.');
} else {
  console.error('--size must be demo or large');
  process.exit(2);
}
