// The raw rate of the password check in use: @node-rs/argon2 `verify` of a stored hash, `concurrency` at a time,
// in a process of its own (the same thread pool as the server's). Prints {"perSecond": …} as its last line.
import { parseArgs } from 'node:util';
import { verify } from '@node-rs/argon2';

const { values } = parseArgs({
  options: {
    hash: { type: 'string' },
    password: { type: 'string', default: 'demo-pass' },
    seconds: { type: 'string', default: '5' },
    concurrency: { type: 'string', default: '8' },
  },
});
if (!values.hash) throw new Error('--hash is required');
const hash = values.hash;
const password = values.password;

// Warm up the thread pool, and make sure the hash really verifies.
if (!(await verify(hash, password))) throw new Error('the password does not match the hash');

const until = Date.now() + Number(values.seconds) * 1000;
let done = 0;
const started = process.hrtime.bigint();
async function worker() {
  while (Date.now() < until) {
    await verify(hash, password);
    done++;
  }
}
await Promise.all(Array.from({ length: Number(values.concurrency) }, worker));
const seconds = Number(process.hrtime.bigint() - started) / 1e9;
console.log(JSON.stringify({ perSecond: done / seconds, verifications: done, seconds }));
