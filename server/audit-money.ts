// `npm run audit:money` (tsx server/audit-money.ts): the money audit of the database the server
// would use (DATABASE_URL, else the PGlite folder DATA_DIR, default ./data), printed for a person.
// Exit code 0: every check holds; 1: a breach (each printed with its ids); 2: nothing could be
// audited (no database, not migrated, empty, in use). It reads only: no migration, no seed.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { databaseOptions, readConfig, type ServerEnv } from './config';
import { createDatabase } from './db/client';
import { auditMoney, auditReadiness, type Breach, type MoneyAudit } from './services/money-audit-service';

const AUDIT_EXIT = { clean: 0, breached: 1, cannotAudit: 2 } as const;

type AuditEnv = Pick<ServerEnv, 'databaseUrl' | 'dataDir'>;
type Output = { out(line: string): void; err(line: string): void };

const consoleOutput: Output = {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
};

/** Where the audit looks, without the password of a PostgreSQL URL. */
function describeTarget(env: AuditEnv): string {
  if (!env.databaseUrl) return `PGlite in ${path.resolve(env.dataDir)}`;
  try {
    const url = new URL(env.databaseUrl);
    return `PostgreSQL ${url.hostname || 'socket'}${url.port ? `:${url.port}` : ''}${url.pathname}`;
  } catch {
    return 'PostgreSQL (DATABASE_URL)';
  }
}

/** Why a PGlite folder cannot be opened for the audit, or null. */
function pgliteProblem(dataDir: string, force: boolean): string | null {
  if (dataDir === 'memory') return 'DATA_DIR=memory holds no database between processes: nothing to audit';
  // Opening the folder would create a new, empty database there.
  if (!existsSync(path.join(dataDir, 'PG_VERSION')))
    return `no database in ${path.resolve(dataDir)} (set DATA_DIR or DATABASE_URL)`;
  // PGlite keeps this file while a process has the folder open, and two processes on one folder
  // can damage it. A server killed outright leaves it behind: --force is for that case.
  if (!force && existsSync(path.join(dataDir, 'postmaster.pid')))
    return `${path.resolve(dataDir)} is open in another process (a running server?): ask it instead (GET /api/admin/audit as an admin), or stop it. If no process uses the folder (a server was killed), run again with --force`;
  return null;
}

const field = (value: Breach[string]) =>
  Array.isArray(value) ? value.join(',') : value === null ? '-' : String(value);

/** One line per check, one indented line per breach: `problem  key=value …`. */
export function formatAudit(audit: MoneyAudit, target: string): string[] {
  const lines = [`Money audit of ${target} at ${audit.checked_at}`];
  for (const check of audit.checks) {
    lines.push(
      check.ok
        ? `  ok    ${check.name}`
        : `  FAIL  ${check.name}: ${check.breaches.length} breach${check.breaches.length === 1 ? '' : 'es'}`,
    );
    for (const { problem, ...ids } of check.breaches) {
      const pairs = Object.entries(ids).map(([key, value]) => `${key}=${field(value)}`);
      lines.push(`          ${field(problem ?? null)}  ${pairs.join(' ')}`);
    }
  }
  const funding = audit.plan_funding;
  lines.push(
    `  Plan seats funded by the platform: KES ${funding.funded} (${funding.seats} seat${funding.seats === 1 ? '' : 's'}) of plan revenue KES ${funding.plan_revenue}`,
  );
  const failed = audit.checks.filter((check) => !check.ok);
  const breaches = failed.reduce((sum, check) => sum + check.breaches.length, 0);
  lines.push(
    audit.ok
      ? `The money adds up: ${audit.checks.length} checks, no breach.`
      : `${failed.length} of ${audit.checks.length} checks failed, ${breaches} breach${breaches === 1 ? '' : 'es'}.`,
  );
  return lines;
}

/** The CLI without the process: tests call it with their own environment and output. */
async function runMoneyAudit(
  env: AuditEnv = readConfig(),
  options: { force?: boolean; output?: Output } = {},
): Promise<number> {
  const output = options.output ?? consoleOutput;
  const target = describeTarget(env);
  const problem = env.databaseUrl ? null : pgliteProblem(env.dataDir, options.force ?? false);
  if (problem) {
    output.err(`Money audit: cannot audit: ${problem}.`);
    return AUDIT_EXIT.cannotAudit;
  }
  let database: Awaited<ReturnType<typeof createDatabase>> | null = null;
  try {
    database = await createDatabase(databaseOptions(env));
    const notReady = await auditReadiness(database.db);
    if (notReady) {
      output.err(`Money audit of ${target}: cannot audit: ${notReady}.`);
      return AUDIT_EXIT.cannotAudit;
    }
    const audit = await auditMoney(database.db);
    for (const line of formatAudit(audit, target)) output.out(line);
    return audit.ok ? AUDIT_EXIT.clean : AUDIT_EXIT.breached;
  } catch (error) {
    output.err(
      `Money audit of ${target}: cannot audit: ${error instanceof Error ? error.message : String(error)}`,
    );
    return AUDIT_EXIT.cannotAudit;
  } finally {
    await database?.close().catch(() => {});
  }
}

const runDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;

if (runDirectly) {
  const force = process.argv.includes('--force');
  void runMoneyAudit(readConfig(), { force }).then((code) => {
    process.exitCode = code;
  });
}
