// A country's learners finishing courses while a manager reads the country's results page.
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { connect } from '../../apps/server/src/db/connect.js';

/**
 * Results finished a second in the country during its page's loads: about one a second would be a busy Monday
 * morning for the 6,700 people of the bench's country (a course each in two hours); ten a second have the page find
 * a few departments changed every time.
 */
export const FINISHED_PER_SECOND = 10;

/** How many of the country's results take turns being finished (spread over its people). */
const TARGETS = 5_000;

/**
 * Writes straight to the database, as a course's completion does through its triggers (a result's row changes, the
 * person's results row and version with it), one result at a time. `whileRunning` finishes results while the work it is
 * given runs; `touchCatalogue` moves the catalogue version on without changing the catalogue (a course's row
 * written as it is), so that every count made from the catalogue is made again.
 */
export function finishingLearners(options: { databaseUrl: string; baseDir: string; country: string }) {
  const connection = connect(options.databaseUrl, { baseDir: options.baseDir, poolSize: 1 });
  const { db } = connection;
  let targets: Promise<number[]> | undefined;
  const resultIds = async () => {
    const rows = await db
      .selectFrom('course_results')
      .innerJoin('users', 'users.id', 'course_results.user_id')
      .select('course_results.id')
      .where('users.country', '=', options.country)
      .orderBy('course_results.id')
      .execute();
    const step = Math.max(1, Math.floor(rows.length / TARGETS));
    return rows.filter((_row, index) => index % step === 0).map((row) => row.id);
  };
  let next = 0;
  const finishOne = async () => {
    const ids = await (targets ??= resultIds());
    const id = ids[next++ % ids.length]!;
    const now = new Date().toISOString();
    await db
      .updateTable('course_results')
      .set({ complete: 1, finish_time: now, updated_at: now })
      .where('id', '=', id)
      .execute();
  };
  return {
    async whileRunning<T>(work: () => Promise<T>): Promise<T> {
      let done = false;
      const writing = (async () => {
        while (!done) {
          await finishOne();
          await sleep(1000 / FINISHED_PER_SECOND);
        }
      })();
      try {
        return await work();
      } finally {
        done = true;
        await writing;
      }
    },
    async touchCatalogue(): Promise<void> {
      await sql`update courses set status = status where id = (select min(id) from courses)`.execute(db);
    },
    close: () => connection.close(),
  };
}
