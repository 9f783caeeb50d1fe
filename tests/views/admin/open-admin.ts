// Opens an admin screen signed in as the fake admin, settled on `path`.
import { ADMIN_EMAIL } from '../../msw/admin-handlers';
import { renderApp, signedInAs } from '../../render';

export async function openAsAdmin(path: string) {
  signedInAs(ADMIN_EMAIL);
  const app = renderApp(path);
  await app.landsOn(path);
  return app;
}
