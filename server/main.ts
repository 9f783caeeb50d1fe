// Production entry: `tsx server/main.ts`. Reads the environment, migrates, seeds an empty
// database, serves the SPA and the API on 0.0.0.0:PORT.
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { databaseOptions, readConfig, type ServerEnv } from './config';
import { createDatabase, type DatabaseHandle } from './db/client';
import { isEmpty, seed } from './db/seed';
import { createMailer } from './gateways/mail';
import { ensureDemoLesson } from './services/demo-lesson-service';
import { DiskFileStorage } from './storage/file-storage';
import { warmLandingPages } from './spa';

export { buildApp } from './app';
export { createDatabase } from './db/client';
export { seed } from './db/seed';
export { readConfig } from './config';

export type RunningServer = {
  app: FastifyInstance;
  database: DatabaseHandle;
  url: string;
  stop(): Promise<void>;
};

export async function startServer(env: ServerEnv = readConfig()): Promise<RunningServer> {
  // Connections lost and regained (PostgreSQL restarting) go to the app's log once there is one.
  let log: FastifyInstance['log'] | null = null;
  const database = await createDatabase({
    ...databaseOptions(env),
    onConnectionEvent: (message, error) => {
      if (!log) console.warn(message, error ?? '');
      else if (error) log.warn({ err: error }, message);
      else log.info(message);
    },
  });
  await database.migrate();
  // The seed writes the demo lessons' files where the app reads them.
  const storage = new DiskFileStorage(env.filesDir ?? path.join(tmpdir(), 'somesha-files'));
  if (await isEmpty(database.db)) await seed(database.db, { storage });
  // PGlite has no autovacuum, so nothing else gathers the planner's statistics: without them it
  // guesses row counts and, on a large catalogue, picks scans over the indexes. PostgreSQL's own
  // autovacuum does this.
  if (!env.databaseUrl) await database.db.execute(sql`ANALYZE`);

  const mailer = createMailer({ db: database.db, smtpUrl: env.smtpUrl, from: env.mailFrom });
  const app = await buildApp({
    db: database.db,
    mailer,
    config: env,
    storage,
    paymentCheckIntervalMs: env.paymentCheckIntervalMs,
    reminderCheckIntervalMs: env.reminderCheckIntervalMs,
    outboxCheckIntervalMs: env.outboxCheckIntervalMs,
    commerce: { mpesaQueryAfterMs: env.paymentFirstCheckAfterMs },
    publicData: { changes: database.publicDataChanges, cache: { enabled: env.publicCache } },
    privateData: { changes: database.privateDataChanges, cache: { enabled: env.privateCache } },
  });
  log = app.log;
  // A lesson about to start, booked by the demo student, so the classroom can be tried at once
  // (README "Try the classroom"). A failure here must not keep the server from starting.
  if (env.nodeEnv !== 'production') {
    try {
      const demo = await ensureDemoLesson(database.db);
      if (demo)
        app.log.info(`Demo lesson ${demo.code} is ready to join (teacher@example.com, student@example.com)`);
    } catch (error) {
      app.log.warn({ err: error }, 'The demo lesson could not be prepared');
    }
  }
  // The first visitor after a start gets a page as quick as the next ones.
  await warmLandingPages(app);
  const url = await app.listen({ port: env.port, host: env.host });
  app.log.info(`Somesha is ready at ${env.appUrl}`);

  let stopping: Promise<void> | null = null;
  const stop = () =>
    (stopping ??= (async () => {
      await app.close();
      // PGlite writes its files on close; skipping it can leave the data directory unusable.
      await database.close();
    })());
  return { app, database, url, stop };
}

const runDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;

if (runDirectly) {
  startServer()
    .then((server) => {
      for (const signal of ['SIGINT', 'SIGTERM'] as const) {
        process.once(signal, () => {
          server.stop().then(
            () => process.exit(0),
            () => process.exit(1),
          );
        });
      }
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
