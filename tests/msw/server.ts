import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { api, handlers } from './handlers';
import { commerce, commerceHandlers } from './commerce-handlers';
import { feed, notificationHandlers } from './notification-handlers';
import { profileWorkspace, profileWorkspaceHandlers } from './profile-workspace-handlers';

export const server = setupServer(...handlers, ...commerceHandlers, ...notificationHandlers, ...profileWorkspaceHandlers);
// Every request the SPA made, so a test can assert that a call did (or did not) happen.
server.events.on('request:start', ({ request }) => {
  api.calls.push(`${request.method} ${new URL(request.url).pathname}`);
});

/** Call once per test file: an unhandled request fails the test (STYLE.md). */
export function useFakeApi() {
  // Whole flows (sign-in → guard → lazy page) run through jsdom; 5 s is too tight on a busy machine.
  vi.setConfig({ testTimeout: 30_000 });
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    server.resetHandlers();
    api.reset();
    commerce.reset();
    feed.reset();
    profileWorkspace.reset();
  });
  afterAll(() => server.close());
}
