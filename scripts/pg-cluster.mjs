// A throw-away PostgreSQL cluster for `npm run test:pg` and `npm run bench:api -- --postgres`:
// initdb in a temp folder, listening on a Unix socket only (no TCP port, so nothing else on the
// machine can reach it, and no port clash), started as a non-root user (PostgreSQL refuses to run
// as root: under root it uses the `postgres` user), stopped and deleted by `stop()`.
// Needs PostgreSQL's server binaries (initdb, pg_ctl): Debian/Ubuntu `apt-get install postgresql`,
// macOS `brew install postgresql`.
import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** initdb and pg_ctl: on the PATH, else the newest Debian/Ubuntu install; null when there are none. */
export function findBinaries() {
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

export class ClusterError extends Error {}

/**
 * How to run one of PostgreSQL's programs as the cluster's owner: under root (CI) as the `postgres`
 * user, which owns the throw-away cluster; else as the caller. Returns the command and its arguments,
 * for spawn or spawnSync (tests/pg restart the cluster while the test keeps running).
 */
export function asClusterOwner(command, args) {
  return process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
}

/**
 * Creates and starts a cluster; returns its connection URL (database `postgres`, user `postgres`,
 * trust auth over the socket) and a synchronous `stop()` that stops it and deletes its folder.
 * `settings` are extra `-c name=value` server settings.
 */
export function startCluster({ name = 'somesha-pg-', settings = {} } = {}) {
  const binaries = findBinaries();
  if (!binaries) throw new ClusterError("PostgreSQL's server binaries (initdb and pg_ctl) were not found.");
  // PostgreSQL will not run as root; CI runs as root, so the cluster belongs to the `postgres` user.
  const asRoot = process.getuid?.() === 0;
  if (asRoot && spawnSync('id', ['-u', 'postgres']).status !== 0)
    throw new ClusterError(
      'Running as root needs a `postgres` system user to own the throw-away cluster (the postgresql package creates it).',
    );
  const ids = asRoot
    ? {
        uid: Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim()),
        gid: Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim()),
      }
    : null;
  const as = (command, args) => spawnSync(...asClusterOwner(command, args), { encoding: 'utf8' });

  const dir = mkdtempSync(join(tmpdir(), name));
  const data = join(dir, 'data');
  if (ids) {
    chownSync(dir, ids.uid, ids.gid);
    // The caller (root) reaches the socket in this folder.
    chmodSync(dir, 0o755);
  }
  // A port number still names the socket file (.s.PGSQL.<port>); nothing listens on TCP.
  const port = 5432;
  let started = false;
  const stop = () => {
    if (started) as(binaries.pgCtl, ['-D', data, '-m', 'immediate', 'stop']);
    started = false;
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const init = as(binaries.initdb, [
      '-D',
      data,
      '-U',
      'postgres',
      '--auth=trust',
      '--encoding=UTF8',
      '--no-sync',
    ]);
    if (init.status !== 0) throw new ClusterError(`initdb failed:\n${init.stderr || init.stdout}`);
    const all = {
      max_connections: 300,
      fsync: 'off',
      synchronous_commit: 'off',
      full_page_writes: 'off',
      ...settings,
    };
    const options = [
      `-c listen_addresses='' -k ${dir} -p ${port}`,
      ...Object.entries(all).map(([key, value]) => `-c ${key}=${value}`),
    ].join(' ');
    const start = as(binaries.pgCtl, [
      '-D',
      data,
      '-o',
      options,
      '-l',
      join(dir, 'postgres.log'),
      '-w',
      'start',
    ]);
    if (start.status !== 0) throw new ClusterError(`pg_ctl start failed:\n${start.stderr || start.stdout}`);
    started = true;
  } catch (error) {
    stop();
    throw error;
  }
  const url = `postgresql://postgres@localhost:${port}/postgres?host=${encodeURIComponent(dir)}`;
  return { url, dir, stop };
}
