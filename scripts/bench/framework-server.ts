// The framework's own floor, beside the bare limit: Fastify with the portal's security headers and logger settings
// answering the bare server's small JSON at / and at /api (the bench asks /api?r=ping), with no session, policy,
// validation or database. Asked `/api?r=courses`, it answers a list shaped like a learner's `courses` (80 courses,
// about 45 KB), serialised on every request: the framework's floor for an answer of that size.
import Fastify from 'fastify';
import { loadConfig } from '../../apps/server/src/config.js';
import { loggerOptions, RequestLog } from '../../apps/server/src/http/logging.js';
import { registerSecurityHeaders } from '../../apps/server/src/http/security-headers.js';

const COURSES_SHAPED = {
  result: Array.from({ length: 80 }, (_, i) => ({
    user_id: 104_233,
    id: 1_000 + i,
    alias: `course-${String(i + 1).padStart(3, '0')}`,
    language: 'lv',
    name: `Course ${i + 1} (lv)`,
    description: 'Synthetic course for benchmarks.',
    expiration: [0, 12, 24][i % 3],
    folder: `synthetic-${i + 1}`,
    course_type: i % 5 < 3 ? 'mandatory' : 'optional',
    course_mandatory: i % 5 < 3 ? 'true' : 'false',
    status: 'enabled',
    course_order_office: i,
    course_order_store: i,
    additional: false,
    external_url: null,
    launch_file: 'index.html',
    scorm_version: '2004',
    url: `/course-content/synthetic-${i + 1}/index.html`,
    complete: i % 2 === 0,
    finish_time: i % 2 === 0 ? '2026-03-14T09:21:07.000Z' : null,
    course_status: i % 2 === 0 ? 'complete' : 'incomplete',
    days_left: i % 2 === 0 ? 97 : null,
    course_expiration: i % 2 === 0 ? '2027-03-14' : null,
  })),
};

const config = loadConfig();
const app = Fastify({ logger: loggerOptions('warn'), logController: new RequestLog() });
registerSecurityHeaders(app, config);
app.get('/', async () => ({ result: 'pong' }));
app.get('/api', async (request) =>
  (request.query as { r?: string }).r === 'courses' ? COURSES_SHAPED : { result: 'pong' },
);
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('listening');
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
