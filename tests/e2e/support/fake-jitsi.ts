// A stand-in for a token-authenticated Jitsi server in the browser tests (issue 22): it serves
// `/external_api.js`, whose `JitsiMeetExternalAPI` records what the classroom page hands it (domain,
// room, token, options) in `window.__jitsiCalls` and draws a placeholder where the call would be. The
// API server is started with `JITSI_DOMAIN` pointing here and an app id and secret, so it mints real
// tokens that the tests check with `jose`.
import { createServer, type Server } from 'node:http';

export const JITSI_TEST_APP = { id: 'somesha-e2e', secret: 'e2e-jitsi-secret-0123456789abcdef0123456789' };

/** What the fake records per `new JitsiMeetExternalAPI(domain, options)`. */
export type JitsiCall = {
  domain: string;
  roomName: string;
  jwt?: string;
  configOverwrite?: Record<string, unknown>;
  userInfo?: { displayName?: string; email?: string };
  disposed: boolean;
};

const EXTERNAL_API = `(() => {
  window.__jitsiCalls = window.__jitsiCalls || [];
  window.JitsiMeetExternalAPI = function JitsiMeetExternalAPI(domain, options) {
    const call = {
      domain,
      roomName: options.roomName,
      jwt: options.jwt,
      configOverwrite: options.configOverwrite,
      userInfo: options.userInfo,
      disposed: false,
    };
    window.__jitsiCalls.push(call);
    const frame = document.createElement('div');
    frame.setAttribute('data-testid', 'fake-jitsi-call');
    frame.textContent = 'Video call ' + options.roomName;
    if (options.parentNode) options.parentNode.appendChild(frame);
    const listeners = {};
    return {
      addListener(name, fn) { (listeners[name] = listeners[name] || []).push(fn); },
      addEventListener(name, fn) { (listeners[name] = listeners[name] || []).push(fn); },
      on(name, fn) { (listeners[name] = listeners[name] || []).push(fn); },
      removeListener() {},
      off() {},
      executeCommand() {},
      executeCommands() {},
      getIFrame() { return frame; },
      dispose() { call.disposed = true; frame.remove(); },
    };
  };
})();
`;

/** Starts the fake on a free port of 127.0.0.1; `origin` is what `JITSI_DOMAIN` is set to. */
export async function startFakeJitsi(): Promise<{ origin: string; close: () => Promise<void> }> {
  const server: Server = createServer((request, response) => {
    if (request.url?.split('?')[0] === '/external_api.js') {
      response.writeHead(200, {
        'content-type': 'text/javascript; charset=utf-8',
        'cache-control': 'no-store',
        'cross-origin-resource-policy': 'cross-origin',
      });
      response.end(EXTERNAL_API);
      return;
    }
    response.writeHead(404, { 'content-type': 'text/plain' });
    response.end('Not found');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  if (!address || typeof address !== 'object') throw new Error('The fake Jitsi server has no port');
  return {
    origin: `http://127.0.0.1:${address.port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
