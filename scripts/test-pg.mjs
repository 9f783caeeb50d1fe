#!/usr/bin/env node
// `npm run test:pg`: runs the server tests on a real PostgreSQL (README "Tests").
// - With TEST_DATABASE_URL set, on that server.
// - Else on a throw-away cluster: initdb in a temp folder, listening on a Unix socket only
//   (no TCP port, so nothing else on the machine can reach it, and no port clash), started as a
//   non-root user (PostgreSQL refuses to run as root: under root it uses the `postgres` user),
//   stopped and deleted afterwards, also on Ctrl-C.
// Needs PostgreSQL's server binaries (initdb, pg_ctl): Debian/Ubuntu `apt-get install postgresql`,
// macOS `brew install postgresql`. Extra arguments go to vitest (e.g. a test file).
import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const extra = process.argv.slice(2);

function vitest(url) {
  const result = spawnSync('npx', ['vitest', 'run', '--project', 'server', ...extra], {
    stdio: 'inherit',
    env: { ...process.env, TEST_DATABASE_URL: url },
  });
  return result.status ?? 1;
}

if (process.env.TEST_DATABASE_URL) process.exit(vitest(process.env.TEST_DATABASE_URL));

/** initdb and pg_ctl: on the PATH, else the newest Debian/Ubuntu install. */
function findBinaries() {
  const onPath = spawnSync('sh', ['-c', 'command -v initdb && command -v pg_ctl'], { encoding: 'utf8' });
  const found = onPath.status === 0 ? onPath.stdout.trim().split('\n') : [];
  if (found.length === 2) return { initdb: found[0], pgCtl: found[1] };
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
    for (const version of versions) {
      const bin = join(root, version, 'bin');
      if (existsSync(join(bin, 'initdb')) && existsSync(join(bin, 'pg_ctl')))
        return { initdb: join(bin, 'initdb'), pgCtl: join(bin, 'pg_ctl') };
    }
  }
  return null;
}

const binaries = findBinaries();
if (!binaries) {
  console.error(
    [
      'test:pg needs PostgreSQL\'s server binaries (initdb and pg_ctl), and found none.',
      'Install PostgreSQL (Debian/Ubuntu: `sudo apt-get install postgresql`; macOS: `brew install postgresql`),',
      'or point the tests at a server you run: TEST_DATABASE_URL=postgres://user:password@host:5432/postgres npm run test:pg',
    ].join('\n'),
  );
  process.exit(1);
}

// PostgreSQL will not run as root; CI runs as root, so the cluster belongs to the `postgres` user.
const asRoot = process.getuid?.() === 0;
const user = asRoot ? 'postgres' : null;
if (asRoot && spawnSync('id', ['-u', 'postgres']).status !== 0) {
  console.error('test:pg runs as root and needs a `postgres` system user to own the throw-away cluster (the postgresql package creates it).');
  process.exit(1);
}
const ids = asRoot
  ? {
      uid: Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim()),
      gid: Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim()),
    }
  : null;

function as(command, args) {
  const [cmd, argv] = user ? ['runuser', ['-u', user, '--', command, ...args]] : [command, args];
  return spawnSync(cmd, argv, { encoding: 'utf8' });
}

const dir = mkdtempSync(join(tmpdir(), 'somesha-pg-'));
const data = join(dir, 'data');
if (ids) {
  chownSync(dir, ids.uid, ids.gid);
  // The tests (root) reach the socket in this folder.
  chmodSync(dir, 0o755);
}
// A port number still names the socket file (.s.PGSQL.<port>); nothing listens on TCP.
const port = 5432;
let started = false;

function cleanUp() {
  if (started) as(binaries.pgCtl, ['-D', data, '-m', 'immediate', 'stop']);
  started = false;
  rmSync(dir, { recursive: true, force: true });
}
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    cleanUp();
    process.exit(130);
  });

let status = 1;
try {
  const init = as(binaries.initdb, ['-D', data, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--no-sync']);
  if (init.status !== 0) throw new Error(`initdb failed:\n${init.stderr || init.stdout}`);
  const options = `-c listen_addresses='' -k ${dir} -p ${port} -c max_connections=300 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
  const start = as(binaries.pgCtl, ['-D', data, '-o', options, '-l', join(dir, 'postgres.log'), '-w', 'start']);
  if (start.status !== 0) throw new Error(`pg_ctl start failed:\n${start.stderr || start.stdout}`);
  started = true;
  const url = `postgresql://postgres@localhost:${port}/postgres?host=${encodeURIComponent(dir)}`;
  console.log(`test:pg: throw-away PostgreSQL cluster in ${dir} (Unix socket only)`);
  status = vitest(url);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
} finally {
  cleanUp();
}
process.exit(status);
