// Stops and starts the throw-away PostgreSQL cluster `npm run test:pg` made (scripts/pg-cluster.mjs),
// while the test goes on sending requests: pg_ctl runs as a child process, never blocking the loop.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { asClusterOwner, findBinaries } from '../../../scripts/pg-cluster.mjs';

export type ThrowAwayCluster = {
  /** Fast shutdown: every session is told to end (57P01), new connections are refused. */
  stop(): Promise<void>;
  /** Starts it again with the options of its first start, and resolves once it accepts connections. */
  start(): Promise<void>;
};

export function throwAwayCluster(): ThrowAwayCluster {
  const dir = process.env.TEST_PG_CLUSTER_DIR;
  if (!dir)
    throw new Error(
      'This test restarts PostgreSQL: run it with `npm run test:pg`, which starts a throw-away cluster (TEST_PG_CLUSTER_DIR).',
    );
  const binaries = findBinaries();
  if (!binaries) throw new Error("PostgreSQL's pg_ctl was not found.");
  const data = path.join(dir, 'data');
  const pgCtl = (args: string[]) =>
    new Promise<void>((resolve, reject) => {
      const [command, argv] = asClusterOwner(binaries.pgCtl, ['-D', data, ...args]);
      const child = spawn(command, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.once('error', reject);
      child.once('exit', (code) =>
        code === 0 ? resolve() : reject(new Error(`pg_ctl ${args.join(' ')} failed (${code}):\n${output}`)),
      );
    });
  return {
    stop: () => pgCtl(['-m', 'fast', '-w', 'stop']),
    // `restart` on a stopped cluster starts it with the options recorded in postmaster.opts (the
    // socket folder, the settings); the log goes where the first start wrote it.
    start: () => pgCtl(['-l', path.join(dir, 'postgres.log'), '-w', 'restart']),
  };
}
