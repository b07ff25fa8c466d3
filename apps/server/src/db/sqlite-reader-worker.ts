// The thread of a second, read-only SQLite connection (started by sqlite-reader.ts).
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import type { ReaderAnswer, ReaderQuestion, ReaderSetup } from './sqlite-reader-messages.js';

const { file, cacheKib } = workerData as ReaderSetup;
const sqlite = new SQLite(file, { readonly: true, fileMustExist: true });
sqlite.pragma('busy_timeout = 5000');
sqlite.pragma(`cache_size = -${cacheKib}`);

/** Compiled statements of the SQL texts seen; the few queries sent here repeat. */
const statements = new Map<string, SQLite.Statement>();
function statementOf(source: string): SQLite.Statement {
  let statement = statements.get(source);
  if (!statement) {
    if (statements.size >= 100) statements.clear();
    statement = sqlite.prepare(source);
    statements.set(source, statement);
  }
  return statement;
}

const port = parentPort!;
port.on('message', ({ id, sql, parameters }: ReaderQuestion) => {
  let answer: ReaderAnswer;
  try {
    const statement = statementOf(sql);
    if (!statement.reader) throw new Error('Only queries that return rows are read on the second connection.');
    answer = { id, rows: statement.all(parameters) as Record<string, unknown>[] };
  } catch (error) {
    answer = { id, failure: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(answer);
});
