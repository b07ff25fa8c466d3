import { buildWebIfStale } from '../scripts/build-web-if-stale.mjs';

/** The browser tests run against the built web app, served by the real server. */
export default function setup(): void {
  buildWebIfStale();
}
