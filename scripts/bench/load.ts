// One load run with autocannon on 127.0.0.1, and the statistics the bench reports.
import autocannon from 'autocannon';

/** One HTTP request of a scenario, built once (autocannon keeps its bytes). */
export interface BenchRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadOptions {
  port: number;
  connections: number;
  /** Seconds; ignored when `amount` is set. */
  duration?: number;
  /** Stop after this many responses instead of after `duration`. */
  amount?: number;
  /** The requests; each connection cycles through its own slice, so many sessions are in play at once. */
  requests: BenchRequest[];
}

export interface LoadResult {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  responses: number;
  /** Non-2xx answers, socket errors and timeouts: a figure with any of these is not valid. */
  failures: number;
  seconds: number;
}

/** The q-quantile (0..1) of sorted values, nearest rank. */
export function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[index]!;
}

export function median(values: number[]): number {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Splits the request list so that connection i starts at its own place in it. */
function sliceFor(requests: BenchRequest[], client: number, connections: number): BenchRequest[] {
  const per = Math.max(1, Math.floor(requests.length / connections));
  const start = (client * per) % requests.length;
  const slice = requests.slice(start, start + per);
  return slice.length > 0 ? slice : requests.slice(0, 1);
}

const toAutocannon = (r: BenchRequest): autocannon.Request => ({
  method: r.method,
  path: r.path,
  headers: { ...(r.body !== undefined ? { 'content-type': 'application/json' } : {}), ...r.headers },
  ...(r.body !== undefined ? { body: r.body } : {}),
});

/** Runs one load and measures requests per second and latency percentiles from every response's time. */
export async function load(options: LoadOptions): Promise<LoadResult> {
  const times: number[] = [];
  let clientIndex = 0;
  const first = options.requests[0];
  if (!first) throw new Error('a load needs at least one request');
  const started = process.hrtime.bigint();
  const instance = autocannon({
    url: `http://127.0.0.1:${options.port}`,
    connections: options.connections,
    ...(options.amount ? { amount: options.amount } : { duration: options.duration ?? 3 }),
    timeout: 30,
    requests: [toAutocannon(first)],
    setupClient(client) {
      const mine = sliceFor(options.requests, clientIndex++, options.connections);
      client.setRequests(mine.map(toAutocannon));
    },
  });
  // autocannon 9 emits (client, statusCode, bytes, responseTime); its typings lag behind.
  (instance as unknown as NodeJS.EventEmitter).on('response', (...args: unknown[]) => {
    const ms = args[args.length - 1];
    if (typeof ms === 'number') times.push(ms);
  });
  const result = await instance;
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  times.sort((a, b) => a - b);
  return {
    rps: result.requests.total / Math.max(result.duration, 0.001),
    p50: quantile(times, 0.5),
    p95: quantile(times, 0.95),
    p99: quantile(times, 0.99),
    max: times[times.length - 1] ?? Number.NaN,
    responses: result.requests.total,
    failures: result.non2xx + result.errors + result.timeouts,
    seconds,
  };
}
