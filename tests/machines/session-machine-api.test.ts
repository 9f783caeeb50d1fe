// @vitest-environment jsdom
// The session machine with its default actors, against a fake API: the wiring the app uses.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { createActor, waitFor } from 'xstate';
import { sessionMachine, type SessionEmitted } from '@/machines/session-machine';
import { onUnauthorized } from '@/services/http';
import { fetchNotifications } from '@/services/notification-service';
import { USER_STORAGE_KEY } from '@/services/session-store';
import { sanctumApi, wireStudent } from '../services/fake-api';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('session machine with its real actors', () => {
  function start() {
    const session = createActor(sessionMachine);
    const emitted: SessionEmitted[] = [];
    session.on('*', (event) => emitted.push(event));
    const stop = onUnauthorized(() => session.send({ type: 'session.unauthorized' }));
    session.start();
    session.send({ type: 'route.changed', path: '/sign-in?redirect=%2Fprofile-setting' });
    return { session, emitted, stop };
  }

  it('signs in through the API, stores the user and goes back to the wanted page', async () => {
    const calls: string[] = [];
    server.use(...sanctumApi(calls));
    const { session, emitted, stop } = start();
    await waitFor(session, (s) => s.matches('signedOut'));
    session.send({
      type: 'signIn.submit',
      email: 'student@example.com',
      password: 'Passw0rd!',
      remember: false,
    });
    await waitFor(session, (s) => s.matches('signedIn'));
    expect(emitted).toContainEqual({ type: 'navigate', to: '/profile-setting', replace: true });
    expect(JSON.parse(localStorage.getItem(USER_STORAGE_KEY) ?? 'null')).toMatchObject({
      id: 1,
      mainRole: 'student',
    });
    stop();
    session.stop();
  });

  it('shows the invalid-credentials text and stays signed out on a wrong password', async () => {
    server.use(...sanctumApi([]));
    const { session, stop } = start();
    await waitFor(session, (s) => s.matches('signedOut'));
    session.send({ type: 'signIn.submit', email: 'student@example.com', password: 'wrong', remember: false });
    const settled = await waitFor(
      session,
      (s) => s.matches({ signedOut: 'idle' }) && s.context.formError !== null,
    );
    expect(settled.context.formError).toBe('Invalid credentials. please try again.');
    expect(settled.context.user).toBeNull();
    stop();
    session.stop();
  });

  it('goes to sign-in with the current page as redirect when a call answers 401', async () => {
    localStorage.setItem(
      USER_STORAGE_KEY,
      JSON.stringify({
        id: 1,
        roles: [{ id: 1, name: 'student' }],
        mainRole: 'student',
        student: { profileCompleted: true },
      }),
    );
    let userCalls = 0;
    server.use(
      http.get('*/api/user', () => {
        userCalls += 1;
        return userCalls === 1
          ? HttpResponse.json({ data: wireStudent })
          : HttpResponse.json({ message: 'Unauthenticated.' }, { status: 401 });
      }),
      http.get('*/api/notifications', () =>
        HttpResponse.json({ message: 'Unauthenticated.' }, { status: 401 }),
      ),
    );
    const { session, emitted, stop } = start();
    session.send({ type: 'route.changed', path: '/timetable?week=2' });
    await waitFor(session, (s) => s.matches('signedIn'));
    expect(session.getSnapshot().context.allowedPath).toBe('/timetable?week=2');

    await expect(fetchNotifications()).rejects.toMatchObject({ status: 401 });
    expect(session.getSnapshot().matches('signedOut')).toBe(true);
    expect(emitted).toContainEqual({
      type: 'navigate',
      to: '/sign-in?redirect=%2Ftimetable%3Fweek%3D2',
      replace: true,
    });
    expect(localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
    stop();
    session.stop();
  });

  it('keeps the stored user when the reload finds no network, so an offline start still works', async () => {
    const stored = {
      id: 1,
      roles: [{ id: 1, name: 'student' }],
      mainRole: 'student',
      student: { profileCompleted: true },
    };
    localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(stored));
    server.use(http.get('*/api/user', () => HttpResponse.error()));
    const { session, stop } = start();
    session.send({ type: 'route.changed', path: '/workspace' });
    const settled = await waitFor(session, (s) => s.matches('signedIn'));
    expect(settled.context.user).toEqual(stored);
    expect(settled.context.allowedPath).toBe('/workspace');
    stop();
    session.stop();
  });
});
