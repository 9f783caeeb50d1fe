// The classroom page loads Jitsi's IFrame API from JITSI_DOMAIN and frames the call: the content
// security policy allows that origin alone, and only where tokens make embedding possible.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';
import { APP_SECRET } from './support';

const directive = (csp: string, name: string) =>
  csp
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `)) ?? '';

let withTokens: TestServer;
let publicJitsi: TestServer;
beforeAll(async () => {
  [withTokens, publicJitsi] = await Promise.all([
    startTestServer({
      config: {
        jitsi: {
          domain: 'http://127.0.0.1:4567',
          tokens: { kind: 'app', appId: 'somesha', appSecret: APP_SECRET },
        },
      },
    }),
    startTestServer({ config: { jitsi: { domain: 'meet.jit.si', tokens: { kind: 'none' } } } }),
  ]);
});
afterAll(() => Promise.all([withTokens.close(), publicJitsi.close()]));

describe('the content security policy', () => {
  it('allows the Jitsi origin for scripts and frames when tokens are configured', async () => {
    const csp =
      (await withTokens.browser().get('/api/curricula/all')).headers.get('content-security-policy') ?? '';
    expect(directive(csp, 'script-src').split(' ')).toContain('http://127.0.0.1:4567');
    expect(directive(csp, 'frame-src').split(' ')).toContain('http://127.0.0.1:4567');
    // Nothing else is widened.
    expect(directive(csp, 'connect-src')).toBe("connect-src 'self'");
    expect(directive(csp, 'default-src')).toBe("default-src 'self'");
  });

  it('allows nothing of Jitsi on public meet.jit.si, where the call opens in its own tab', async () => {
    const csp =
      (await publicJitsi.browser().get('/api/curricula/all')).headers.get('content-security-policy') ?? '';
    expect(csp).not.toContain('jit.si');
    expect(directive(csp, 'frame-src')).toBe(
      "frame-src 'self' https://cybqa.pesapal.com https://pay.pesapal.com",
    );
  });
});
