// The framework's own floor, beside the bare limit: Fastify with the portal's security headers and logger settings
// answering the bare server's small JSON at / and at /api (the bench asks /api?r=ping), with no session, policy,
// validation or database.
import Fastify from 'fastify';
import { loadConfig } from '../../apps/server/src/config.js';
import { loggerOptions, RequestLog } from '../../apps/server/src/http/logging.js';
import { registerSecurityHeaders } from '../../apps/server/src/http/security-headers.js';

const config = loadConfig();
const app = Fastify({ logger: loggerOptions('warn'), logController: new RequestLog() });
registerSecurityHeaders(app, config);
app.get('/', async () => ({ result: 'pong' }));
app.get('/api', async () => ({ result: 'pong' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('listening');
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
