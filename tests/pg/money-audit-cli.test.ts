// `npm run audit:money` on PostgreSQL (DATABASE_URL), as an operator of a scaled deployment runs it:
// exit 2 on a database never migrated, 0 once seeded, 1 on a breach (only under `npm run test:pg`).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../server/db/client';
import { wallets } from '../../server/db/schema';
import { seed } from '../../server/db/seed';
import { auditCli } from '../server/support/audit-cli';

const testDatabaseUrl = process.env.TEST_DATABASE_URL;

describe('npm run audit:money on PostgreSQL (DATABASE_URL)', () => {
  const name = `somesha_audit_cli_${process.pid}`;
  let url = '';

  async function onServer(statement: string) {
    const { default: pg } = await import('pg');
    const admin = new pg.Client({ connectionString: testDatabaseUrl });
    await admin.connect();
    try {
      await admin.query(statement);
    } finally {
      await admin.end();
    }
  }

  beforeAll(async () => {
    await onServer(`CREATE DATABASE ${name}`);
    const target = new URL(testDatabaseUrl ?? '');
    target.pathname = `/${name}`;
    url = target.toString();
  }, 120_000);

  afterAll(async () => {
    await onServer(`DROP DATABASE IF EXISTS ${name}`);
  });

  it('exits 2 on a database never migrated, 0 once seeded, 1 on a wallet a cent off', async () => {
    const unmigrated = await auditCli({ DATABASE_URL: url });
    expect(unmigrated.code).toBe(2);
    expect(unmigrated.stderr).toContain('never migrated');

    const handle = await createDatabase({ url });
    try {
      await handle.migrate();
      await seed(handle.db);
    } finally {
      await handle.close();
    }
    const clean = await auditCli({ DATABASE_URL: url });
    expect(clean.stdout).toContain(`Money audit of PostgreSQL`);
    expect(clean.stdout).not.toContain(new URL(url).password || '\u0000');
    expect(clean.code).toBe(0);

    const again = await createDatabase({ url });
    try {
      await again.db.update(wallets).set({ balanceCents: sql`${wallets.balanceCents} + 1` });
    } finally {
      await again.close();
    }
    const breached = await auditCli({ DATABASE_URL: url });
    expect(breached.stdout).toContain('  FAIL  wallet_ledger');
    expect(breached.code).toBe(1);
  }, 180_000);
});
