// `npm run bench`: measures the portal against the physical limit of the machine, side by side in one run, and
// checks the budgets of issue 8. See the README's section "Benchmarks".
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { repoRoot } from '../apps/server/src/config.js';
import {
  createPostgresDatabase,
  prepareFixtures,
  refreshStatistics,
  seedLarge,
  type Fixtures,
} from './bench/fixtures.js';
import { limitCore, offLimitCore } from './bench/cores.js';
import { FINISHED_PER_SECOND, finishingLearners } from './bench/finishing-learners.js';
import { load, median, type BenchRequest, type LoadResult } from './bench/load.js';
import {
  cpuTimeMs,
  DEFAULT_MEASURED_NICENESS,
  measureAtNiceness,
  rssMb,
  runJson,
  sampleRss,
  startPortal,
  startReference,
  type Service,
} from './bench/processes.js';
import { QUIET_MAX_MS, untilQuiet } from './bench/quiet.js';
import { verificationsPerSecond } from './bench/raw-argon2.js';
import { sessionTouches } from './bench/session-touches.js';
import {
  analyseBundle,
  buildWeb,
  CHROMIUM,
  lighthousePages,
  type BundleFigures,
  type PageFigures,
} from './bench/web.js';
import { flooredRatio, printTable, type Row } from './bench/report.js';
import { buildServer } from './build-server.mjs';

const USAGE = `npm run bench [-- options]
  (no options)          SQLite: a large data set built into a temp file
  --database-url URL    PostgreSQL: a new database beside the one named (postgres://…), dropped after;
                        BENCH_DATABASE_URL or a postgres DATABASE_URL do the same
  --data-url URL        reuse a large data set built before (kept with --keep-data)
  --keep-data           keep the data set built
  --rounds N            interleaved rounds of every load (default 3)
  --seconds S           seconds per load (default 2; the bare server's load before each: 1)
  --lighthouse-runs N   Lighthouse runs per page, the median score is kept (default 5)
  --skip-web            no web build, bundle figures or Lighthouse
  --server-processes N  the portal's SERVER_PROCESSES (default: one per core, as a production server runs)
  --niceness N          the niceness every measured server runs at, below the load generator (default 10;
                        0: at the load generator's own priority)
  --out FILE            where the JSON goes (default bench/results/latest.json)
  --help                this text`;

function usageError(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

function parseOptions() {
  try {
    return parseArgs({
      options: {
        'database-url': { type: 'string' },
        'data-url': { type: 'string' },
        'keep-data': { type: 'boolean', default: false },
        rounds: { type: 'string', default: '3' },
        seconds: { type: 'string', default: '2' },
        'lighthouse-runs': { type: 'string', default: '5' },
        'skip-web': { type: 'boolean', default: false },
        'server-processes': { type: 'string', default: String(os.availableParallelism()) },
        niceness: { type: 'string', default: String(DEFAULT_MEASURED_NICENESS) },
        out: { type: 'string', default: 'bench/results/latest.json' },
        help: { type: 'boolean', default: false },
      },
    }).values;
  } catch (error) {
    return usageError((error as Error).message);
  }
}

function wholeNumber(name: string, text: string, least: number, most = Infinity): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < least || value > most) {
    const range = most === Infinity ? `of at least ${least}` : `from ${least} to ${most}`;
    usageError(`--${name} must be a whole number ${range}, not "${text}".`);
  }
  return value;
}

const positiveInteger = (name: string, text: string): number => wholeNumber(name, text, 1);

const args = parseOptions();
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}
const ROUNDS = positiveInteger('rounds', args.rounds);
const SECONDS = positiveInteger('seconds', args.seconds);
/** The connections of the learner loads, each set against the bare server's load right before it. */
const LEARNER_CONNECTIONS = [50, 200];
/**
 * How long that load of the bare server runs. This machine's speed drifts by half within a minute (the bare server's
 * CPU a request 25–42 µs within one run of the fiftieth session), more than the budgets' margins: a ratio of two
 * loads a minute apart, as the bench took until then, carried the drift.
 */
const LIMIT_SECONDS = 1;
const LIGHTHOUSE_RUNS = positiveInteger('lighthouse-runs', args['lighthouse-runs']);
const SERVER_PROCESSES = positiveInteger('server-processes', args['server-processes']);
const NICENESS = wholeNumber('niceness', args.niceness, 0, 19);
measureAtNiceness(NICENESS);
const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(0)} s`;
const log = (line: string) => console.log(`[bench ${elapsed()}] ${line}`);
const loadBefore = os.loadavg();

const postgresUrl =
  args['database-url'] ??
  process.env.BENCH_DATABASE_URL ??
  (process.env.DATABASE_URL?.startsWith('postgres') ? process.env.DATABASE_URL : undefined);
if (postgresUrl && !/^postgres(ql)?:\/\//.test(postgresUrl)) usageError('--database-url must be postgres://….');
const dialect = (args['data-url'] ?? postgresUrl ?? 'sqlite:').startsWith('postgres') ? 'postgres' : 'sqlite';
const cleanups: (() => Promise<void>)[] = [];

const withoutPassword = (url: string) => url.replace(/\/\/[^@]*@/, '//');

/* ---------- data set and web build, side by side ---------- */

/** Made before any other work, so that a PostgreSQL the bench cannot reach stops it with a message, not a trace. */
async function newPostgresDatabase(url: string): Promise<string> {
  try {
    const database = await createPostgresDatabase(url);
    if (!args['keep-data']) cleanups.push(database.drop);
    return database.url;
  } catch (error) {
    console.error(`Could not create a database beside ${withoutPassword(url)}: ${(error as Error).message}`);
    process.exit(1);
  }
}

const postgresDataUrl = postgresUrl && !args['data-url'] ? await newPostgresDatabase(postgresUrl) : undefined;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));

async function dataSet(): Promise<{ url: string; seedSeconds: number | null }> {
  if (args['data-url']) return { url: args['data-url'], seedSeconds: null };
  const url = postgresDataUrl ?? `sqlite:${path.join(work, 'large.sqlite')}`;
  log(`building the large data set in ${withoutPassword(url)}`);
  return { url, seedSeconds: await seedLarge(repoRoot, url) };
}

const webDir = path.join(work, 'web');
const [data, webBuildSeconds] = await Promise.all([
  dataSet(),
  args['skip-web'] ? Promise.resolve(null) : buildWeb(repoRoot, webDir),
]);
if (args['keep-data'] && data.url.startsWith('sqlite:')) {
  const kept = path.join(os.tmpdir(), 'portal-bench-large.sqlite');
  cleanups.push(async () => {
    fs.copyFileSync(data.url.slice('sqlite:'.length), kept);
    console.log(`kept the data set: --data-url sqlite:${kept}`);
  });
}
log(`data set ready${data.seedSeconds ? ` (${data.seedSeconds.toFixed(1)} s)` : ''}; preparing sessions`);
const fx: Fixtures = await prepareFixtures(data.url, repoRoot);
await refreshStatistics(data.url);

buildServer();
const bare: Service = await startReference(repoRoot, 'bare', { core: limitCore });
// On as many processes as the portal: with the load generator on the same two cores, a light call loses rate on more
// processes than one (bare node:http on two: 0.71× on one at 50 connections), while the budgets compare with one.
const framework: Service = await startReference(repoRoot, 'framework', { processes: SERVER_PROCESSES });
const portal: Service = await startPortal(repoRoot, data.url, {
  SERVER_PROCESSES: String(SERVER_PROCESSES),
  ...(args['skip-web'] ? {} : { WEB_DIST_DIR: webDir }),
});
/** One learner's course list as the portal answers it, written to a file for a bare server to answer. */
async function writeCourseList(): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${portal.port}/api?r=courses`, {
    headers: { cookie: fx.learnerCookies[0]!, 'accept-encoding': 'identity' },
  });
  if (!response.ok) throw new Error(`courses failed: ${response.status} ${await response.text()}`);
  const file = path.join(work, 'course-list.json');
  fs.writeFileSync(file, Buffer.from(await response.arrayBuffer()));
  return file;
}
const courseList = await writeCourseList();
const courseListKb = fs.statSync(courseList).size / 1024;
const bareCourseList: Service = await startReference(repoRoot, 'bare', { bodyFile: courseList, core: limitCore });
log(
  `servers up: bare node:http on ${bare.port} (a course list's bytes on ${bareCourseList.port}), Fastify alone on ${framework.port}, portal on ${portal.port} (pid ${portal.pid}, ${SERVER_PROCESSES} server processes)`,
);

const rows: Row[] = [];
const details: Record<string, unknown> = {};

/* ---------- 1–4: the limit, the pipeline, learner and manager calls ---------- */

const get = (route: string, cookie: string, query = ''): BenchRequest => ({
  method: 'GET',
  path: `/api?r=${route}${query}`,
  headers: { cookie },
});
const post = (route: string, cookie: string, body: unknown): BenchRequest => ({
  method: 'POST',
  path: `/api?r=${route}`,
  headers: { cookie },
  body: JSON.stringify(body),
});
const signIn = (login: string, pass: string): BenchRequest => ({
  method: 'POST',
  path: '/api?r=login',
  body: JSON.stringify({ login, pass }),
});

/** Runs a load and measures the server's CPU time (all its processes) per answered request, in µs. */
async function withCpu(service: Service, run: () => Promise<LoadResult>) {
  const cpuBefore = cpuTimeMs(service.pid);
  const result = await run();
  return { result, cpuMicros: ((cpuTimeMs(service.pid) - cpuBefore) * 1000) / Math.max(1, result.responses) };
}

let quietWaitMs = 0;
/**
 * Waits until a server has finished what the previous load left in flight (a load ends with requests still queued),
 * and until the machine is idle, so that neither counts against the next load.
 */
async function settle(service: Service): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const t0 = performance.now();
    await fetch(`http://127.0.0.1:${service.port}${service === portal ? '/healthz' : '/'}`).then((r) =>
      r.arrayBuffer(),
    );
    if (performance.now() - t0 < 20) break;
  }
  quietWaitMs += await untilQuiet();
}

interface Scenario {
  key: string;
  label: string;
  service: Service;
  connections: number;
  requests: BenchRequest[];
  /** Runs the load (its warm-up too): with other work going on beside it, or off the limit's core (`cores.ts`). */
  around?: <T>(load: () => Promise<T>) => Promise<T>;
}

/** Runs a scenario's load for `duration` seconds. */
function loadOf(s: Scenario, duration: number): Promise<LoadResult> {
  const run = () => load({ port: s.service.port, connections: s.connections, duration, requests: s.requests });
  return s.around ? s.around(run) : run();
}

/** How many times the country's page is read right after a change to the catalogue. */
const RECOUNTS = 6;

/** In the load with writes, one request in this many changes the learner's first goal's name. */
const EDIT_EVERY = 20;

/** `users` for every learner session, and for every `EDIT_EVERY`th a change of that learner's first goal's name. */
async function usersWithGoalEdits(): Promise<BenchRequest[]> {
  const requests: BenchRequest[] = [];
  for (const [index, cookie] of fx.learnerCookies.entries()) {
    if (index % EDIT_EVERY !== 0) {
      requests.push(get('users', cookie));
      continue;
    }
    const response = await fetch(`http://127.0.0.1:${portal.port}/api?r=goals`, { headers: { cookie } });
    if (!response.ok) throw new Error(`goals failed: ${response.status} ${await response.text()}`);
    const goals = (await response.json()) as { result: { goal_id: number }[] };
    requests.push(post('set_goal_name', cookie, { goal_id: goals.result[0]!.goal_id, goal_name: 'Monday morning' }));
  }
  return requests;
}

async function learnerAndManagerLoads() {
  const learner = (route: string) => fx.learnerCookies.map((cookie) => get(route, cookie));
  const learnerCalls: [route: string, label: string][] = [
    ['users', 'users'],
    ['courses', 'courses'],
    [
      'course_progress',
      "courses as the portal's course page loads them (course_progress: the person's own fields; the courses' from the browser's cache)",
    ],
    ['goals', 'goals'],
    ['notifications', 'notifications'],
    ['home_counts', 'home_counts'],
  ];
  const scenarios: Scenario[] = [];
  const finishing = finishingLearners({ databaseUrl: data.url, baseDir: repoRoot, country: fx.country });
  for (const connections of LEARNER_CONNECTIONS) {
    scenarios.push(
      {
        key: `bare_course_list@${connections}`,
        label: `bare node:http answering a course list's ${courseListKb.toFixed(0)} KB, precomputed (the limit for an answer that size)`,
        service: bareCourseList,
        connections,
        requests: learner('ping'),
        around: offLimitCore,
      },
      {
        key: `framework@${connections}`,
        label: `Fastify with the portal's header and logger set-up, no session, on ${SERVER_PROCESSES} process${SERVER_PROCESSES > 1 ? 'es' : ''} as the portal runs (reference)`,
        service: framework,
        connections,
        requests: learner('ping'),
      },
      { key: `ping@${connections}`, label: 'ping (pipeline)', service: portal, connections, requests: learner('ping') },
      ...learnerCalls.map(([route, label]) => ({
        key: `${route}@${connections}`,
        label,
        service: portal,
        connections,
        requests: learner(route),
      })),
    );
  }
  // Filled in after the warm-up, which creates the goals it edits.
  const withEdits: Scenario = {
    key: 'users_goal_edits@50',
    label: `users, every ${EDIT_EVERY}th request a goal edit instead (a write, which the other process sees)`,
    service: portal,
    connections: 50,
    requests: [],
  };
  // What a browser's course list costs: it sends Accept-Encoding and gets the answer compressed (http/compression.ts).
  const compressed = (route: string): Scenario => ({
    key: `${route}_compressed@50`,
    label: `${route} as a browser asks for them (Accept-Encoding: gzip, deflate, br; the answer goes compressed)`,
    service: portal,
    connections: 50,
    requests: fx.learnerCookies.map((cookie) => ({
      ...get(route, cookie),
      headers: { cookie, 'accept-encoding': 'gzip, deflate, br' },
    })),
  });
  // What the course page asks for when the browser's cache does not hold the catalogue of the person's courses yet.
  const catalogueMisses: Scenario = {
    key: 'course_catalogue@50',
    label: "course_catalogue: the fields of a person's courses, asked once per browser until one of them changes",
    service: portal,
    connections: 50,
    requests: [],
  };
  for (const cookie of fx.learnerCookies) {
    const response = await fetch(`http://127.0.0.1:${portal.port}/api?r=course_progress`, { headers: { cookie } });
    if (!response.ok) throw new Error(`course_progress failed: ${response.status} ${await response.text()}`);
    const { result } = (await response.json()) as { result: { catalogue: string; ids: number[] } };
    const ids = [...new Set(result.ids)].sort((a, b) => a - b);
    if (ids.length === 0) continue;
    const query = `&v=${result.catalogue}${ids.map((id) => `&ids[]=${id}`).join('')}`;
    catalogueMisses.requests.push(get('course_catalogue', cookie, query));
  }
  const unbudgeted = [withEdits, compressed('courses'), compressed('course_progress'), catalogueMisses];
  scenarios.push(...unbudgeted);
  const office = fx.officeAdminCookies;
  const countryPage = office.map((cookie) =>
    post('get_user_results', cookie, { country: fx.country, dep: fx.countryDepartments, limit: 30 }),
  );
  scenarios.push({
    key: 'country_page@1',
    label: `a country's results page (first 30 rows and the summary), ${FINISHED_PER_SECOND} results of its people finished a second meanwhile`,
    service: portal,
    connections: 1,
    requests: countryPage,
    around: (run) => finishing.whileRunning(run),
  });
  // One manager on the page (the latency the budget is about), then ten at once (how it holds up under load).
  for (const connections of [1, 10]) {
    scenarios.push(
      {
        key: `store_page@${connections}`,
        label: "a store's results page (30 rows)",
        service: portal,
        connections,
        requests: fx.storeAdmins.map((a) =>
          post('get_user_results_by_stores', a.cookie, { country: a.country, stores: [a.store], limit: 30 }),
        ),
      },
      {
        key: `search_surname@${connections}`,
        label: 'user search by surname prefix',
        service: portal,
        connections,
        requests: fx.surnamePrefixes.map((s, i) => post('find_user', office[i % office.length]!, { search_string: s })),
      },
      {
        key: `search_pin@${connections}`,
        label: 'user search by PIN',
        service: portal,
        connections,
        requests: fx.pins.map((s, i) => post('find_user', office[i % office.length]!, { search_string: s })),
      },
    );
  }

  // Warm-up: `goals` once for every session (a person's first `goals` creates their three goals), then every load
  // for a second. That fills `goals` and `tasks` from empty. On PostgreSQL autovacuum, on by default, analyzes a table
  // once 50 rows and a tenth of it have changed, and a prepared read is planned again after that; the CI machines run
  // PostgreSQL with autovacuum off, and there the goals read kept the plan made while the tables were empty (whole
  // scans in a nested loop), each read costing more as they grew: the warm-up ran past ten minutes. So the sessions
  // get their goals in slices that double, and the two tables are analyzed after each slice, as autovacuum would.
  log('warming up');
  const goals = scenarios.find((s) => s.key === 'goals@50')!;
  for (let from = 0, size = 50; from < goals.requests.length; from += size, size *= 2) {
    const slice = goals.requests.slice(from, from + size);
    // Each connection asks for its own share of the slice once: as many connections as divide it, at most 50.
    let connections = Math.min(50, slice.length);
    while (slice.length % connections !== 0) connections--;
    await load({ port: portal.port, connections, amount: slice.length, requests: slice });
    await refreshStatistics(data.url, ['goals', 'tasks']);
  }
  await refreshStatistics(data.url);
  withEdits.requests = await usersWithGoalEdits();
  const bareLoad = (connections: number, duration: number) =>
    offLimitCore(() => load({ port: bare.port, connections, duration, requests: learner('ping') }));
  const paired = scenarios.filter((s) => LEARNER_CONNECTIONS.includes(s.connections));
  for (const s of scenarios) {
    await settle(s.service);
    const result = await loadOf(s, 1);
    if (result.failures > 0) throw new Error(`${s.key}: ${result.failures} failed requests in the warm-up`);
  }
  for (const connections of LEARNER_CONNECTIONS) await bareLoad(connections, 1);

  const results = new Map<string, LoadResult[]>(scenarios.map((s) => [s.key, []]));
  /** Server CPU per answered request (µs), per round: steadier than rates on a shared machine. */
  const cpuPerRequest = new Map<string, number[]>(scenarios.map((s) => [s.key, []]));
  /** Per scenario at 50 and 200 connections, per round: the bare server's load right before it, and its CPU. */
  const limits = new Map<string, LoadResult[]>(paired.map((s) => [s.key, []]));
  const limitCpuPerRequest = new Map<string, number[]>(paired.map((s) => [s.key, []]));
  const touches = sessionTouches({
    databaseUrl: data.url,
    baseDir: repoRoot,
    tokens: fx.learnerTokens,
    touchAll: async () => {
      await load({ port: portal.port, connections: 50, amount: fx.learnerCookies.length, requests: learner('ping') });
    },
  });
  const measure = async (s: Scenario) => {
    if (limits.has(s.key)) {
      await settle(bare);
      const { result, cpuMicros } = await withCpu(bare, () => bareLoad(s.connections, LIMIT_SECONDS));
      limits.get(s.key)!.push(result);
      limitCpuPerRequest.get(s.key)!.push(cpuMicros);
    }
    await settle(s.service);
    const { result, cpuMicros } = await withCpu(s.service, () => loadOf(s, SECONDS));
    results.get(s.key)!.push(result);
    cpuPerRequest.get(s.key)!.push(cpuMicros);
  };
  /**
   * A load, the bare server's before it and the settling before each: at the longest (no session may fall due in that
   * time), and as a rule.
   */
  const longestLoadMs = (SECONDS + LIMIT_SECONDS) * 1000 + 2 * QUIET_MAX_MS + 500;
  const usualLoadMs = (SECONDS + LIMIT_SECONDS) * 1000 + 1000;
  let touchWaitMs = 0;
  for (let round = 1; round <= ROUNDS; round++) {
    log(
      `round ${round} of ${ROUNDS}: ${scenarios.length} loads of ${SECONDS} s, ${paired.length} of them after ${LIMIT_SECONDS} s of the bare server's`,
    );
    // The reference servers' loads fill the waits for the learner sessions to fall due; the rest run at the end.
    const references = scenarios.filter((s) => s.service !== portal);
    for (const s of scenarios) {
      if (s.service !== portal) continue;
      touchWaitMs += await touches.beforeLoad(longestLoadMs, async (dueAt) => {
        while (references.length > 0 && Date.now() + usualLoadMs < dueAt) await measure(references.shift()!);
      });
      await measure(s);
    }
    for (const s of references) await measure(s);
  }
  await touches.close();
  // The country's page counted afresh, as after a change to the catalogue: every department's counts are made again.
  const recounted: number[] = [];
  for (let i = 0; i < RECOUNTS; i++) {
    await finishing.touchCatalogue();
    await settle(portal);
    const { path: pagePath, headers, body } = countryPage[i % countryPage.length]!;
    const t0 = performance.now();
    const response = await fetch(`http://127.0.0.1:${portal.port}${pagePath}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body,
    });
    if (!response.ok) throw new Error(`the country page failed: ${response.status} ${await response.text()}`);
    await response.arrayBuffer();
    recounted.push(performance.now() - t0);
  }
  await finishing.close();
  details.countryPageRecountedMs = recounted;
  log(`idled ${(touchWaitMs / 1000).toFixed(1)} s in all for the learner sessions to fall due`);
  details.sessionTouchWaitSeconds = touchWaitMs / 1000;
  log(`waited ${(quietWaitMs / 1000).toFixed(1)} s in all for the machine to be idle before a load`);
  details.quietWaitSeconds = quietWaitMs / 1000;

  const stat = (key: string, pick: (r: LoadResult) => number) => median(results.get(key)!.map(pick));
  const failures = (key: string) => results.get(key)!.reduce((n, r) => n + r.failures, 0);
  /**
   * Per round: rate of `key` over the bare server's in the load right before it, or over the rate of the reference
   * `limit` in the same round at the same connections; the median of the rounds.
   */
  const ratio = (key: string, connections: number, limit = 'bare') => {
    const against = limit === 'bare' ? limits.get(key)! : results.get(`${limit}@${connections}`)!;
    return median(results.get(key)!.map((r, i) => r.rps / against[i]!.rps));
  };
  details.loads = Object.fromEntries(results);
  details.cpuMicrosPerRequest = Object.fromEntries(cpuPerRequest);
  details.bareBefore = Object.fromEntries(limits);
  details.bareBeforeCpuMicrosPerRequest = Object.fromEntries(limitCpuPerRequest);
  const cpu = (key: string) => `${fmt(median(cpuPerRequest.get(key)!))} µs CPU`;

  const ratioFigure = (key: string, connections: number) =>
    `${fmt(stat(key, (r) => r.rps))} rps · ${flooredRatio(ratio(key, connections))}× bare · p50 ${ms(stat(key, (r) => r.p50))} · p99 ${ms(stat(key, (r) => r.p99))} · ${cpu(key)}`;
  /** A load reported against the bare server, with no budget of its own. */
  const reported = (s: Scenario) =>
    rows.push({
      section: `Learner calls at ${s.connections} connections`,
      measure: s.label,
      figure: ratioFigure(s.key, s.connections),
      budget: '',
      pass: failures(s.key) === 0 ? null : false,
    });

  for (const connections of LEARNER_CONNECTIONS) {
    const keys = paired.filter((s) => s.connections === connections).map((s) => s.key);
    const bareLoads = keys.flatMap((key) => limits.get(key)!);
    const bareStat = (pick: (r: LoadResult) => number) => median(bareLoads.map(pick));
    const bareCpu = median(keys.flatMap((key) => limitCpuPerRequest.get(key)!));
    rows.push({
      section: `Learner calls at ${connections} connections`,
      measure: `bare node:http (the limit), ${LIMIT_SECONDS} s right before each load below (${bareLoads.length} loads)`,
      figure: `${fmt(bareStat((r) => r.rps))} rps (${fmt(Math.min(...bareLoads.map((r) => r.rps)))}–${fmt(Math.max(...bareLoads.map((r) => r.rps)))}) · p50 ${ms(bareStat((r) => r.p50))} · p99 ${ms(bareStat((r) => r.p99))} · ${fmt(bareCpu)} µs CPU`,
      budget: '',
      pass: bareLoads.every((r) => r.failures === 0) ? null : false,
    });
    const references = ['bare_course_list', 'framework'];
    for (const s of scenarios)
      if (s.connections === connections && references.includes(s.key.split('@')[0]!)) reported(s);
    const budgeted = scenarios.filter(
      (x) => x.connections === connections && x.service === portal && !unbudgeted.includes(x),
    );
    for (const s of budgeted) {
      const r = ratio(s.key, connections);
      const p99 = stat(s.key, (x) => x.p99);
      const isPing = s.key.startsWith('ping@');
      const floor = isPing ? 0.6 : 0.25;
      const p99Budget = !isPing && connections === 50;
      rows.push({
        section: `Learner calls at ${connections} connections`,
        measure: s.label,
        figure:
          ratioFigure(s.key, connections) +
          (s.label === 'courses'
            ? ` · ${ratio(s.key, connections, 'bare_course_list').toFixed(2)}× bare answering its bytes`
            : '') +
          (isPing ? ` · ${ratio(s.key, connections, 'framework').toFixed(2)}× the Fastify reference` : ''),
        budget: `≥ ${floor}× bare${p99Budget ? ', p99 < 50 ms' : ''}`,
        pass: failures(s.key) === 0 && r >= floor && (!p99Budget || p99 < 50),
      });
    }
    for (const s of unbudgeted) if (s.connections === connections) reported(s);
  }
  const manager = (key: string, budget: string, ok: (p50: number, p95: number, p99: number) => boolean) => {
    const s = scenarios.find((x) => x.key === key)!;
    const [p50, p95, p99] = [stat(key, (r) => r.p50), stat(key, (r) => r.p95), stat(key, (r) => r.p99)];
    rows.push({
      section: 'Manager calls',
      measure: `${s.label}, ${s.connections} connection${s.connections > 1 ? 's' : ''}`,
      figure: `${fmt(stat(key, (r) => r.rps))} rps · p50 ${ms(p50)} · p95 ${ms(p95)} · p99 ${ms(p99)}`,
      budget,
      pass: failures(key) > 0 ? false : budget ? ok(p50, p95, p99) : null,
    });
  };
  manager('store_page@1', 'p99 < 50 ms', (_50, _95, p99) => p99 < 50);
  manager('country_page@1', 'p99 < 300 ms', (_50, _95, p99) => p99 < 300);
  rows.push({
    section: 'Manager calls',
    measure: `a country's results page counted afresh (after a change to the catalogue), ${RECOUNTS} views one by one`,
    figure: `p50 ${ms(median(recounted))} · max ${ms(Math.max(...recounted))}`,
    budget: '',
    pass: null,
  });
  manager('search_surname@1', 'p95 < 20 ms', (_50, p95) => p95 < 20);
  manager('search_pin@1', 'p95 < 20 ms', (_50, p95) => p95 < 20);
  for (const key of ['store_page@10', 'search_surname@10', 'search_pin@10']) manager(key, '', () => true);
}

/* ---------- 5: a country's export against raw ExcelJS ---------- */

interface ExportRun {
  ms: number;
  bytes: number;
  peakRssMb: number;
  rssBeforeMb: number;
}

async function serverExport(departments: string[]): Promise<ExportRun> {
  const params = JSON.stringify({ departments, courses: fx.exportCourses, lang: 'lv' });
  const url = `http://127.0.0.1:${portal.port}/api/download?r=get_users_results_excel&params=${encodeURIComponent(params)}`;
  const rssBeforeMb = rssMb(portal.pid);
  const sampler = sampleRss(portal.pid);
  const t0 = process.hrtime.bigint();
  // A connection of its own: node:cluster hands each new connection to the next server process in turn.
  const response = await fetch(url, { headers: { cookie: fx.officeAdminCookies[0]!, connection: 'close' } });
  if (!response.ok || !response.body) throw new Error(`export failed: ${response.status} ${await response.text()}`);
  let bytes = 0;
  for await (const chunk of response.body) bytes += (chunk as Uint8Array).length;
  const elapsedMs = Number(process.hrtime.bigint() - t0) / 1e6;
  const samples = sampler.stop();
  return { ms: elapsedMs, bytes, peakRssMb: Math.max(...samples), rssBeforeMb };
}

async function rawExport(rowCount: number): Promise<{ ms: number; bytes: number; peakRssMb: number }> {
  return runJson(repoRoot, 'scripts/bench/raw-excel.ts', [
    '--rows',
    String(rowCount),
    '--courses',
    String(fx.exportCourses.length),
  ]);
}

async function exports() {
  const all = fx.countryDepartments;
  const half = all.slice(0, Math.ceil(all.length / 2));
  const people = (n: number) => fx.countryDepartmentUsers.slice(0, n).reduce((a, b) => a + b, 0);
  log(`exports: ${fx.countryUsers} people of ${fx.country} × ${fx.exportCourses.length} courses, against raw ExcelJS`);
  // Warm-up, as every load has one: a process's first export runs before its code is optimized (9–32% slower, up
  // to 1.8× raw), so every server process makes one.
  for (let i = 0; i < SERVER_PROCESSES; i++) await serverExport(all);
  const full: { server: ExportRun; raw: { ms: number; bytes: number; peakRssMb: number } }[] = [];
  const halves: ExportRun[] = [];
  for (let round = 0; round < 3; round++) {
    const raw = await rawExport(people(all.length));
    const server = await serverExport(all);
    full.push({ server, raw });
    halves.push(await serverExport(half));
  }
  details.exports = { full, halves, rows: people(all.length), halfRows: people(half.length) };
  const serverMs = median(full.map((f) => f.server.ms));
  const rawMs = median(full.map((f) => f.raw.ms));
  const ratio = median(full.map((f) => f.server.ms / f.raw.ms));
  const peak = Math.max(...full.map((f) => f.server.peakRssMb));
  const halfPeak = Math.max(...halves.map((h) => h.peakRssMb));
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  rows.push(
    {
      section: 'Export',
      measure: `country to .xlsx (${people(all.length)} people × ${fx.exportCourses.length} courses, ${mb(full[0]!.server.bytes)})`,
      figure: `${(serverMs / 1000).toFixed(2)} s · raw ExcelJS ${(rawMs / 1000).toFixed(2)} s · ${ratio.toFixed(2)}× raw`,
      budget: '≤ 1.5× raw',
      pass: ratio <= 1.5,
    },
    {
      section: 'Export',
      measure: `server peak RSS during the export (${SERVER_PROCESSES > 1 ? `the largest of its ${SERVER_PROCESSES + 1} processes` : 'its one process'})`,
      figure: `${peak.toFixed(0)} MB (before ${full[0]!.server.rssBeforeMb.toFixed(0)} MB; raw writer process ${median(full.map((f) => f.raw.peakRssMb)).toFixed(0)} MB)`,
      budget: '< 400 MB',
      pass: peak < 400,
    },
    {
      section: 'Export',
      measure: `memory flat as the export grows (peak at ${people(all.length)} rows / at ${people(half.length)} rows)`,
      figure: `${peak.toFixed(0)} / ${halfPeak.toFixed(0)} MB = ${(peak / halfPeak).toFixed(2)}`,
      budget: '≤ 1.10',
      pass: peak / halfPeak <= 1.1,
    },
  );
}

/* ---------- 6: sign-in against the raw hash rate ---------- */

/** One raw window: verifications per second, one per core at a time and one per connection, and the better. */
interface RawWindow {
  perCore: number;
  perCaller: number;
  best: number;
}

async function logins() {
  log('sign-in: logins per second against raw argon2id verifications, in alternate windows');
  const connections = 8;
  const requests = fx.passwordLogins.map((login) => signIn(login, fx.password));
  await load({ port: portal.port, connections, amount: 40, requests });
  // The raw rate is the better of one verification per core and one per connection (the thread pool's four
  // threads then run four at once): a memory-hard hash can go faster with fewer at once.
  const raw = async (): Promise<RawWindow> => {
    const rate = (concurrency: number) => verificationsPerSecond(fx.passwordHash, fx.password, concurrency, 1.5);
    const perCore = await rate(os.availableParallelism());
    const perCaller = await rate(connections);
    return { perCore, perCaller, best: Math.max(perCore, perCaller) };
  };
  // Each login window lies between two raw windows and is compared with their mean: this machine's hash rate drifts
  // by a third within a minute (230–344/s in five runs in a row), so a raw rate taken apart from the logins says little.
  const windows: { before: RawWindow; after: RawWindow; login: LoadResult; ratio: number }[] = [];
  let before = await raw();
  for (let i = 0; i < 5; i++) {
    const login = await load({ port: portal.port, connections, duration: 2, requests });
    const after = await raw();
    windows.push({ before, after, login, ratio: login.rps / ((before.best + after.best) / 2) });
    before = after;
  }
  details.logins = windows;
  const ratio = median(windows.map((w) => w.ratio));
  const rawRate = (pick: (raw: RawWindow) => number) =>
    median(windows.map((w) => (pick(w.before) + pick(w.after)) / 2)).toFixed(1);
  rows.push({
    section: 'Sign-in',
    measure: `password logins (argon2id m=19 MiB t=2 p=1), ${connections} connections, 5 windows of 2 s between raw ones`,
    figure:
      `${median(windows.map((w) => w.login.rps)).toFixed(1)} logins/s · raw verify ${rawRate((r) => r.best)}/s ` +
      `(${os.availableParallelism()} at once ${rawRate((r) => r.perCore)}/s, ${connections} at once ` +
      `${rawRate((r) => r.perCaller)}/s) · ${flooredRatio(ratio)}× raw (windows ` +
      `${windows.map((w) => flooredRatio(w.ratio)).join(', ')}) · p99 ${ms(median(windows.map((w) => w.login.p99)))}`,
    budget: '≥ 0.8× raw',
    pass: ratio >= 0.8 && windows.every((w) => w.login.failures === 0),
  });

  // Store staff sign in with their PIN alone: nothing to hash, so this is the sign-in's own work (two reads, the
  // session insert, the answer), most of a Monday morning's first minutes.
  const pins = fx.pinLogins.map((login) => signIn(login, ''));
  await load({ port: portal.port, connections: 50, duration: 1, requests: pins });
  const { result: pin, cpuMicros } = await withCpu(portal, () =>
    load({ port: portal.port, connections: 50, duration: SECONDS, requests: pins }),
  );
  details.pinLogins = pin;
  rows.push({
    section: 'Sign-in',
    measure: 'store staff sign-ins with a PIN alone (no password to hash), 50 connections',
    figure: `${fmt(pin.rps)} logins/s · p50 ${ms(pin.p50)} · p99 ${ms(pin.p99)} · ${cpuMicros.toFixed(0)} µs CPU`,
    budget: '',
    pass: pin.failures === 0 ? null : false,
  });
}

/* ---------- 7: the web app ---------- */

async function web() {
  const bundle: BundleFigures = analyseBundle(webDir);
  details.bundle = bundle;
  let pages: PageFigures[] = [];
  if (fs.existsSync(CHROMIUM)) {
    log(`Lighthouse (mobile) on / and /home, ${LIGHTHOUSE_RUNS} run(s) each`);
    pages = await lighthousePages({
      origin: `http://127.0.0.1:${portal.port}`,
      outDir: webDir,
      learner: fx.browserLearner,
      runs: LIGHTHOUSE_RUNS,
    });
  } else {
    log(`no Chromium at ${CHROMIUM}: Lighthouse skipped`);
  }
  details.pages = pages;
  const login = pages.find((p) => p.page === '/');
  const home = pages.find((p) => p.page === '/home');
  const kb = (n: number) => `${n.toFixed(1)} KB`;
  rows.push(
    {
      section: 'Web app',
      measure: 'first-load JavaScript of the sign-in page (gzip)',
      figure: login
        ? `${kb(login.firstLoadJsKb)} in ${login.scripts} scripts (${kb(login.scriptTransferKb)} over the wire)`
        : 'n/a',
      budget: '< 150 KB',
      pass: login ? login.firstLoadJsKb < 150 : null,
    },
    {
      section: 'Web app',
      measure: 'first-load JavaScript of /home (gzip)',
      figure: home
        ? `${kb(home.firstLoadJsKb)} in ${home.scripts} scripts (${kb(home.scriptTransferKb)} over the wire)`
        : 'n/a',
      budget: '',
      pass: null,
    },
    ...bundle.sections.map((s) => ({
      section: 'Web app',
      measure: `lazy section ${s.name} (gzip: what opening it adds)`,
      figure: `${kb(s.addedKb)} (its own chunk ${kb(s.chunkKb)})`,
      budget: '< 50 KB',
      pass: s.addedKb < 50,
    })),
    {
      section: 'Web app',
      measure: 'ExcelJS in the web bundle',
      figure: bundle.excelJsFiles.length ? `found in ${bundle.excelJsFiles.join(', ')}` : 'absent',
      budget: 'absent',
      pass: bundle.excelJsFiles.length === 0,
    },
    ...[login, home]
      .filter((p): p is PageFigures => !!p)
      .map((p) => ({
        section: 'Web app',
        measure: `Lighthouse performance, ${p.page === '/' ? 'sign-in page' : '/home'} (mobile)`,
        figure: `${p.score} (FCP ${ms(p.fcpMs)}, LCP ${ms(p.lcpMs)}, TBT ${ms(p.tbtMs)}, CLS ${p.cls.toFixed(3)}; machine index ${Math.round(p.benchmarkIndex)})`,
        budget: '≥ 90',
        pass: p.score >= 90,
      })),
  );
}

/* ---------- run, then report ---------- */

try {
  await exports();
  await learnerAndManagerLoads();
  await logins();
  if (!args['skip-web']) {
    await web().catch((error: unknown) => {
      console.error(error);
      rows.push({
        section: 'Web app',
        measure: 'the web app',
        figure: `failed: ${String(error)}`,
        budget: '',
        pass: false,
      });
    });
  }
} finally {
  await portal.stop();
  await bare.stop();
  await bareCourseList.stop();
  await framework.stop();
}

function fmt(n: number): string {
  return Math.round(n).toLocaleString('en-US');
}
function ms(n: number): string {
  return n >= 100 ? `${Math.round(n)} ms` : `${n.toFixed(1)} ms`;
}

const loadAfter = os.loadavg();
const summary = {
  when: new Date().toISOString(),
  database: dialect,
  seconds: (Date.now() - started) / 1000,
  machine: {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model,
    memoryGb: Math.round(os.totalmem() / 1024 ** 3),
    node: process.version,
    loadAverageBefore: loadBefore,
    loadAverageAfter: loadAfter,
  },
  settings: {
    rounds: ROUNDS,
    secondsPerLoad: SECONDS,
    secondsPerBareLoadBefore: LIMIT_SECONDS,
    serverProcesses: SERVER_PROCESSES,
    niceness: NICENESS,
    lighthouseRuns: LIGHTHOUSE_RUNS,
  },
  dataSet: {
    users: fx.users,
    countryUsers: fx.countryUsers,
    sessions: fx.learnerCookies.length,
    seedSeconds: data.seedSeconds,
    webBuildSeconds,
  },
  rows,
  details,
};
const out = path.resolve(repoRoot, args.out);
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, `${JSON.stringify(summary, null, 2)}\n`);

printTable(rows, {
  title: `npm run bench · ${dialect} · ${fx.users} users · portal on ${SERVER_PROCESSES} server process(es) · servers at niceness ${NICENESS} · ${ROUNDS} interleaved rounds of ${SECONDS} s, medians`,
  footer: `load average ${loadBefore.map((l) => l.toFixed(2)).join(' ')} before, ${loadAfter.map((l) => l.toFixed(2)).join(' ')} after; ${os.cpus().length} cores; ${summary.seconds.toFixed(0)} s in all; ${path.relative(repoRoot, out)}`,
});

for (const cleanup of cleanups) await cleanup();
fs.rmSync(work, { recursive: true, force: true });
const failed = rows.filter((r) => r.pass === false).length;
console.log(failed ? `${failed} budget(s) not met.` : 'Every budget met.');
