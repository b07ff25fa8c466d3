// `npm start`: builds the web app when it is missing or stale and bundles the server, then serves web + API on one port.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, serverBundle } from './build-server.mjs';
import { buildWebIfStale } from './build-web-if-stale.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
buildWebIfStale();
buildServer();
const server = spawn(process.execPath, ['--enable-source-maps', serverBundle], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
