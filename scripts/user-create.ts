/**
 * Creates a manager account, the first training manager of a new database above all:
 *   NEW_USER_PASSWORD=… npm run user:create -- --login anna.ozola --name Anna --surname Ozola --country lv
 *        [--role training_manager|office_admin|regman] [--department head-office] [--position training-manager]
 * The password comes from NEW_USER_PASSWORD or, when that is unset, the first line of standard input. A department or
 * position that does not exist yet is created (an office, in the account's country). Uses the server's settings.
 */
import readline from 'node:readline';
import { parseArgs } from 'node:util';
import { loadConfig } from '../apps/server/src/config.js';
import { connect, migrateToLatest } from '../apps/server/src/db/connect.js';
import { createManagerAccount, managerAccount } from '../apps/server/src/seed/manager-account.js';

function fail(message: string): never {
  console.error(`user:create: ${message}`);
  process.exit(1);
}

async function firstLine(): Promise<string> {
  const lines = readline.createInterface({ input: process.stdin });
  for await (const line of lines) return line;
  return '';
}

const { values } = (() => {
  try {
    return parseArgs({
      options: {
        login: { type: 'string' },
        name: { type: 'string' },
        surname: { type: 'string' },
        country: { type: 'string' },
        role: { type: 'string', default: 'training_manager' },
        department: { type: 'string', default: 'head-office' },
        position: { type: 'string', default: 'training-manager' },
      },
    });
  } catch (error) {
    fail((error as Error).message);
  }
})();

const parsed = managerAccount.safeParse({
  ...values,
  password: process.env.NEW_USER_PASSWORD ?? (await firstLine()),
});
if (!parsed.success) fail(parsed.error.issues.map((i) => `--${i.path.join('.')}: ${i.message}`).join('; '));

const config = loadConfig();
const connection = connect(config.DATABASE_URL, { baseDir: config.repoRoot });
try {
  await migrateToLatest(connection);
  const id = await createManagerAccount(connection.db, parsed.data);
  console.log(`Created ${parsed.data.role} ${parsed.data.login} (id ${id}).`);
} catch (error) {
  fail((error as Error).message);
} finally {
  await connection.close();
}
