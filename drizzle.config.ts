import { defineConfig } from 'drizzle-kit';

// One set of SQL migrations serves PGlite (default) and PostgreSQL (DATABASE_URL).
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
});
