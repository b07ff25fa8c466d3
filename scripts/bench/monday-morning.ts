// A Monday morning: many learners arrive within a minute, each signing in and opening home and the course page as the
// web app does, one browser each, each from an address of its own (127.1.x.y: the portal limits sign-in attempts
// per address, and learners come from many).
import http from 'node:http';
import { seededRandom } from '../../apps/server/src/seed/random.js';
import { quantile } from './load.js';

/** Who signs in: a store learner with their PIN alone (`pass` empty), an office learner with a password. */
export interface Learner {
  login: string;
  pass: string;
}

export interface MondayMorningResult {
  learners: number;
  calls: number;
  /** Visits that met an answer other than 2xx, or none (each stops there). */
  failures: number;
  /** The first few failures, for the report. */
  failureSamples: string[];
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** The sign-in call alone. */
  signInP99: number;
  seconds: number;
}

interface Answer {
  status: number;
  body: string;
  setCookie: string[];
}

/**
 * One learner's visit, as the web app makes it: the sign-in page asks what kind of account the login is, signs in,
 * the home page asks for the person, the counts of its tiles and the notifications at once, then the course page for
 * the person's progress and the catalogue of their courses (not yet in the browser's cache).
 */
async function visit(
  learner: Learner,
  call: (method: 'GET' | 'POST', path: string, body?: unknown) => Promise<Answer>,
): Promise<void> {
  await call('GET', `/api?r=check_type&login=${encodeURIComponent(learner.login)}`);
  await call('POST', '/api?r=login', { login: learner.login, pass: learner.pass });
  await Promise.all([
    call('GET', '/api?r=users'),
    call('GET', '/api?r=home_counts'),
    call('GET', '/api?r=notifications'),
  ]);
  const progress = JSON.parse((await call('GET', '/api?r=course_progress')).body) as {
    result: { catalogue: string; ids: number[] };
  };
  const ids = [...new Set(progress.result.ids)].sort((a, b) => a - b);
  if (ids.length > 0) {
    const query = ids.map((id) => `&ids[]=${id}`).join('');
    await call('GET', `/api?r=course_catalogue&v=${progress.result.catalogue}${query}`);
  }
}

/** Runs the learners' visits, each starting at a random moment (seeded) within `seconds`. */
export async function mondayMorning(options: {
  port: number;
  learners: Learner[];
  seconds: number;
}): Promise<MondayMorningResult> {
  const random = seededRandom(20261207);
  const times: number[] = [];
  const signInTimes: number[] = [];
  const failureSamples: string[] = [];
  let failures = 0;
  const started = performance.now();

  const learnerVisit = async (learner: Learner, index: number) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 6 });
    const localAddress = `127.1.${Math.floor(index / 250)}.${(index % 250) + 1}`;
    let cookie = '';
    const call = (method: 'GET' | 'POST', path: string, body?: unknown) =>
      new Promise<Answer>((resolve, reject) => {
        const payload = body === undefined ? undefined : JSON.stringify(body);
        const t0 = performance.now();
        const request = http.request(
          {
            host: '127.0.0.1',
            port: options.port,
            method,
            path,
            agent,
            localAddress,
            headers: {
              ...(cookie ? { cookie } : {}),
              ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
            },
          },
          (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () => {
              const ms = performance.now() - t0;
              times.push(ms);
              if (path.startsWith('/api?r=login')) signInTimes.push(ms);
              const answer = {
                status: response.statusCode ?? 0,
                body: Buffer.concat(chunks).toString(),
                setCookie: response.headers['set-cookie'] ?? [],
              };
              if (answer.status < 200 || answer.status > 299)
                return reject(new Error(`${path} as ${learner.login}: ${answer.status} ${answer.body.slice(0, 200)}`));
              if (answer.setCookie.length > 0) cookie = answer.setCookie.map((c) => c.split(';')[0]).join('; ');
              resolve(answer);
            });
            response.on('error', reject);
          },
        );
        request.on('error', (error) => reject(new Error(`${path} as ${learner.login}: ${error.message}`)));
        request.end(payload);
      });
    try {
      await visit(learner, call);
    } catch (error) {
      failures++;
      if (failureSamples.length < 5) failureSamples.push((error as Error).message);
    } finally {
      agent.destroy();
    }
  };

  await Promise.all(
    options.learners.map(async (learner, index) => {
      await new Promise((resolve) => setTimeout(resolve, random() * options.seconds * 1000));
      await learnerVisit(learner, index);
    }),
  );
  times.sort((a, b) => a - b);
  signInTimes.sort((a, b) => a - b);
  return {
    learners: options.learners.length,
    calls: times.length,
    failures,
    failureSamples,
    p50: quantile(times, 0.5),
    p95: quantile(times, 0.95),
    p99: quantile(times, 0.99),
    max: times[times.length - 1] ?? Number.NaN,
    signInP99: quantile(signInTimes, 0.99),
    seconds: (performance.now() - started) / 1000,
  };
}
