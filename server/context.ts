import type { AppConfig } from './config';
import type { Database } from './db/client';
import type { Classrooms } from './gateways/classroom';
import type { Mailer } from './gateways/mail/mailer';
import type { SmsGateway } from './gateways/sms/sms-gateway';
import type { FileStorage } from './storage/file-storage';

/** What services need from the outside world; built once in buildApp. */
export type AppContext = {
  db: Database;
  /** Used only by the outbox job (server/services/outbox-job.ts); writers call `enqueueEmail`. */
  mailer: Mailer;
  /** SMS out (docs/messaging.md "SMS"); none configured: SMS rows wait in the outbox, `queued`. */
  sms?: SmsGateway;
  config: AppConfig;
  storage: FileStorage;
  /** The lessons' classrooms (docs/classroom.md "Providers"). */
  classrooms: Classrooms;
};
