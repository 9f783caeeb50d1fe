import type { AppConfig } from './config';
import type { Database } from './db/client';
import type { Classrooms } from './gateways/classroom';
import type { Mailer } from './gateways/mail/mailer';
import type { FileStorage } from './storage/file-storage';

/** What services need from the outside world; built once in buildApp. */
export type AppContext = {
  db: Database;
  mailer: Mailer;
  config: AppConfig;
  storage: FileStorage;
  /** The lessons' classrooms (docs/classroom.md "Providers"). */
  classrooms: Classrooms;
};
