#!/usr/bin/env node
// `npm run bench:api`: how many public API requests one server process answers (issue 12).
// Starts `server/main.ts` (NODE_ENV=production, PAYMENTS_SANDBOX=1) on a fresh temporary database
// and a bare Fastify 5 hello-world in this process, runs autocannon with the same settings against
// both, and prints per endpoint requests/s, p50, p99, errors (non-2xx + connection errors, timeouts
// included) and the ratio to hello-world. Then:
// - a payment callback under load: the home endpoint under the same load while M-Pesa STK result
//   callbacks arrive at the real callback route, 10 a second for 30 s once the load has run 2 s,
//   sent from a worker thread (Daraja posts from its own machines, not from the load generator's
//   event loop). The callbacks are for real pending
//   top-ups made through the API by the demo student: the sandbox's own callbacks are caught (the
//   server's APP_URL points at a catcher in this process) and replayed during the load, each one
//   settling its payment the first time (then duplicates, as Daraja sends them). When no top-up
//   can be made, callbacks for unknown checkout ids are sent instead; the output says which.
// - cost against data size: the catalogue grown to 10× and 100× (server/db/seed-scale.ts) on the
//   same database, the server restarted with its public response cache off (PUBLIC_CACHE=off), and
//   the filtered class list and search measured at each size; p50 must stay within 2× of 1×.
//
// - the signed-in reads (issue 27): the bookings list, this week's timetable, the notifications menu
//   and a booked lesson's page, for 50 learners made straight in the database before the server starts
//   (server/db/seed-learners.ts: each with a session, bookings and notifications); every autocannon
//   connection sends its own learner's session cookie (and asks for a lesson that learner booked).
//   They are rows of the main table, and are measured again at each size of the scale comparison,
//   where the learners (and so bookings, notifications, sessions) grow with the catalogue.
//
// Targets: each public endpoint ≥ 10 % of hello-world's requests/s in the same run, each signed-in
// read ≥ 30 %, p99 < 100 ms, no errors; the callback's p99 < 50 ms under load; the p50s at 10× and
// 100× ≤ 2× the 1× p50 (public endpoints with their cache off, and the signed-in reads).
// A script, not a test: it prints and exits 0; `--strict` exits 1 when a target is missed.
//
// Flags: --duration <s> (10), --connections <n> (50), --callback-duration <s> (30), --scale <1|10|100> (the catalogue size of the
// main table; the scale comparison runs only from 1×), --scales <list> (1,10,100), --no-scales,
// --postgres [url] (PostgreSQL: the given throw-away database, or DATABASE_URL, or a throw-away
// cluster started here; the server's pool size is DATABASE_POOL_MAX, default here 20), --strict,
// --only <table|callbacks|scales|signed-in> (one part, while working on it; targets of the others are not
// checked; `signed-in` is the main table's hello-world and signed-in reads alone, about a minute).
// The signed-in reads come from the private cache (server/http/private-cache.ts) unless PRIVATE_CACHE=off
// is in the environment; the scale comparison turns it off, to measure what the queries cost.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer as createHttpServer } from 'node:http';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { freePort, run, waitUntilReady } from './bench-support.mjs';
import autocannon from 'autocannon';
import Fastify from 'fastify';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const flag = (name) => args.includes(`--${name}`);
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  const value = at >= 0 ? args[at + 1] : undefined;
  return value === undefined || value.startsWith('--') ? fallback : value;
};

const strict = flag('strict');
const duration = Number(option('duration', 10));
const connections = Number(option('connections', 50));
// A p99 needs a few hundred samples to be more than the slowest one: 30 s of callbacks at 10 a second.
const callbackSeconds = Number(option('callback-duration', 30));
const scale = Number(option('scale', 1));
const scales = flag('no-scales')
  ? []
  : String(option('scales', '1,10,100'))
      .split(',')
      .map(Number)
      .filter((n) => Number.isInteger(n) && n >= 1);
const postgresUrl = flag('postgres')
  ? (option('postgres', null) ?? process.env.DATABASE_URL ?? 'start')
  : (process.env.DATABASE_URL ?? null);

const only = option('only', null);
if (only && !['table', 'callbacks', 'scales', 'signed-in'].includes(only))
  throw new Error('--only takes table, callbacks, scales or signed-in.');
const part = (name) => only === null || only === name || (name === 'table' && only === 'signed-in');

const TARGETS = { ratio: 0.1, signedInRatio: 0.3, p99Ms: 100, callbackP99Ms: 50, scaleP50Factor: 2 };
const CALLBACKS_PER_SECOND = 10;
/** How long the home load runs before the first callback. */
const CALLBACK_WARM_UP_MS = 2000;
const TOP_UPS = 20;

/** The database the server and the scale seed share: a temp PGlite folder, or PostgreSQL. */
async function prepareDatabase() {
  const work = await mkdtemp(join(tmpdir(), 'somesha-bench-api-'));
  const env = { FILES_DIR: join(work, 'files') };
  let stopCluster = () => {};
  let label = 'PGlite (embedded, on disk)';
  if (postgresUrl === 'start') {
    const { startCluster } = await import('./pg-cluster.mjs');
    const cluster = startCluster({ name: 'somesha-bench-pg-' });
    stopCluster = cluster.stop;
    env.DATABASE_URL = cluster.url;
    label = 'PostgreSQL (throw-away cluster, Unix socket)';
  } else if (postgresUrl) {
    env.DATABASE_URL = postgresUrl;
    label = 'PostgreSQL (DATABASE_URL)';
  } else {
    env.DATA_DIR = join(work, 'data');
  }
  if (env.DATABASE_URL) {
    env.DATABASE_POOL_MAX = process.env.DATABASE_POOL_MAX ?? '20';
    label += `, pool of ${env.DATABASE_POOL_MAX}`;
  }
  const cleanUp = async () => {
    stopCluster();
    await rm(work, { recursive: true, force: true });
  };
  return { env, label, work, cleanUp };
}

function baseEnv(database, extra) {
  const env = { ...process.env, ...database.env, NODE_ENV: 'production', PAYMENTS_SANDBOX: '1', ...extra };
  if (!database.env.DATABASE_URL) delete env.DATABASE_URL;
  if (!database.env.DATA_DIR) delete env.DATA_DIR;
  delete env.SMTP_URL;
  return env;
}

/** Grows the catalogue to `factor`× (seeding an empty database first), in a child process. */
async function seedTo(database, factor) {
  await run(process.execPath, ['--import', 'tsx', 'server/db/seed-scale.ts', String(factor)], {
    cwd: root,
    env: baseEnv(database, {}),
  });
}

/**
 * Grows the bench learners to `factor × 50` (server/db/seed-learners.ts, in a child process); returns
 * the sessions of the first 50, `[{token, lessonCode}]`.
 */
async function seedLearnersTo(database, factor) {
  const file = join(database.work, `sessions-${factor}.json`);
  await run(process.execPath, ['--import', 'tsx', 'server/db/seed-learners.ts', String(factor), file], {
    cwd: root,
    env: baseEnv(database, {}),
  });
  return JSON.parse(await readFile(file, 'utf8'));
}

/** Starts `server/main.ts` on the prepared database; returns its URL and a stop function. */
async function startServer(database, extra = {}) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = baseEnv(database, { PORT: String(port), HOST: '127.0.0.1', APP_URL: url, ...extra });
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  server.stderr.on('data', (chunk) => {
    errors = (errors + chunk.toString()).slice(-4000);
  });
  const stop = async () => {
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
  };
  try {
    await waitUntilReady(url, server, { path: '/api/web/filters', timeoutMs: 180_000 });
  } catch (error) {
    await stop();
    throw new Error(`${error.message}\n${errors}`);
  }
  return { url, stop };
}

async function startHelloWorld() {
  const app = Fastify({ logger: false });
  app.get('/', async () => ({ hello: 'world' }));
  const port = await freePort();
  await app.listen({ port, host: '127.0.0.1' });
  return { url: `http://127.0.0.1:${port}`, stop: () => app.close() };
}

async function getJson(url) {
  const response = await fetchAgain(url, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
  return response.json();
}

/** The endpoints of the issue, with the seeded data they need. */
async function endpoints(base) {
  const filters = (await getJson(`${base}/api/web/filters`)).data;
  const subject = filters.subjects.find((s) => s.slug === 'mathematics') ?? filters.subjects[0];
  const code = (await getJson(`${base}/api/web/lessons?per_page=1`)).data[0]?.code;
  if (!code) throw new Error('No public lesson to view (GET /api/web/lessons is empty).');
  return [
    { name: 'home', path: '/api/web' },
    { name: 'classes', path: '/api/web/classes' },
    { name: 'classes (filtered)', path: `/api/web/classes?subject=${encodeURIComponent(subject.slug)}` },
    { name: 'lesson view', path: `/api/web/lessons/${encodeURIComponent(code)}` },
    { name: 'search', path: '/api/web/search?q=mathematics' },
  ];
}

// ---- Signed-in reads (issue 27) ----

const DAY_MS = 86_400_000;
/** A Nairobi day (UTC+3, no daylight saving) as YYYY-MM-DD, `offset` days from today. */
const nairobiDay = (offset = 0) =>
  new Date(Date.now() + 3 * 3_600_000 + offset * DAY_MS).toISOString().slice(0, 10);

/** The reads a learner's daily pages make; `path` is per session (the lesson is one it booked). */
const signedInReads = () => [
  { name: 'bookings', label: '/api/lessons/bookings', path: () => '/api/lessons/bookings' },
  {
    name: 'timetable',
    label: '/api/timetable?from=…&to=… (this week)',
    path: () => `/api/timetable?from=${nairobiDay()}&to=${nairobiDay(6)}`,
  },
  {
    name: 'notifications',
    label: '/api/notifications?per_page=10',
    path: () => '/api/notifications?per_page=10',
  },
  {
    name: 'lesson page',
    label: '/api/lessons/show/{code} (a booked lesson)',
    path: (session) => `/api/lessons/show/${encodeURIComponent(session.lessonCode)}`,
  },
];

const sessionHeaders = (session) => ({
  accept: 'application/json',
  cookie: `somesha_session=${session.token}`,
});

/** Every read answers 200 for a learner before it is measured (a 401 would only count as errors). */
async function checkSignedIn(base, sessions) {
  for (const read of signedInReads()) {
    const response = await fetchAgain(`${base}${read.path(sessions[0])}`, {
      headers: sessionHeaders(sessions[0]),
    });
    if (!response.ok) throw new Error(`GET ${read.path(sessions[0])} as a bench learner: ${response.status}`);
    await response.arrayBuffer();
  }
}

/** autocannon where connection i sends session i's cookie (and its own path). */
async function cannonSignedIn(base, read, sessions, seconds = duration) {
  let next = 0;
  return cannon(base, seconds, {
    setupClient(client) {
      const session = sessions[next++ % sessions.length];
      client.setRequests([{ method: 'GET', path: read.path(session), headers: sessionHeaders(session) }]);
    },
  });
}

async function cannon(url, seconds = duration, extra = {}) {
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    headers: { accept: 'application/json' },
    ...extra,
  });
  return {
    rps: result.requests.average,
    answered: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    // `errors` counts connection errors and timeouts; `timeouts` is its share of them.
    errors: result.non2xx + result.errors,
    timeouts: result.timeouts,
  };
}

const ms = (value) =>
  value === undefined || value === null ? 'n/a' : `${value < 10 ? value.toFixed(1) : Math.round(value)} ms`;
const rps = (value) => Math.round(value).toLocaleString('en-US');
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : null;
};

// ---- Payment callbacks ----

/** Catches the sandbox's STK callbacks (the server's APP_URL points here). */
async function startCatcher() {
  const bodies = [];
  const server = createHttpServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      if (/^\/api\/hooks\/[^/]+\/stk$/.test(request.url ?? '')) bodies.push(body);
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"ResultCode":0,"ResultDesc":"Accepted"}');
    });
  });
  const port = await freePort();
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    bodies,
    stop: () => new Promise((resolve) => server.close(resolve)),
  };
}

/**
 * fetch, tried again once on a connection error: a kept-alive connection can be closed by the
 * server after the long load runs (Fastify's keepAliveTimeout) just as it is reused.
 */
async function fetchAgain(url, init) {
  try {
    return await fetch(url, init);
  } catch {
    return fetch(url, init);
  }
}

/** Signs in as the demo student; returns headers that carry the session and the XSRF token. */
async function signIn(base) {
  const jar = new Map();
  const remember = (response) => {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
  };
  const headers = () => ({
    accept: 'application/json',
    'content-type': 'application/json',
    cookie: [...jar].map(([key, value]) => `${key}=${value}`).join('; '),
    'x-xsrf-token': decodeURIComponent(jar.get('XSRF-TOKEN') ?? ''),
  });
  remember(await fetchAgain(`${base}/sanctum/csrf-cookie`));
  const login = await fetchAgain(`${base}/api/login`, {
    method: 'POST',
    headers: headers(),
    body: JSON.stringify({ email: 'student@example.com', password: 'Passw0rd!' }),
  });
  if (login.status !== 204) throw new Error(`sign-in answered ${login.status}`);
  remember(login);
  return headers;
}

/** Real pending M-Pesa top-ups, and the STK callbacks the sandbox sent for them (caught). */
async function pendingTopUps(base, catcher) {
  const headers = await signIn(base);
  for (let i = 0; i < TOP_UPS; i++) {
    const response = await fetchAgain(`${base}/api/wallet/topup`, {
      method: 'POST',
      headers: headers(),
      body: JSON.stringify({ amount: 100 + i, method: 'mpesa', phone: '0708374149' }),
    });
    if (response.status !== 202)
      throw new Error(`top-up answered ${response.status}: ${await response.text()}`);
  }
  const deadline = Date.now() + 15_000;
  while (catcher.bodies.length < TOP_UPS && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 100));
  if (catcher.bodies.length === 0) throw new Error('the sandbox sent no callback');
  return [...catcher.bodies];
}

const unknownCallbacks = () =>
  Array.from({ length: TOP_UPS }, (_, i) =>
    JSON.stringify({
      Body: {
        stkCallback: {
          MerchantRequestID: `bench-${i}`,
          CheckoutRequestID: `ws_CO_bench_unknown_${i}`,
          ResultCode: 1032,
          ResultDesc: 'Request cancelled by user',
        },
      },
    }),
  );

/**
 * The home endpoint under load while callbacks arrive at a low rate; the callbacks' latencies. The
 * callbacks start once the load has run for `CALLBACK_WARM_UP_MS` (the server's steady state under
 * it, not its first second) and stop before it ends, so each one meets the full load.
 */
async function callbacksUnderLoad(base, path, bodies) {
  const load = cannon(`${base}/api/web`, (CALLBACK_WARM_UP_MS + 1000) / 1000 + callbackSeconds);
  await new Promise((resolve) => setTimeout(resolve, CALLBACK_WARM_UP_MS));
  const sender = new Worker(new URL('./bench-callback-sender.mjs', import.meta.url), {
    workerData: {
      url: `${base}${path}`,
      bodies,
      warmUp: unknownCallbacks()[0],
      perSecond: CALLBACKS_PER_SECOND,
      seconds: callbackSeconds,
    },
  });
  const { latencies, failures } = await new Promise((resolve, reject) => {
    sender.once('message', resolve);
    sender.once('error', reject);
  });
  const home = await load;
  return {
    home,
    count: latencies.length,
    failures,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

// ---- Main ----

async function measureTable(server, hello, sessions, misses) {
  const list = only === 'signed-in' ? [] : await endpoints(server.url);
  await checkSignedIn(server.url, sessions);
  const helloResult = await cannon(hello.url);
  const rows = [{ endpoint: 'hello-world (bare Fastify 5)', ...helloResult }];
  for (const endpoint of list)
    rows.push({
      endpoint: `GET ${endpoint.path}`,
      ratioTarget: TARGETS.ratio,
      ...(await cannon(`${server.url}${endpoint.path}`)),
    });
  for (const read of signedInReads())
    rows.push({
      endpoint: `GET ${read.label}, signed in`,
      ratioTarget: TARGETS.signedInRatio,
      ...(await cannonSignedIn(server.url, read, sessions)),
    });
  console.table(
    rows.map((row, index) => {
      const ratio = row.rps / helloResult.rps;
      const met = ratio >= row.ratioTarget && row.p99 < TARGETS.p99Ms && row.errors === 0;
      if (index > 0 && !met)
        misses.push(
          `${row.endpoint}: ${rps(row.rps)} req/s (${(ratio * 100).toFixed(1)} %), p99 ${ms(row.p99)}, ${row.errors} errors`,
        );
      return {
        endpoint: row.endpoint,
        'req/s': rps(row.rps),
        p50: ms(row.p50),
        p99: ms(row.p99),
        errors: row.timeouts ? `${row.errors} (${row.timeouts} timeouts)` : row.errors,
        'vs hello': index === 0 ? '100 %' : `${((row.rps / helloResult.rps) * 100).toFixed(1)} %`,
        target: index === 0 ? '' : `≥ ${row.ratioTarget * 100} %: ${met ? 'met' : 'missed'}`,
      };
    }),
  );
  console.log(
    `Target per endpoint: ≥ ${TARGETS.ratio * 100} % of hello-world req/s (signed-in reads ≥ ${TARGETS.signedInRatio * 100} %), p99 < ${TARGETS.p99Ms} ms, 0 errors.\n` +
      `Signed-in reads: ${connections} connections, each with its own learner's session cookie (${sessions.length} learners` +
      `${sessions.length < connections ? ', so some share one' : ''}; server/db/seed-learners.ts).`,
  );
  return list;
}

async function measureCallbacks(server, catcher, secret, misses) {
  let bodies;
  let kind;
  try {
    bodies = await pendingTopUps(server.url, catcher);
    kind = `${bodies.length} real pending M-Pesa top-ups by the demo student (the sandbox's own callbacks, replayed: each settles its payment once, then duplicates)`;
  } catch (error) {
    bodies = unknownCallbacks();
    kind = `unknown checkout ids (real top-ups failed: ${error.message}${error.cause ? ` (${error.cause.message ?? error.cause})` : ''})`;
  }
  const result = await callbacksUnderLoad(server.url, `/api/hooks/${secret}/stk`, bodies);
  const met = result.p99 !== null && result.p99 < TARGETS.callbackP99Ms && result.failures === 0;
  console.log(
    `Payment callbacks under load (${CALLBACKS_PER_SECOND}/s for ${callbackSeconds} s while GET /api/web runs with ${connections} connections): ` +
      `${result.count} callbacks, p50 ${ms(result.p50)}, p99 ${ms(result.p99)}, ${result.failures} failed; ` +
      `home meanwhile ${rps(result.home.rps)} req/s, p99 ${ms(result.home.p99)}.\n  Callbacks: ${kind}.\n` +
      `  Target: p99 < ${TARGETS.callbackP99Ms} ms: ${met ? 'met' : 'missed'}.`,
  );
  if (!met) misses.push(`payment callback p99 ${ms(result.p99)} under load (${result.failures} failed)`);
}

async function measureScales(database, firstSessions, misses) {
  const figures = [];
  let grownTo = 1;
  let sessions = firstSessions;
  for (const factor of scales) {
    if (factor > grownTo) {
      console.log(`Growing the catalogue and the learners to ${factor}×…`);
      await seedTo(database, factor);
      sessions = await seedLearnersTo(database, factor);
      grownTo = factor;
    }
    // Both caches off: what the queries cost as the data grows, not how fast memory answers.
    const server = await startServer(database, { PUBLIC_CACHE: 'off', PRIVATE_CACHE: 'off' });
    try {
      const list = await endpoints(server.url);
      const picked = list.filter((e) => e.name === 'classes (filtered)' || e.name === 'search');
      const row = { scale: `${factor}×` };
      for (const endpoint of picked) {
        const result = await cannon(`${server.url}${endpoint.path}`);
        row[endpoint.name] = result;
      }
      await checkSignedIn(server.url, sessions);
      for (const read of signedInReads()) row[read.name] = await cannonSignedIn(server.url, read, sessions);
      figures.push({ factor, row });
    } finally {
      await server.stop();
    }
  }
  const base = figures.find((f) => f.factor === 1);
  console.table(
    figures.map(({ factor, row }) => {
      const out = { scale: row.scale };
      for (const name of ['classes (filtered)', 'search']) {
        const r = row[name];
        const growth = base ? r.p50 / Math.max(base.row[name].p50, 0.1) : null;
        out[`${name} p50`] = ms(r.p50);
        out[`${name} req/s`] = rps(r.rps);
        out[`${name} vs 1×`] = growth === null ? 'n/a' : `${growth.toFixed(2)}×`;
        if (factor > 1 && growth !== null && growth > TARGETS.scaleP50Factor)
          misses.push(
            `${name} p50 at ${factor}× is ${growth.toFixed(2)}× the 1× figure (${ms(r.p50)} vs ${ms(base.row[name].p50)})`,
          );
        // Not a target here (the cache is off on purpose): uncached answers queue behind each other.
        out[`${name} errors`] = r.timeouts ? `${r.errors} (${r.timeouts} timeouts)` : r.errors;
      }
      return out;
    }),
  );
  console.log(
    `Target: p50 at 10× and 100× ≤ ${TARGETS.scaleP50Factor}× the 1× p50 (caches off: PUBLIC_CACHE=off PRIVATE_CACHE=off).`,
  );
  console.log(
    `\nSigned-in reads against data size (${connections} connections, one learner's session each; ` +
      `50 × the factor of them, each with 12 bookings and 20 notifications):`,
  );
  console.table(
    figures.map(({ factor, row }) => {
      const out = { scale: row.scale };
      for (const { name } of signedInReads()) {
        const r = row[name];
        // No answer within the run at all (every request slower than it): no p50 to compare.
        const growth = !r.answered ? Infinity : base ? r.p50 / Math.max(base.row[name].p50, 0.1) : null;
        out[`${name} p50`] = r.answered ? ms(r.p50) : 'no answer';
        out[`${name} p99`] = r.answered ? ms(r.p99) : 'no answer';
        out[`${name} vs 1×`] = growth === null ? 'n/a' : `${growth.toFixed(2)}×`;
        if (growth !== null && growth > TARGETS.scaleP50Factor)
          misses.push(
            `signed-in ${name} p50 at ${factor}× is ${growth.toFixed(2)}× the 1× figure (${ms(r.p50)} vs ${ms(base.row[name].p50)})`,
          );
        if (r.errors) misses.push(`signed-in ${name} at ${factor}×: ${r.errors} errors`);
      }
      return out;
    }),
  );
  console.log(`Target: each read's p50 at 10× and 100× ≤ ${TARGETS.scaleP50Factor}× its 1× p50, no errors.`);
}

async function main() {
  if (![1, 10, 100].includes(scale) && !Number.isInteger(scale))
    throw new Error('--scale takes a whole factor (1, 10, 100).');
  const database = await prepareDatabase();
  const hello = await startHelloWorld();
  const catcher = await startCatcher();
  const secret = randomBytes(32).toString('hex');
  const misses = [];
  try {
    console.log(
      `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ${(totalmem() / 2 ** 30).toFixed(1)} GB, Node ${process.version}, load average ${loadavg()[0].toFixed(1)} (other work on the machine skews every figure). ` +
        `Database: ${database.label}. autocannon: ${connections} connections, ${duration} s per endpoint.`,
    );
    console.log(scale > 1 ? `Seeding, then growing the catalogue to ${scale}×…` : 'Seeding…');
    await seedTo(database, scale);
    const sessions = await seedLearnersTo(database, scale);
    // The sandbox's callbacks go to the catcher; the top-ups stay pending until replayed here.
    const server = await startServer(database, {
      APP_URL: catcher.url,
      PAYMENTS_CALLBACK_SECRET: secret,
      MPESA_SANDBOX_CALLBACK_DELAY_MS: '10',
      PAYMENT_FIRST_CHECK_AFTER_MS: '3600000',
    });
    try {
      console.log(
        `\nCatalogue at ${scale}×, public cache as configured (${process.env.PUBLIC_CACHE ? `PUBLIC_CACHE=${process.env.PUBLIC_CACHE}` : 'default'}), ` +
          `private cache as configured (${process.env.PRIVATE_CACHE ? `PRIVATE_CACHE=${process.env.PRIVATE_CACHE}` : 'default'}):`,
      );
      if (part('table')) await measureTable(server, hello, sessions, misses);
      if (part('callbacks')) await measureCallbacks(server, catcher, secret, misses);
    } finally {
      await server.stop();
    }
    if (!part('scales')) {
      // Another part was asked for.
    } else if (scales.length && scale === 1) {
      console.log(
        '\nCost against data size (filtered class list and search, public cache off; signed-in reads):',
      );
      await measureScales(database, sessions, misses);
    } else if (scales.length) {
      console.log(`\nThe scale comparison starts from 1×; run without --scale ${scale} for it.`);
    }
  } finally {
    await Promise.allSettled([hello.stop(), catcher.stop()]);
    await database.cleanUp();
  }
  console.log(misses.length ? `\nTargets missed:\n  - ${misses.join('\n  - ')}` : '\nAll targets met.');
  if (strict && misses.length) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
});
