// `npm run audit:money` as an operator runs it: a process of its own (server/audit-money.ts).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../', import.meta.url));

export type Run = { code: number | null; stdout: string; stderr: string };

export function auditCli(env: Record<string, string>, args: string[] = []): Promise<Run> {
  return new Promise((resolve, reject) => {
    const { DATABASE_URL: _url, ...inherited } = process.env;
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/audit-money.ts', ...args], {
      cwd: root,
      env: { ...inherited, ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}
