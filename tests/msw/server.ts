import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { api, handlers } from './handlers';
import { commerce, commerceHandlers } from './commerce-handlers';
import { feed, notificationHandlers } from './notification-handlers';
import { profileWorkspace, profileWorkspaceHandlers } from './profile-workspace-handlers';
import { reviewHandlers, reviewsFake } from './review-handlers';
import { phoneFake, phoneHandlers } from './phone-handlers';
import { chat, messageHandlers } from './message-handlers';

export const server = setupServer(
  ...handlers,
  ...commerceHandlers,
  ...notificationHandlers,
  ...profileWorkspaceHandlers,
  // Issue 25: a learner's past lesson page shows the review composer.
  ...reviewHandlers,
  // Issue 26: /profile-setting's phone verification and notification choices.
  ...phoneHandlers,
  ...messageHandlers,
);

/** Every request the SPA made, so a test can assert that a call did (or did not) happen. */
function recordCall({ request }: { request: Request }) {
  api.calls.push(`${request.method} ${new URL(request.url).pathname}`);
}

/** Call once per test file: an unhandled request fails the test (STYLE.md). */
export function useFakeApi() {
  // Whole flows (sign-in → guard → lazy page) run through jsdom; 5 s is too tight on a busy machine.
  vi.setConfig({ testTimeout: 30_000 });
  // The test files of a worker share this module (the unit project does not isolate them), and
  // `server.close()` drops the server's listeners: each file listens, and records, afresh.
  beforeAll(() => {
    server.listen({ onUnhandledRequest: 'error' });
    server.events.on('request:start', recordCall);
  });
  afterEach(() => {
    server.resetHandlers();
    api.reset();
    commerce.reset();
    feed.reset();
    profileWorkspace.reset();
    reviewsFake.reset();
    phoneFake.reset();
    chat.reset();
  });
  afterAll(() => {
    server.events.removeListener('request:start', recordCall);
    server.close();
  });
}
