// Types of scripts/pg-cluster.mjs for the TypeScript tests that drive the throw-away cluster (tests/pg).
export function findBinaries(): { initdb: string; pgCtl: string } | null;
export function asClusterOwner(command: string, args: string[]): [string, string[]];
export class ClusterError extends Error {}
export function startCluster(options?: { name?: string; settings?: Record<string, string | number> }): {
  url: string;
  dir: string;
  stop(): void;
};
