// axe-core over the classroom page as jsdom renders it, in the app's layout: the pre-join panel (the
// data-saver switch) with the materials beside it, the call, the link, the countdown and the end.
// Contrast needs real layout and colours: the browser tests check it (tests/e2e/workspace-pages.test.ts).
import { screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, describe, expect, it } from 'vitest';
import { t } from '@/shared/messages';
import { classroom, useClassroomApi } from '../../msw/classroom-handlers';
import { learner } from '../../msw/learner-handlers';
import { renderApp, signedInAs } from '../../render';

useClassroomApi();

async function violations(): Promise<string[]> {
  const result = await axe.run(document.body, {
    resultTypes: ['violations'],
    // The call's frame is Jitsi's page, not the app's.
    iframes: false,
    rules: { 'color-contrast': { enabled: false } },
  });
  return result.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.html.slice(0, 160)).join(' | ')}`,
  );
}

async function open(path: string) {
  signedInAs('student@example.com');
  const app = renderApp(path);
  await app.landsOn(path);
  return app;
}

/** Puts an iframe in the call element, as Jitsi's IFrame API does. */
class FakeJitsiMeetExternalAPI {
  constructor(_domain: string, options: { parentNode: HTMLElement; roomName: string }) {
    const frame = document.createElement('iframe');
    frame.title = 'Lesson call';
    options.parentNode.append(frame);
  }
  addListener() {}
  dispose() {}
}

afterEach(() => {
  delete (window as unknown as { JitsiMeetExternalAPI?: unknown }).JitsiMeetExternalAPI;
});

describe('the classroom page for axe-core', () => {
  it('has no violations before the call and in it', async () => {
    (window as unknown as { JitsiMeetExternalAPI?: unknown }).JitsiMeetExternalAPI = FakeJitsiMeetExternalAPI;
    const app = await open('/lessons/live/LSN-LIVE3');
    const enter = await screen.findByRole('button', { name: 'Enter the classroom' });
    expect(await violations()).toEqual([]);
    await app.user.click(enter);
    await waitFor(() => expect(screen.getByTitle('Lesson call')).toBeInTheDocument());
    expect(await violations()).toEqual([]);
  });

  it('has no violations with a link instead of a call', async () => {
    classroom.provider = 'link';
    await open('/lessons/live/LSN-LIVE3');
    await within(await screen.findByRole('region', { name: 'Call' })).findByRole('link', {
      name: 'Open the lesson',
    });
    expect(await violations()).toEqual([]);
  });

  it('has no violations while waiting for the window and once the lesson has ended', async () => {
    const app = await open(`/lessons/live/${String(learner.lessons.upcoming.code)}`);
    await screen.findByText(/^The classroom opens in/);
    expect(await violations()).toEqual([]);
    app.navigate('/lessons/live/LSN-PAST4');
    await screen.findByText(t('live.ended'));
    expect(await violations()).toEqual([]);
  });
});
