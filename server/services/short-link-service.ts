// Short app links for SMS (issue 26, docs/messaging.md): `{APP_URL}/l/{code}` for a path of the app,
// a row of `short_links` written in the transaction of the message that carries it. The `sms` part's
// `GET /l/{code}` reads the table and redirects (302) to the path.
import { randomInt } from 'node:crypto';
import type { Database, Transaction } from '../db/client';
import { shortLinks } from '../db/schema';

/** Letters and digits nobody misreads on a phone: no 0/o, 1/l/i; lower case only. */
export const SHORT_LINK_ALPHABET = '23456789abcdefghjkmnpqrstuvwxyz';
export const SHORT_LINK_LENGTH = 7;

const newCode = () =>
  Array.from(
    { length: SHORT_LINK_LENGTH },
    () => SHORT_LINK_ALPHABET[randomInt(SHORT_LINK_ALPHABET.length)],
  ).join('');

/** Stores a short link to `path` (e.g. `/wallet`) and returns `{appUrl}/l/{code}`. */
export async function shortLink(tx: Database | Transaction, path: string, appUrl: string): Promise<string> {
  // 31^7 codes: a clash is all but impossible, and taken again if it happens.
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const code = newCode();
    const [row] = await tx
      .insert(shortLinks)
      .values({ code, path })
      .onConflictDoNothing()
      .returning({ code: shortLinks.code });
    if (row) return `${appUrl}/l/${row.code}`;
  }
  throw new Error('No free short link code after 5 tries');
}
