import http from 'node:http';
import { adminRoutes } from '@portal/shared';
import { sampleRss } from './processes.js';

export interface ExportBurstResult {
  /** Downloads answered with a spreadsheet, refused as `rate limited`, and anything else (status: count). */
  answered: number;
  refused: number;
  other: Record<number, number>;
  /** The portal's resident memory while the downloads were open: the most seen and the last, in MB. */
  peakRssMb: number;
  endRssMb: number;
}

/** The address of a country-wide results export of everything the caller reaches. */
const EXPORT_PATH = `${adminRoutes.DOWNLOAD_PATH}?r=get_users_results_excel&params=${encodeURIComponent(
  JSON.stringify({ exportAll: true, departments: [], lang: 'en' }),
)}`;

/**
 * Opens `count` export downloads at once on the portal at `port` (whose server process is `pid`), the callers'
 * session cookies taken in turn, and samples the server's memory meanwhile. With `read: false` nobody reads the
 * answered downloads: they stay open for `holdMs` (the unread timeout ends them on the server sooner or later),
 * then are dropped. Refused downloads are read to their end (a small JSON envelope).
 */
export async function exportBurst(options: {
  port: number;
  pid: number;
  cookies: string[];
  count: number;
  read: boolean;
  holdMs: number;
}): Promise<ExportBurstResult> {
  const rss = sampleRss(options.pid);
  const statuses = await Promise.all(
    Array.from(
      { length: options.count },
      (_, index) =>
        new Promise<number>((resolve, reject) => {
          const request = http.get(
            {
              host: '127.0.0.1',
              port: options.port,
              path: EXPORT_PATH,
              headers: { cookie: options.cookies[index % options.cookies.length] },
            },
            (response) => {
              const status = response.statusCode ?? 0;
              if (status !== 200 || options.read) {
                response.resume();
                response.on('end', () => resolve(status));
                response.on('error', () => resolve(status));
                return;
              }
              response.pause();
              setTimeout(() => {
                request.destroy();
                resolve(status);
              }, options.holdMs);
            },
          );
          request.on('error', reject);
        }),
    ),
  );
  const samples = rss.stop();
  const other: Record<number, number> = {};
  for (const status of statuses) if (status !== 200 && status !== 429) other[status] = (other[status] ?? 0) + 1;
  return {
    answered: statuses.filter((status) => status === 200).length,
    refused: statuses.filter((status) => status === 429).length,
    other,
    peakRssMb: Math.max(...samples),
    endRssMb: samples.at(-1) ?? Number.NaN,
  };
}
