// The gateway's side of bench-api.mjs's callback measurement, in a worker thread: Daraja posts from
// its own machines, so the callbacks must not wait in the event loop of the load generator
// (autocannon keeps that one busy). Posts each body in turn at `perSecond` for `seconds`, and
// answers the latencies it measured. One unmeasured post of `warmUp` first: a thread's first fetch
// loads its HTTP client.
import { parentPort, workerData } from 'node:worker_threads';

const { url, bodies, warmUp, perSecond, seconds } = workerData;
await (
  await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: warmUp })
).arrayBuffer();
const latencies = [];
let failures = 0;
const pending = [];
const until = Date.now() + seconds * 1000;
for (let i = 0; Date.now() < until; i++) {
  const body = bodies[i % bodies.length];
  pending.push(
    (async () => {
      const started = performance.now();
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
          signal: AbortSignal.timeout(10_000),
        });
        await response.arrayBuffer();
        if (!response.ok) failures += 1;
      } catch {
        failures += 1;
      }
      latencies.push(performance.now() - started);
    })(),
  );
  await new Promise((resolve) => setTimeout(resolve, 1000 / perSecond));
}
await Promise.all(pending);
parentPort.postMessage({ latencies, failures });
