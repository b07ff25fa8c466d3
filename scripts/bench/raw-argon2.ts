// The raw rate of the password check in use: @node-rs/argon2 `verify` of a stored hash, `concurrency` at a time, on
// the bench's own thread pool (four threads, as the server's). It runs in the bench process, so that a measurement
// can start the moment a load ends: the machine's hash rate drifts by a third within a minute.
import { verify } from '@node-rs/argon2';

/** Verifications per second of `hash` against `password`, `concurrency` at a time, for `seconds`. */
export async function verificationsPerSecond(
  hash: string,
  password: string,
  concurrency: number,
  seconds: number,
): Promise<number> {
  if (!(await verify(hash, password))) throw new Error('the password does not match the hash');
  const started = performance.now();
  const until = started + seconds * 1000;
  let done = 0;
  const worker = async () => {
    while (performance.now() < until) {
      await verify(hash, password);
      done++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return (done * 1000) / (performance.now() - started);
}
