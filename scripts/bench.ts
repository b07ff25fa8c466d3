// `npm run bench`: measures what users feel on a large data set, with the portal's own server beside two references
// (Fastify alone and bare node:http) in the same run, and checks the budgets (docs/performance.md).
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
import { FINISHED_PER_SECOND, finishingLearners } from './bench/finishing-learners.js';
import { load, median, type BenchRequest, type LoadResult } from './bench/load.js';
import { mondayMorning } from './bench/monday-morning.js';
import {
  cpuTimeMs,
  DEFAULT_MEASURED_NICENESS,
  measureAtNiceness,
  runJson,
  sampleMemory,
  startPortal,
  startReference,
  type ServerMemory,
  type Service,
} from './bench/processes.js';
import { untilQuiet } from './bench/quiet.js';
import { verificationsPerSecond } from './bench/raw-argon2.js';
import { analyseBundle, buildWeb, CHROMIUM, lighthousePages, type PageFigures } from './bench/web.js';
import { flooredRatio, printTable, type Row } from './bench/report.js';
import { buildServer } from './build-server.mjs';

const USAGE = `npm run bench [-- options]
  (no options)          SQLite: a large data set built into a temp file
  --database-url URL    PostgreSQL: a new database beside the one named (postgres://…), dropped after;
                        BENCH_DATABASE_URL or a postgres DATABASE_URL do the same
  --data-url URL        reuse a large data set built before (kept with --keep-data)
  --keep-data           keep the data set built
  --rounds N            interleaved rounds of every load (default 3)
  --seconds S           seconds per load (default 2)
  --lighthouse-runs N   Lighthouse runs per page, the median score is kept (default 5)
  --skip-web            no web build, bundle figures or Lighthouse
  --server-processes N  the portal's SERVER_PROCESSES (default 2)
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
        'server-processes': { type: 'string', default: '2' },
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

const args = parseOptions();
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}
const ROUNDS = wholeNumber('rounds', args.rounds, 1);
const SECONDS = wholeNumber('seconds', args.seconds, 1);
const LIGHTHOUSE_RUNS = wholeNumber('lighthouse-runs', args['lighthouse-runs'], 1);
const SERVER_PROCESSES = wholeNumber('server-processes', args['server-processes'], 1);
const NICENESS = wholeNumber('niceness', args.niceness, 0, 19);
measureAtNiceness(NICENESS);

/** The connections of the learner loads. */
const LEARNER_CONNECTIONS = [50, 200];
/** What a learner's pages ask for; each has the same budget. */
const LEARNER_CALLS = ['users', 'courses', 'course_progress', 'goals', 'notifications', 'home_counts'];
/** A learner call's rate at least this share of the Fastify reference's, at every connection count. */
const LEARNER_FLOOR = 0.25;
/** A learner call's p99 under this many ms at 200 connections. */
const LEARNER_P99_MS = 50;
/** The Monday morning's learners all arrive within this many seconds. */
const MONDAY_SECONDS = 60;
/** Exports asked for at once, for the server's peak memory and threads. */
const CONCURRENT_EXPORTS = 30;

const started = Date.now();
const log = (line: string) => console.log(`[bench ${((Date.now() - started) / 1000).toFixed(0)} s] ${line}`);
const loadBefore = os.loadavg();

const postgresUrl =
  args['database-url'] ??
  process.env.BENCH_DATABASE_URL ??
  (process.env.DATABASE_URL?.startsWith('postgres') ? process.env.DATABASE_URL : undefined);
if (postgresUrl && !/^postgres(ql)?:\/\//.test(postgresUrl)) usageError('--database-url must be postgres://….');
const dialect = (args['data-url'] ?? postgresUrl ?? 'sqlite:').startsWith('postgres') ? 'postgres' : 'sqlite';
const cleanups: (() => Promise<void>)[] = [];

const withoutPassword = (url: string) => url.replace(/\/\/[^@]*@/, '//');

/* ---------- data set, web build and servers ---------- */

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
const bare: Service = await startReference(repoRoot, 'bare');
// On as many processes as the portal, so that a ratio to it compares the same use of the machine.
const framework: Service = await startReference(repoRoot, 'framework', { processes: SERVER_PROCESSES });
const portal: Service = await startPortal(repoRoot, data.url, {
  SERVER_PROCESSES: String(SERVER_PROCESSES),
  ...(args['skip-web'] ? {} : { WEB_DIST_DIR: webDir }),
});
log(`servers up: bare node:http on ${bare.port}, Fastify alone on ${framework.port}, portal on ${portal.port}`);

const rows: Row[] = [];
const details: Record<string, unknown> = {};

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const ms = (n: number) => (n >= 100 ? `${Math.round(n)} ms` : `${n.toFixed(1)} ms`);
const mb = (n: number) => `${n.toFixed(0)} MB`;

/* ---------- a country's export against raw ExcelJS, and many at once ---------- */

interface ExportRun {
  ms: number;
  bytes: number;
  status: number;
}

async function serverExport(departments: string[], cookie = fx.officeAdminCookies[0]!): Promise<ExportRun> {
  const params = JSON.stringify({ departments, courses: fx.exportCourses, lang: 'lv' });
  const url = `http://127.0.0.1:${portal.port}/api/download?r=get_users_results_excel&params=${encodeURIComponent(params)}`;
  const t0 = performance.now();
  // A connection of its own: node:cluster hands each new connection to the next server process in turn.
  const response = await fetch(url, { headers: { cookie, connection: 'close' } });
  let bytes = 0;
  if (response.body) for await (const chunk of response.body) bytes += (chunk as Uint8Array).length;
  return { ms: performance.now() - t0, bytes, status: response.status };
}

/** An export with the server's memory sampled meanwhile. */
async function sampledExport(departments: string[]): Promise<{ run: ExportRun; peak: ServerMemory }> {
  const sampler = sampleMemory(portal.pid);
  const run = await serverExport(departments);
  const peak = sampler.stop();
  if (run.status !== 200) throw new Error(`the export failed: ${run.status}`);
  return { run, peak };
}

const rawExport = (people: number) =>
  runJson<{ ms: number; bytes: number; peakRssMb: number }>(repoRoot, 'scripts/bench/raw-excel.ts', [
    '--rows',
    String(people),
    '--courses',
    String(fx.exportCourses.length),
  ]);

async function exports() {
  const all = fx.countryDepartments;
  const half = all.slice(0, Math.ceil(all.length / 2));
  const people = (n: number) => fx.countryDepartmentUsers.slice(0, n).reduce((a, b) => a + b, 0);
  log(`exports: ${fx.countryUsers} people of ${fx.country} × ${fx.exportCourses.length} courses, against raw ExcelJS`);
  // A process's first export runs before its code is optimized, so every server process makes one first.
  for (let i = 0; i < SERVER_PROCESSES; i++) await serverExport(all);
  const full = [];
  const halves = [];
  for (let round = 0; round < 3; round++) {
    const raw = await rawExport(people(all.length));
    full.push({ ...(await sampledExport(all)), raw });
    halves.push(await sampledExport(half));
  }
  const ratio = median(full.map((f) => f.run.ms / f.raw.ms));
  const peak = Math.max(...full.map((f) => f.peak.largestMb));
  const halfPeak = Math.max(...halves.map((h) => h.peak.largestMb));
  rows.push(
    {
      section: 'Export',
      measure: `country to .xlsx (${people(all.length)} people × ${fx.exportCourses.length} courses, ${(full[0]!.run.bytes / 1024 / 1024).toFixed(1)} MB)`,
      figure: `${(median(full.map((f) => f.run.ms)) / 1000).toFixed(2)} s · raw ExcelJS ${(median(full.map((f) => f.raw.ms)) / 1000).toFixed(2)} s · ${ratio.toFixed(2)}× raw`,
      budget: '≤ 1.5× raw',
      pass: ratio <= 1.5,
    },
    {
      section: 'Export',
      measure: `peak RSS of the server's largest process, at ${people(all.length)} rows / at ${people(half.length)} rows`,
      figure: `${mb(peak)} / ${mb(halfPeak)} = ${(peak / halfPeak).toFixed(2)} (raw writer process ${mb(median(full.map((f) => f.raw.peakRssMb)))})`,
      budget: '< 400 MB, ≤ 1.10',
      pass: peak < 400 && peak / halfPeak <= 1.1,
    },
  );

  // Many office admins asking for the same export at once: what the server then holds (no budget).
  const sampler = sampleMemory(portal.pid);
  const t0 = performance.now();
  const many = await Promise.all(
    Array.from({ length: CONCURRENT_EXPORTS }, (_, i) =>
      serverExport(all, fx.officeAdminCookies[i % fx.officeAdminCookies.length]).catch(() => null),
    ),
  );
  const seconds = (performance.now() - t0) / 1000;
  const atOnce = sampler.stop();
  const answered = many.filter((r) => r?.status === 200).length;
  const limited = many.filter((r) => r?.status === 429).length;
  const failed = CONCURRENT_EXPORTS - answered - limited;
  details.exports = { full, halves, concurrent: { seconds, peak: atOnce, statuses: many.map((r) => r?.status) } };
  rows.push({
    section: 'Export',
    measure: `${CONCURRENT_EXPORTS} of those exports asked for at once (${Math.min(CONCURRENT_EXPORTS, fx.officeAdminCookies.length)} office admins)`,
    figure: `peak ${mb(atOnce.totalMb)} in all processes (largest ${mb(atOnce.largestMb)}) · ${atOnce.threads} threads at most · ${answered} answered, ${limited} refused as rate limited, in ${seconds.toFixed(1)} s`,
    budget: '',
    pass: failed === 0 ? null : false,
  });
}

/* ---------- learner and manager calls ---------- */

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

interface Scenario {
  key: string;
  label: string;
  service: Service;
  connections: number;
  requests: BenchRequest[];
  /** Runs the load with other work going on beside it. */
  around?: <T>(load: () => Promise<T>) => Promise<T>;
}

/**
 * Waits until a server has answered what the previous load left queued, and until the machine is idle, so that
 * neither counts against the next load.
 */
async function settle(service: Service): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const t0 = performance.now();
    await fetch(`http://127.0.0.1:${service.port}${service === portal ? '/healthz' : '/'}`).then((r) =>
      r.arrayBuffer(),
    );
    if (performance.now() - t0 < 20) break;
  }
  await untilQuiet();
}

function loadOf(s: Scenario, duration: number): Promise<LoadResult> {
  const run = () => load({ port: s.service.port, connections: s.connections, duration, requests: s.requests });
  return s.around ? s.around(run) : run();
}

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

/** What the course page asks for when the browser's cache does not hold the catalogue of the person's courses. */
async function catalogueRequests(): Promise<BenchRequest[]> {
  const requests: BenchRequest[] = [];
  for (const cookie of fx.learnerCookies) {
    const response = await fetch(`http://127.0.0.1:${portal.port}/api?r=course_progress`, { headers: { cookie } });
    if (!response.ok) throw new Error(`course_progress failed: ${response.status} ${await response.text()}`);
    const { result } = (await response.json()) as { result: { catalogue: string; ids: number[] } };
    const ids = [...new Set(result.ids)].sort((a, b) => a - b);
    if (ids.length > 0)
      requests.push(
        get('course_catalogue', cookie, `&v=${result.catalogue}${ids.map((id) => `&ids[]=${id}`).join('')}`),
      );
  }
  return requests;
}

async function learnerAndManagerLoads() {
  const learner = (route: string) => fx.learnerCookies.map((cookie) => get(route, cookie));
  const reference = (connections: number): Scenario => ({
    key: `framework@${connections}`,
    label: `Fastify alone with the portal's header and logger set-up, no session, on ${SERVER_PROCESSES} process(es) (the reference)`,
    service: framework,
    connections,
    requests: learner('ping'),
  });
  /** Per connection count, the loads between two of the reference's in each round. */
  const groups = LEARNER_CONNECTIONS.map((connections) => ({
    connections,
    reference: reference(connections),
    scenarios: [
      {
        key: `bare@${connections}`,
        label: 'bare node:http answering a small JSON, one process',
        service: bare,
        connections,
        requests: learner('ping'),
      },
      {
        key: `ping@${connections}`,
        label: 'ping: a signed-in call through the whole pipeline',
        service: portal,
        connections,
        requests: learner('ping'),
      },
      ...LEARNER_CALLS.map((route) => ({
        key: `${route}@${connections}`,
        label: route,
        service: portal,
        connections,
        requests: learner(route),
      })),
    ] as Scenario[],
  }));
  // Filled in after the warm-up, which creates the goals they edit.
  const withEdits: Scenario = {
    key: 'users_goal_edits@50',
    label: `users, every ${EDIT_EVERY}th request a goal edit instead (a write, which the other process sees)`,
    service: portal,
    connections: 50,
    requests: [],
  };
  const extras: Scenario[] = [
    withEdits,
    {
      key: 'framework_courses@50',
      label:
        "Fastify alone answering a list shaped like a learner's courses (45 KB, no session or database): the floor for that answer",
      service: framework,
      connections: 50,
      requests: learner('courses'),
    },
    {
      key: 'courses_compressed@50',
      label: 'courses as a browser asks for them (Accept-Encoding: gzip, deflate, br)',
      service: portal,
      connections: 50,
      requests: fx.learnerCookies.map((cookie) => ({
        ...get('courses', cookie),
        headers: { cookie, 'accept-encoding': 'gzip, deflate, br' },
      })),
    },
    {
      key: 'course_catalogue@50',
      label: "course_catalogue: the fields of a person's courses, asked once per browser until one of them changes",
      service: portal,
      connections: 50,
      requests: await catalogueRequests(),
    },
  ];
  const office = fx.officeAdminCookies;
  const finishing = finishingLearners({ port: portal.port, adminCookie: office[0]!, unfinished: fx.unfinished });
  const managerCalls: Scenario[] = [
    {
      key: 'store_page@1',
      label: "a store's results page (30 rows)",
      service: portal,
      connections: 1,
      requests: fx.storeAdmins.map((a) =>
        post('get_user_results_by_stores', a.cookie, { country: a.country, stores: [a.store], limit: 30 }),
      ),
    },
    {
      key: 'country_page@1',
      label: `a country's results page (first 30 rows and the summary), ${FINISHED_PER_SECOND} results of its people finished a second meanwhile`,
      service: portal,
      connections: 1,
      requests: office.map((cookie) =>
        post('get_user_results', cookie, { country: fx.country, dep: fx.countryDepartments, limit: 30 }),
      ),
      around: (run) => finishing.whileRunning(run),
    },
    {
      key: 'search_surname@1',
      label: 'user search by surname prefix',
      service: portal,
      connections: 1,
      requests: fx.surnamePrefixes.map((s, i) => post('find_user', office[i % office.length]!, { search_string: s })),
    },
    {
      key: 'search_pin@1',
      label: 'user search by PIN',
      service: portal,
      connections: 1,
      requests: fx.pins.map((s, i) => post('find_user', office[i % office.length]!, { search_string: s })),
    },
  ];
  const everyScenario = [...groups.flatMap((g) => [g.reference, ...g.scenarios]), ...extras, ...managerCalls];

  // Warm-up: a person's first `goals` creates their goals, so every session asks once, in slices that double, with
  // fresh statistics after each on PostgreSQL (a read planned while the tables were empty keeps a whole-table plan).
  // Then every load for a second.
  log('warming up');
  const goals = learner('goals');
  for (let from = 0, size = 50; from < goals.length; from += size, size *= 2) {
    const slice = goals.slice(from, from + size);
    let connections = Math.min(50, slice.length);
    while (slice.length % connections !== 0) connections--;
    await load({ port: portal.port, connections, amount: slice.length, requests: slice });
    await refreshStatistics(data.url, ['goals', 'tasks']);
  }
  await refreshStatistics(data.url);
  withEdits.requests = await usersWithGoalEdits();
  for (const s of everyScenario) {
    await settle(s.service);
    const result = await loadOf(s, 1);
    if (result.failures > 0) throw new Error(`${s.key}: ${result.failures} failed requests in the warm-up`);
  }

  const results = new Map<string, LoadResult[]>(everyScenario.map((s) => [s.key, []]));
  /** Server CPU per answered request (µs), per round: steadier than rates on a shared machine. */
  const cpuPerRequest = new Map<string, number[]>(everyScenario.map((s) => [s.key, []]));
  /** Per connection count and round, the reference's rate: the mean of its loads before and after the others. */
  const referenceRps = new Map<number, number[]>(LEARNER_CONNECTIONS.map((c) => [c, []]));
  const measure = async (s: Scenario): Promise<LoadResult> => {
    await settle(s.service);
    const cpuBefore = cpuTimeMs(s.service.pid);
    const result = await loadOf(s, SECONDS);
    cpuPerRequest.get(s.key)!.push(((cpuTimeMs(s.service.pid) - cpuBefore) * 1000) / Math.max(1, result.responses));
    results.get(s.key)!.push(result);
    return result;
  };
  for (let round = 1; round <= ROUNDS; round++) {
    log(`round ${round} of ${ROUNDS}: ${everyScenario.length + groups.length} loads of ${SECONDS} s`);
    for (const group of groups) {
      const before = await measure(group.reference);
      for (const s of group.scenarios) await measure(s);
      const after = await measure(group.reference);
      referenceRps.get(group.connections)!.push((before.rps + after.rps) / 2);
    }
    for (const s of [...extras, ...managerCalls]) await measure(s);
  }
  details.loads = Object.fromEntries(results);
  details.cpuMicrosPerRequest = Object.fromEntries(cpuPerRequest);

  const stat = (key: string, pick: (r: LoadResult) => number) => median(results.get(key)!.map(pick));
  const failures = (key: string) => results.get(key)!.reduce((n, r) => n + r.failures, 0);
  /** A load's rate in each round; the reference's is the mean of its two loads in the round. */
  const roundRps = (key: string, connections: number) =>
    key.startsWith('framework@') ? referenceRps.get(connections)! : results.get(key)!.map((r) => r.rps);
  /** Per round, the rate of `key` over the reference's (or the bare server's) in that round; the median of rounds. */
  const ratio = (key: string, connections: number, against: 'framework' | 'bare') => {
    const base = roundRps(`${against}@${connections}`, connections);
    return median(roundRps(key, connections).map((rps, round) => rps / base[round]!));
  };
  const loadFigure = (key: string, connections: number) => {
    const versus = key.startsWith('framework@')
      ? ''
      : ` · ${flooredRatio(ratio(key, connections, 'framework'))}× Fastify`;
    const versusBare = key.startsWith('bare@') ? '' : ` · ${ratio(key, connections, 'bare').toFixed(2)}× bare`;
    return (
      `${fmt(stat(key, (r) => r.rps))} rps${versus}${versusBare} · p50 ${ms(stat(key, (r) => r.p50))} · ` +
      `p99 ${ms(stat(key, (r) => r.p99))} · ${fmt(median(cpuPerRequest.get(key)!))} µs CPU`
    );
  };
  const reported = (s: Scenario, section: string) =>
    rows.push({
      section,
      measure: s.label,
      figure: loadFigure(s.key, s.connections),
      budget: '',
      pass: failures(s.key) === 0 ? null : false,
    });

  for (const { connections, reference, scenarios } of groups) {
    const section = `Learner calls at ${connections} connections`;
    reported(reference, section);
    for (const s of scenarios) {
      if (!LEARNER_CALLS.includes(s.label)) {
        reported(s, section);
        continue;
      }
      const p99Budget = connections === 200;
      rows.push({
        section,
        measure: s.label,
        figure: loadFigure(s.key, connections),
        budget: `≥ ${LEARNER_FLOOR}× Fastify${p99Budget ? `, p99 < ${LEARNER_P99_MS} ms` : ''}`,
        pass:
          failures(s.key) === 0 &&
          ratio(s.key, connections, 'framework') >= LEARNER_FLOOR &&
          (!p99Budget || stat(s.key, (r) => r.p99) < LEARNER_P99_MS),
      });
    }
  }
  for (const s of extras) reported(s, 'Learner calls at 50 connections, as browsers ask (no budget)');

  const manager = (key: string, budget: string, ok: (p95: number, p99: number) => boolean) => {
    const s = managerCalls.find((x) => x.key === key)!;
    const [p50, p95, p99] = [stat(key, (r) => r.p50), stat(key, (r) => r.p95), stat(key, (r) => r.p99)];
    rows.push({
      section: 'Manager calls, one manager at a time',
      measure: s.label,
      figure: `${fmt(stat(key, (r) => r.rps))} rps · p50 ${ms(p50)} · p95 ${ms(p95)} · p99 ${ms(p99)}`,
      budget,
      pass: failures(key) === 0 && ok(p95, p99),
    });
  };
  manager('store_page@1', 'p99 < 50 ms', (_p95, p99) => p99 < 50);
  manager('country_page@1', 'p99 < 300 ms', (_p95, p99) => p99 < 300);
  manager('search_surname@1', 'p95 < 20 ms', (p95) => p95 < 20);
  manager('search_pin@1', 'p95 < 20 ms', (p95) => p95 < 20);
}

/* ---------- a Monday morning ---------- */

async function monday() {
  log(
    `Monday morning: ${fx.mondayLearners.length} learners sign in and open home and courses within ${MONDAY_SECONDS} s`,
  );
  await settle(portal);
  const result = await mondayMorning({ port: portal.port, learners: fx.mondayLearners, seconds: MONDAY_SECONDS });
  details.mondayMorning = result;
  rows.push({
    section: 'Monday morning',
    measure: `${result.learners} learners (PIN or password) each sign in, open home and the course page, arriving within ${MONDAY_SECONDS} s`,
    figure:
      `${fmt(result.calls)} calls in ${result.seconds.toFixed(0)} s · ${result.failures} failed visits · p50 ${ms(result.p50)} · ` +
      `p95 ${ms(result.p95)} · p99 ${ms(result.p99)} (sign-in ${ms(result.signInP99)}) · max ${ms(result.max)}` +
      (result.failureSamples.length ? ` · first: ${result.failureSamples[0]}` : ''),
    budget: 'no errors, p99 < 200 ms',
    pass: result.failures === 0 && result.p99 < 200,
  });
}

/* ---------- sign-in against the raw hash rate ---------- */

/** One raw window: verifications per second, one per core at a time and one per connection, and the better. */
interface RawWindow {
  perCore: number;
  perCaller: number;
  best: number;
}

async function logins() {
  log('sign-in: logins per second against raw argon2id verifications, in alternate windows');
  const connections = 8;
  const requests: BenchRequest[] = fx.passwordLogins.map((login) => ({
    method: 'POST',
    path: '/api?r=login',
    body: JSON.stringify({ login, pass: fx.password }),
  }));
  await load({ port: portal.port, connections, amount: 40, requests });
  // A memory-hard hash can go faster with fewer at once, so the raw rate is the better of the two.
  const raw = async (): Promise<RawWindow> => {
    const rate = (concurrency: number) => verificationsPerSecond(fx.passwordHash, fx.password, concurrency, 1.5);
    const perCore = await rate(os.availableParallelism());
    const perCaller = await rate(connections);
    return { perCore, perCaller, best: Math.max(perCore, perCaller) };
  };
  // The machine's hash rate drifts within a minute, so each login window is compared with the raw windows on either
  // side of it.
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
  const rawRate = median(windows.map((w) => (w.before.best + w.after.best) / 2));
  rows.push({
    section: 'Sign-in',
    measure: `password logins (argon2id m=19 MiB t=2 p=1), ${connections} connections, 5 windows of 2 s between raw ones`,
    figure:
      `${median(windows.map((w) => w.login.rps)).toFixed(1)} logins/s · raw verify ${rawRate.toFixed(1)}/s · ` +
      `${flooredRatio(ratio)}× raw (windows ${windows.map((w) => flooredRatio(w.ratio)).join(', ')}) · ` +
      `p99 ${ms(median(windows.map((w) => w.login.p99)))}`,
    budget: '≥ 0.8× raw',
    pass: ratio >= 0.8 && windows.every((w) => w.login.failures === 0),
  });
}

/* ---------- the web app ---------- */

async function web() {
  const bundle = analyseBundle(webDir);
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
  const firstLoad = (p: PageFigures | undefined) =>
    p ? `${kb(p.firstLoadJsKb)} in ${p.scripts} scripts (${kb(p.scriptTransferKb)} over the wire)` : 'n/a';
  rows.push(
    {
      section: 'Web app',
      measure: 'first-load JavaScript of the sign-in page (gzip)',
      figure: firstLoad(login),
      budget: '< 150 KB',
      pass: login ? login.firstLoadJsKb < 150 : null,
    },
    {
      section: 'Web app',
      measure: 'first-load JavaScript of /home (gzip)',
      figure: firstLoad(home),
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
      .filter((p) => p !== undefined)
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
  await monday();
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
  await framework.stop();
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
  title: `npm run bench · ${dialect} · ${fx.users} users · portal on ${SERVER_PROCESSES} server process(es) · servers at niceness ${NICENESS} · ${ROUNDS} interleaved round(s) of ${SECONDS} s, medians`,
  footer: `load average ${loadBefore.map((l) => l.toFixed(2)).join(' ')} before, ${loadAfter.map((l) => l.toFixed(2)).join(' ')} after; ${os.cpus().length} cores; ${summary.seconds.toFixed(0)} s in all; ${path.relative(repoRoot, out)}`,
});

for (const cleanup of cleanups) await cleanup();
fs.rmSync(work, { recursive: true, force: true });
const failed = rows.filter((r) => r.pass === false).length;
console.log(failed ? `${failed} budget(s) not met.` : 'Every budget met.');
