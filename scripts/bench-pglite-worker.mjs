#!/usr/bin/env node
// Issue 12: should PGlite leave the main thread? PGlite runs Postgres as WebAssembly; each query runs
// synchronously, and its promise resolves in a microtask, so a handler's whole chain of queries (all
// of home(), ~23 queries) runs without the event loop turning: every other request, a payment
// callback included, waits for it. This script builds one migrated, seeded database (as the server
// tests do) and loads the same snapshot three ways: (a) PGlite on the main thread, as the server
// runs it; (b) PGlite in a node:worker_threads worker behind a small proxy (the main thread posts
// `{ sql, params, rowMode }`, the worker runs `pg.query` and posts the rows back; drizzle takes the
// proxy as its client, so the real `home()` of server/services/web-service.ts runs unchanged);
// (c) PGlite on the main thread behind a queue that runs one query per event-loop turn (the cheap
// alternative to a thread). For each it prints: home() throughput one and eight at a time and how
// late a 1 ms timer fires meanwhile (p50/p99/max: the event-loop blocking); the same over HTTP (a
// node:http server in this process answering `/home` with home() as JSON, `/ping` without the
// database and `/ping-db` after one primary-key lookup; autocannon loads `/home` with 20 connections
// from a child process while two other child processes send `/ping` and `/ping-db` 50 times a second
// each, whether or not earlier ones were answered); and the round trip of `select 1` and of a
// 100-row query, next to a bare postMessage echo (the message-passing cost). PGlite's own
// `@electric-sql/pglite/worker` is not used: it targets browser Web Workers (it calls
// `worker.addEventListener`, a global `postMessage` inside the worker and `navigator.locks`, none of
// which Node 20's worker_threads have: `PGliteWorker.create(new Worker(…))` throws at once), and
// its client drives the wire protocol itself, about a dozen message round trips per query (lock,
// parse, describe, bind, describe, execute, sync, fs sync, unlock…). Prototype only: no
// transactions, no LISTEN forwarding. Run: node --import tsx scripts/bench-pglite-worker.mjs [--seconds 5]
// [--concurrency 8] [--rounds 2] [--no-http]; cells are min–max over the rounds (alternating order),
// and the printed load average says how much other processes took from the two threads.
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { isMainThread, parentPort, Worker } from 'node:worker_threads';
import { PGlite, types } from '@electric-sql/pglite';

// drizzle-orm/pglite asks for these parsers (timestamps, dates and intervals stay text); functions
// cannot be posted, so the worker applies the same ones itself.
const identity = (value) => value;
const DRIZZLE_PARSERS = Object.fromEntries(
  [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map(
    (oid) => [oid, identity],
  ),
);

// ---------------------------------------------------------------- worker side

function workerMain() {
  let pg;
  parentPort.on('message', async (message) => {
    if (message.type === 'init') {
      pg = await PGlite.create({ loadDataDir: new Blob([message.dump]) });
      parentPort.postMessage({ type: 'ready' });
      return;
    }
    if (message.type === 'echo') {
      parentPort.postMessage({ id: message.id });
      return;
    }
    try {
      const t0 = performance.now();
      const result = await pg.query(message.sql, message.params, {
        rowMode: message.rowMode,
        parsers: DRIZZLE_PARSERS,
      });
      parentPort.postMessage({
        id: message.id,
        result: { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows },
        took: performance.now() - t0,
      });
    } catch (error) {
      parentPort.postMessage({ id: message.id, error: { ...error, message: error.message } });
    }
  });
}

/** The main thread's end: what drizzle-orm/pglite needs of a client (`query`), forwarded to the worker. */
async function startWorkerClient(dump) {
  const worker = new Worker(fileURLToPath(import.meta.url));
  const pending = new Map();
  /** Time spent inside pg.query in the worker, per statement. */
  const timings = new Map();
  let nextId = 1;
  worker.on('message', (message) => {
    const waiting = pending.get(message.id);
    if (!waiting) return;
    pending.delete(message.id);
    if (message.took !== undefined) {
      const timing = timings.get(waiting.sql) ?? { count: 0, ms: 0 };
      timing.count += 1;
      timing.ms += message.took;
      timings.set(waiting.sql, timing);
    }
    if (message.error) waiting.reject(Object.assign(new Error(message.error.message), message.error));
    else waiting.resolve(message.result);
  });
  const call = (message) =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject, sql: message.sql });
      worker.postMessage({ ...message, id });
    });
  const copy = dump.slice(0);
  await new Promise((resolve, reject) => {
    worker.once('error', reject);
    worker.once('message', (message) =>
      message.type === 'ready' ? resolve() : reject(new Error('not ready')),
    );
    worker.postMessage({ type: 'init', dump: copy }, [copy]);
  });
  return {
    query: (sql, params = [], options = {}) => call({ sql, params, rowMode: options.rowMode ?? 'object' }),
    echo: () => call({ type: 'echo' }),
    timings,
    transaction: () => {
      throw new Error('The benchmark proxy runs plain queries only');
    },
    close: () => worker.terminate(),
  };
}

/**
 * The cheap alternative to a thread: PGlite stays on the main thread, but its queries go through a
 * queue that runs one query per event-loop turn (setImmediate between two), so sockets are polled
 * between any two queries and the loop is never held for more than one query plus its caller's
 * continuation. (Transactions would need the queue to run a transaction's own queries first.)
 */
function oneQueryPerTurn(pg) {
  const queue = [];
  let pumping = false;
  const pump = () => {
    const job = queue.shift();
    if (!job) {
      pumping = false;
      return;
    }
    pg.query(...job.args)
      .then(job.resolve, job.reject)
      .finally(() => setImmediate(pump));
  };
  return {
    query: (...args) =>
      new Promise((resolve, reject) => {
        queue.push({ args, resolve, reject });
        if (!pumping) {
          pumping = true;
          setImmediate(pump);
        }
      }),
    transaction: () => {
      throw new Error('The benchmark queue runs plain queries only');
    },
  };
}

// ---------------------------------------------------------------- main side

function option(name, fallback) {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? fallback : Number(process.argv[index + 1]);
}

const percentile = (sorted, p) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const sortNumbers = (values) => Float64Array.from(values).sort();
const ms = (value) => (Number.isFinite(value) ? value.toFixed(value < 10 ? 2 : 1) : '-');
const us = (value) => (Number.isFinite(value) ? (value * 1000).toFixed(0) : '-');

/**
 * How late a 1 ms timer fires, over and over, until stopped: the wait of a trivial concurrent task.
 * `stop()` waits for the timer still pending, so a loop blocked to the end is counted too.
 */
function startPinger() {
  const lags = [];
  let running = true;
  let last;
  const tick = () => {
    const due = performance.now() + 1;
    last = new Promise((resolve) =>
      setTimeout(() => {
        lags.push(Math.max(0, performance.now() - due));
        if (running) tick();
        resolve();
      }, 1),
    );
  };
  tick();
  return async () => {
    running = false;
    await last;
    return sortNumbers(lags);
  };
}

/**
 * `concurrency` loops each running `task` back to back for `seconds`, the pinger meanwhile. Each
 * task starts from a setImmediate, as a request's handler starts from a socket's I/O callback: a
 * chain of PGlite queries on the main thread is all microtasks and would otherwise not let the
 * event loop turn at all until the whole load ends.
 */
async function load(task, { seconds, concurrency }) {
  let done = 0;
  const stopPinger = startPinger();
  const end = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        await new Promise((resolve) => setImmediate(resolve));
        await task();
        done += 1;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const lags = await stopPinger();
  return {
    perSecond: done / elapsed,
    lagP50: percentile(lags, 50),
    lagP99: percentile(lags, 99),
    lagMax: lags[lags.length - 1],
  };
}

/** Sequential round trips of one call. */
async function roundTrips(task, count) {
  for (let i = 0; i < 200; i++) await task();
  const times = [];
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    await task();
    times.push(performance.now() - t0);
  }
  const sorted = sortNumbers(times);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
}

function runChild(args) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('error', reject);
    child.on('close', () => {
      try {
        resolve(JSON.parse(out.trim().split('\n').pop()));
      } catch (error) {
        reject(new Error(`${args[0]} printed no result: ${out}`, { cause: error }));
      }
    });
  });
}

const autocannonBin = fileURLToPath(new URL('../node_modules/autocannon/autocannon.js', import.meta.url));

// A separate process that sends GET `url` at a fixed rate whether or not earlier ones were answered
// (a payment callback does not wait for the home page), and prints the latencies (fractional ms).
const PROBER = `
const http = require('node:http');
const { performance } = require('node:perf_hooks');
const [url, seconds, rate] = process.argv.slice(1);
const agent = new http.Agent({ keepAlive: true });
const times = [];
let errors = 0, open = 0, sending = true;
const fire = () => {
  const t0 = performance.now();
  open++;
  http.get(url, { agent }, (res) => {
    res.resume();
    res.on('end', () => { times.push(performance.now() - t0); open--; });
  }).on('error', () => { errors++; open--; });
};
const timer = setInterval(fire, 1000 / Number(rate));
setTimeout(() => {
  clearInterval(timer);
  const finish = () => {
    if (open > 0) return setTimeout(finish, 10);
    times.sort((a, b) => a - b);
    const at = (p) => times[Math.min(times.length - 1, Math.floor(p / 100 * times.length))];
    console.log(JSON.stringify({ count: times.length, errors, p50: at(50), p99: at(99), max: times[times.length - 1] }));
    agent.destroy();
  };
  finish();
}, Number(seconds) * 1000);
`;

/**
 * node:http on a random port: `/home` runs home() and answers JSON, `/ping` answers "ok" without
 * the database, `/ping-db` after one primary-key lookup (a payment callback's first query).
 */
async function httpRun(homeTask, pg, seconds) {
  let inFlight = 0;
  const track = (promise) => {
    inFlight += 1;
    return promise.finally(() => (inFlight -= 1));
  };
  const server = createServer((request, response) => {
    if (request.url === '/ping') {
      response.end('ok');
      return;
    }
    if (request.url === '/ping-db') {
      track(pg.query('select id, email from users where id = $1', [1])).then(
        (result) => response.end(String(result.rows.length)),
        (error) => {
          response.statusCode = 500;
          response.end(String(error));
        },
      );
      return;
    }
    track(homeTask()).then(
      (body) => {
        response.setHeader('content-type', 'application/json');
        response.end(body);
      },
      (error) => {
        response.statusCode = 500;
        response.end(String(error));
      },
    );
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${server.address().port}`;
  const [homeResult, ping, pingDb] = await Promise.all([
    runChild([autocannonBin, '-j', '-c', '20', '-d', String(seconds), `${base}/home`]),
    runChild(['-e', PROBER, `${base}/ping`, String(seconds), '50']),
    runChild(['-e', PROBER, `${base}/ping-db`, String(seconds), '50']),
  ]);
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  // Handlers still running for closed connections would otherwise load the next measurement.
  while (inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 20));
  return {
    homePerSecond: homeResult.requests.average,
    homeP50: homeResult.latency.p50,
    homeP99: homeResult.latency.p99,
    homeErrors: homeResult.errors + homeResult.timeouts + (homeResult.non2xx ?? 0),
    ping,
    pingDb,
  };
}

async function main() {
  const seconds = option('seconds', 5);
  const concurrency = option('concurrency', 8);
  const rounds = option('rounds', 2);
  const withHttp = !process.argv.includes('--no-http');

  const { createDatabase } = await import('../server/db/client.ts');
  const { seed } = await import('../server/db/seed.ts');
  const schema = await import('../server/db/schema.ts');
  const { home } = await import('../server/services/web-service.ts');
  const { drizzle } = await import('drizzle-orm/pglite');

  const loadBefore = loadavg()[0];
  process.stdout.write('Building a migrated, seeded database… ');
  const t0 = performance.now();
  const seeded = await createDatabase({ memory: true });
  await seeded.migrate();
  await seed(seeded.db);
  const dump = await (await seeded.dumpDataDir()).arrayBuffer();
  await seeded.close();
  console.log(
    `${((performance.now() - t0) / 1000).toFixed(1)} s, snapshot ${(dump.byteLength / 1024).toFixed(0)} KB`,
  );

  const mainPg = await PGlite.create({ loadDataDir: new Blob([dump.slice(0)]) });
  const proxy = await startWorkerClient(dump);
  const targets = {
    main: { db: drizzle(mainPg, { schema }), pg: mainPg },
    worker: { db: drizzle(proxy, { schema }), pg: proxy },
  };
  const queued = oneQueryPerTurn(mainPg);
  targets.turns = { db: drizzle(queued, { schema }), pg: queued };
  const names = Object.keys(targets);

  const homeJson = (db) => async () => JSON.stringify({ data: await home(db) });
  // Same answers both ways, and warm (query plans, JIT, WebAssembly tier-up) before measuring.
  const expected = await homeJson(targets.main.db)();
  for (const name of names) {
    if ((await homeJson(targets[name].db)()) !== expected)
      throw new Error(`home() answers differently (${name})`);
  }
  for (const target of Object.values(targets)) for (let i = 0; i < 50; i++) await homeJson(target.db)();

  // Where a home() spends its time: SQL inside PGlite (measured in the worker) versus the rest.
  proxy.timings.clear();
  const breakdownRuns = 20;
  const breakdownStart = performance.now();
  for (let i = 0; i < breakdownRuns; i++) await homeJson(targets.worker.db)();
  const homeMs = (performance.now() - breakdownStart) / breakdownRuns;
  const statements = [...proxy.timings].map(([sql, t]) => ({
    sql,
    count: t.count / breakdownRuns,
    ms: t.ms / breakdownRuns,
  }));
  const sqlMs = statements.reduce((sum, t) => sum + t.ms, 0);
  const queryCount = statements.reduce((sum, t) => sum + t.count, 0);

  const idle = startPinger();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const idleLags = await idle();

  const results = Object.fromEntries(names.map((name) => [name, []]));
  for (let round = 0; round < rounds; round++) {
    // Alternate the order, so drift in the machine's other load shows up as a range, not a bias.
    const order = round % 2 === 0 ? names : [...names].reverse();
    for (const name of order) {
      const target = targets[name];
      const task = homeJson(target.db);
      console.log(`Round ${round + 1}/${rounds}: ${name}…`);
      const single = await load(task, { seconds: Math.min(seconds, 3), concurrency: 1 });
      const loaded = await load(task, { seconds, concurrency });
      const select1 = await roundTrips(
        () => target.pg.query('select 1 as one', [], { rowMode: 'array' }),
        2000,
      );
      const rows100 = await roundTrips(
        () =>
          target.pg.query('select * from lessons order by id limit 100', [], {
            rowMode: 'array',
            parsers: DRIZZLE_PARSERS,
          }),
        300,
      );
      const http = withHttp ? await httpRun(task, target.pg, seconds) : undefined;
      results[name].push({ single, loaded, select1, rows100, http });
    }
  }
  const echo = await roundTrips(() => proxy.echo(), 2000);

  /** One cell: the value, or min–max over the rounds. */
  const cell = (name, get, format) => {
    const values = results[name].map(get).filter((value) => value !== undefined);
    const low = Math.min(...values);
    const high = Math.max(...values);
    return low === high ? format(low) : `${format(low)}–${format(high)}`;
  };
  const whole = (value) => value.toFixed(0);
  const rows = [
    ['home(), 1 at a time: homes/s', (r) => r.single.perSecond, whole],
    ['  1 ms timer lateness meanwhile, p50 ms', (r) => r.single.lagP50, ms],
    ['  1 ms timer lateness meanwhile, p99 ms', (r) => r.single.lagP99, ms],
    [`home(), ${concurrency} at a time: homes/s`, (r) => r.loaded.perSecond, whole],
    ['  1 ms timer lateness meanwhile, p50 ms', (r) => r.loaded.lagP50, ms],
    ['  1 ms timer lateness meanwhile, p99 ms', (r) => r.loaded.lagP99, ms],
    ['  1 ms timer lateness meanwhile, max ms', (r) => r.loaded.lagMax, ms],
    ['select 1 round trip, p50 µs', (r) => r.select1.p50, us],
    ['select 1 round trip, p99 µs', (r) => r.select1.p99, us],
    ['100 lesson rows round trip, p50 µs', (r) => r.rows100.p50, us],
  ];
  if (withHttp) {
    rows.push(
      ['HTTP /home, 20 connections: req/s', (r) => r.http.homePerSecond, whole],
      ['  /home latency p50 ms', (r) => r.http.homeP50, whole],
      ['  /home latency p99 ms', (r) => r.http.homeP99, whole],
      ['  /home errors + timeouts', (r) => r.http.homeErrors, whole],
      ['HTTP /ping (no query) at 50/s meanwhile: p50 ms', (r) => r.http.ping.p50, ms],
      ['  /ping p99 ms', (r) => r.http.ping.p99, ms],
      ['  /ping max ms', (r) => r.http.ping.max, ms],
      ['HTTP /ping-db (1 query) at 50/s meanwhile: p50 ms', (r) => r.http.pingDb.p50, ms],
      ['  /ping-db p99 ms', (r) => r.http.pingDb.p99, ms],
      ['  /ping-db max ms', (r) => r.http.pingDb.max, ms],
    );
  }

  console.log('');
  console.log(
    `PGlite 0.5.16, Node ${process.version}, ${rounds} round(s) (ranges are min–max), ${seconds} s per load`,
  );
  console.log(
    `${cpus().length} cores; 1-minute load average ${loadBefore.toFixed(1)} before, ${loadavg()[0].toFixed(1)} after ` +
      '(above the core count, other processes take CPU from both threads: read ranges, not single figures)',
  );
  console.log(
    `idle 1 ms timer lateness: p50 ${ms(percentile(idleLags, 50))} ms, p99 ${ms(percentile(idleLags, 99))} ms`,
  );
  const headings = { main: 'main thread', worker: 'worker thread', turns: 'main, 1 query/turn' };
  const texts = rows.map(([label, get, format]) => [label, ...names.map((name) => cell(name, get, format))]);
  const width = Math.max(...texts.map(([label]) => label.length));
  const column = Math.max(
    ...Object.values(headings).map((h) => h.length),
    ...texts.flatMap(([, ...cells]) => cells.map((c) => c.length)),
  );
  console.log([''.padEnd(width), ...names.map((name) => headings[name].padStart(column))].join('  '));
  for (const [label, ...cells] of texts)
    console.log([label.padEnd(width), ...cells.map((c) => c.padStart(column))].join('  '));
  const select1Inside = proxy.timings.get('select 1 as one');
  console.log(
    `bare postMessage echo to the worker and back: p50 ${us(echo.p50)} µs, p99 ${us(echo.p99)} µs; ` +
      `select 1 inside the worker (pg.query alone): mean ${us(select1Inside.ms / select1Inside.count)} µs`,
  );
  console.log(
    `one home() through the worker, 1 at a time: ${ms(homeMs)} ms, of which ${ms(sqlMs)} ms inside PGlite (${queryCount} queries); slowest:`,
  );
  for (const t of statements.sort((a, b) => b.ms - a.ms).slice(0, 4)) {
    console.log(`  ${ms(t.ms).padStart(6)} ms  ${t.sql.replace(/\s+/g, ' ').slice(0, 100)}…`);
  }

  await mainPg.close();
  await proxy.close();
}

// Last, so every const above is initialised: the same file is the worker's entry.
if (isMainThread) await main();
else workerMain();
