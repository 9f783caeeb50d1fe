// Opens an admin page signed in as the fake admin, settled on `path`: the page alone, or with the
// workspace layout around it (`openScreenAsAdmin`, for checks of the whole screen).
import { ADMIN_EMAIL } from '../../msw/admin-handlers';
import { renderApp, renderPage, signedInAs } from '../../render';

export async function openAsAdmin(path: string) {
  signedInAs(ADMIN_EMAIL);
  const app = renderPage(path);
  await app.landsOn(path);
  return app;
}

export async function openScreenAsAdmin(path: string) {
  signedInAs(ADMIN_EMAIL);
  const app = renderApp(path);
  await app.landsOn(path);
  return app;
}
