#!/usr/bin/env node
// `npm run test:pg`: runs the server tests on a real PostgreSQL (README "Tests").
// - With TEST_DATABASE_URL set, on that server.
// - Else on a throw-away cluster (scripts/pg-cluster.mjs): a temp folder, a Unix socket only,
//   stopped and deleted afterwards, also on Ctrl-C.
// Needs PostgreSQL's server binaries (initdb, pg_ctl): Debian/Ubuntu `apt-get install postgresql`,
// macOS `brew install postgresql`. Extra arguments go to vitest (e.g. a test file).
import { spawnSync } from 'node:child_process';
import pg from 'pg';
import { ClusterError, findBinaries, startCluster } from './pg-cluster.mjs';

/** tests/pg/support/server-processes.ts keeps the databases of the concurrency tests under this prefix. */
const KEPT_PREFIX = 'somesha_kept_';

const extra = process.argv.slice(2);

function vitest(url, clusterDir = process.env.TEST_PG_CLUSTER_DIR ?? '') {
  const result = spawnSync('npx', ['vitest', 'run', '--project', 'server', '--project', 'pg', ...extra], {
    stdio: 'inherit',
    // TEST_PG_CLUSTER_DIR: the throw-away cluster's folder (its data in `data/`), for the tests that
    // restart PostgreSQL under load (tests/pg); empty on a server the caller runs.
    env: { ...process.env, TEST_DATABASE_URL: url, TEST_PG_CLUSTER_DIR: clusterDir },
  });
  return result.status ?? 1;
}

/**
 * `npm run audit:money` on every database a concurrency test kept (payments raced against
 * cancellations across two processes): each must add up. Then they are dropped. 0 when all are clean.
 */
async function auditKept(url) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  let failed = 0;
  try {
    const { rows } = await admin.query(
      `select datname from pg_database where datname like '${KEPT_PREFIX}%' order by datname`,
    );
    for (const { datname } of rows) {
      const target = new URL(url);
      target.pathname = `/${datname}`;
      console.log(`test:pg: npm run audit:money on ${datname}`);
      const audit = spawnSync(process.execPath, ['--import', 'tsx', 'server/audit-money.ts'], {
        stdio: 'inherit',
        env: { ...process.env, DATABASE_URL: target.toString() },
      });
      if (audit.status !== 0) failed += 1;
      await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    }
  } finally {
    await admin.end();
  }
  return failed === 0 ? 0 : 1;
}

async function run(url, clusterDir) {
  const status = vitest(url, clusterDir);
  const audited = await auditKept(url);
  return status || audited;
}

if (process.env.TEST_DATABASE_URL) process.exit(await run(process.env.TEST_DATABASE_URL));

if (!findBinaries()) {
  console.error(
    [
      "test:pg needs PostgreSQL's server binaries (initdb and pg_ctl), and found none.",
      'Install PostgreSQL (Debian/Ubuntu: `sudo apt-get install postgresql`; macOS: `brew install postgresql`),',
      'or point the tests at a server you run: TEST_DATABASE_URL=postgres://user:password@host:5432/postgres npm run test:pg',
    ].join('\n'),
  );
  process.exit(1);
}

let cluster = null;
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    cluster?.stop();
    process.exit(130);
  });

let status = 1;
try {
  cluster = startCluster();
  console.log(`test:pg: throw-away PostgreSQL cluster in ${cluster.dir} (Unix socket only)`);
  status = await run(cluster.url, cluster.dir);
} catch (error) {
  console.error(
    error instanceof ClusterError
      ? `test:pg: ${error.message}`
      : error instanceof Error
        ? error.message
        : error,
  );
} finally {
  cluster?.stop();
}
process.exit(status);
