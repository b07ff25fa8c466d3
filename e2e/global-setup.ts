import { buildServer } from '../scripts/build-server.mjs';
import { buildWebIfStale } from '../scripts/build-web-if-stale.mjs';

/** The browser tests run against the built web app, served by the real server as `npm start` runs it. */
export default function setup(): void {
  buildWebIfStale();
  buildServer();
}
