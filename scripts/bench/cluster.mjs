// Runs a reference server (REFERENCE_SCRIPT) in REFERENCE_PROCESSES processes sharing its port with node:cluster, as
// the portal runs its SERVER_PROCESSES: the reference for what that many processes reach beside the bench's load
// generator on the same cores. The processes inherit this one's Node options (`--import tsx`).
import cluster from 'node:cluster';
import { pathToFileURL } from 'node:url';

if (cluster.isPrimary) {
  for (let i = 0; i < Number(process.env.REFERENCE_PROCESSES); i++) cluster.fork();
  process.once('SIGTERM', () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill();
    process.exit(0);
  });
} else {
  await import(pathToFileURL(process.env.REFERENCE_SCRIPT ?? '').href);
}
