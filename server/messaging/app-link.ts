// The app's public address as messages spell it (issue 26, docs/messaging.md "notices"): an outbox row
// is written inside the transaction of its cause, where no request context is at hand, so `buildApp`
// sets the address once from `config.appUrl`. Links in e-mails are `appLink(path)`; SMS carry short
// links (`shortLink`).
let base = 'http://localhost:3000';

/** Called by `buildApp` with `config.appUrl` (no trailing slash). */
export function setMessageAppUrl(appUrl: string): void {
  base = appUrl.replace(/\/+$/, '');
}

/** `{APP_URL}{path}`. */
export const appLink = (path: string) => `${base}${path}`;
