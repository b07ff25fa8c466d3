// A country's people finishing courses while a manager reads the country's results page.
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Results finished a second in the country during its page's loads: about one a second would be a busy Monday
 * morning for the 6,700 people of the bench's country (a course each in two hours); ten a second have the page find
 * a few departments changed every time.
 */
export const FINISHED_PER_SECOND = 10;

/** One of the country's unfinished results: whose, and of which course. */
export interface Unfinished {
  userId: number;
  course: string;
}

/**
 * Records completions through the portal as an office admin does (`set_course_complete_manual`), so that everything
 * the portal keeps from a result changes as in use; `whileRunning` finishes results while the work it is given runs.
 */
export function finishingLearners(options: { port: number; adminCookie: string; unfinished: Unfinished[] }) {
  let next = 0;
  const finishOne = async () => {
    const target = options.unfinished[next++ % options.unfinished.length]!;
    const response = await fetch(`http://127.0.0.1:${options.port}/api?r=set_course_complete_manual`, {
      method: 'POST',
      headers: { cookie: options.adminCookie, 'content-type': 'application/json' },
      body: JSON.stringify({ course_user_id: target.userId, course_alias: target.course, complete: true }),
    });
    if (!response.ok) throw new Error(`finishing a course failed: ${response.status} ${await response.text()}`);
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
  };
}
