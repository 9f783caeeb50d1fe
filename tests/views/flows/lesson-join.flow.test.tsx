// Flow: joining a live lesson from its page. The server gives the link (a new tab opens, the link
// stays on the page), refuses (its words, Try again), fails, drops the connection, or answers late
// (Join spins); Join again asks again; the lesson ending takes Join away.
// A flat model of what the person sees (docs/testing-flows.md), walked through the real app.
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { createMachine } from 'xstate';
import { t } from '@/shared/messages';
import { scriptedEndpoint, useScriptedEndpoints } from '../../msw/flow-handlers';
import { learner, useLearnerApi } from '../../msw/learner-handlers';
import { renderApp, signedInAs } from '../../render';
import { clockFor, expectEveryTransitionWalked, flowPaths, walkFlow, type FlowDriver } from './flow-model';

useLearnerApi();
const joinCalls = scriptedEndpoint('post', '/api/lessons/join/:id');
useScriptedEndpoints(joinCalls);

const LINK = 'https://meet.example/LSN-LIVE3';
const REFUSAL = 'The teacher has not shared the lesson link yet.';
const DOWN = 'The lesson service is down. Please try again.';
const MINUTE = 60_000;

export const lessonJoinModel = createMachine({
  id: 'lessonJoin',
  initial: 'ready',
  states: {
    // "Inequalities" started ten minutes ago: Join is open.
    ready: { on: { 'join.ok': 'joined', 'join.refused': 'refused', 'join.serverError': 'failed', 'join.offline': 'offline', 'join.slow': 'joining' } },
    joining: { on: { 'answer.ok': 'joined', 'answer.refused': 'refused' } },
    refused: { on: { 'retry.ok': 'joined', 'retry.serverError': 'failed', 'time.lessonEnds': 'ended' } },
    failed: { on: { 'retry.ok': 'joined', 'retry.refused': 'refused', 'retry.offline': 'offline' } },
    offline: { on: { 'retry.ok': 'joined' } },
    joined: { on: { 'join.again': 'joined', 'time.lessonEnds': 'ended' } },
    ended: { type: 'final' },
  },
});

let app: ReturnType<typeof renderApp>;
let opened: MockInstance<typeof window.open>;
/** Tabs the walk has opened so far (each successful join opens one). */
let tabs = 0;
const panel = () => screen.getByRole('complementary', { name: 'Join the lesson' });
const joinButton = () => within(panel()).getByRole('button', { name: 'Join' });
const tabsOpened = () => waitFor(() => expect(opened).toHaveBeenCalledTimes(tabs));

async function failedWith(message: string) {
  const alert = await within(panel()).findByRole('alert');
  await waitFor(() => expect(alert).toHaveTextContent(message));
  expect(within(alert).getByRole('button', { name: 'Try again' })).toBeEnabled();
  expect(within(panel()).queryByRole('link', { name: 'Open the lesson' })).not.toBeInTheDocument();
  await tabsOpened();
}

const succeeds = (run: () => Promise<unknown>) => async () => {
  tabs += 1;
  await run();
};
const clickJoin = () => app.user.click(joinButton());
const clickTryAgain = () => app.user.click(within(panel()).getByRole('button', { name: 'Try again' }));
const failsWith = (answer: Parameters<typeof joinCalls.next>[0], run: () => Promise<unknown>) => () => {
  joinCalls.next(answer);
  return run();
};

const driver: FlowDriver = {
  see: {
    ready: async () => {
      expect(await screen.findByRole('heading', { level: 1, name: 'Inequalities' })).toBeInTheDocument();
      expect(joinButton()).toBeEnabled();
      expect(within(panel()).queryByRole('alert')).not.toBeInTheDocument();
      expect(within(panel()).queryByRole('timer')).not.toBeInTheDocument();
    },
    joining: async () => {
      await waitFor(() => expect(joinButton()).toHaveAttribute('data-loading', 'true'));
      expect(within(panel()).queryByRole('alert')).not.toBeInTheDocument();
      await tabsOpened();
    },
    refused: () => failedWith(REFUSAL),
    failed: () => failedWith(DOWN),
    offline: () => failedWith(t('messages.general')),
    joined: async () => {
      await tabsOpened();
      expect(opened).toHaveBeenLastCalledWith(LINK, '_blank', 'noopener,noreferrer');
      const status = await within(panel()).findByRole('status');
      expect(status).toHaveTextContent(t('lessons.joinOpened'));
      expect(within(status).getByRole('link', { name: 'Open the lesson' })).toHaveAttribute('href', LINK);
      expect(joinButton()).toBeEnabled();
      expect(within(panel()).queryByRole('alert')).not.toBeInTheDocument();
    },
    ended: async () => {
      expect(await within(panel()).findByText(t('lessons.hasEnded'))).toBeInTheDocument();
      expect(within(panel()).queryByRole('button', { name: 'Join' })).not.toBeInTheDocument();
      await tabsOpened();
    },
  },
  act: {
    'join.ok': succeeds(clickJoin),
    'join.again': succeeds(clickJoin),
    'join.refused': failsWith({ status: 422, message: REFUSAL }, clickJoin),
    'join.serverError': failsWith({ status: 500, message: DOWN }, clickJoin),
    'join.offline': failsWith('offline', clickJoin),
    'join.slow': async () => {
      joinCalls.next('hold');
      await clickJoin();
      await waitFor(() => expect(joinCalls.held).toBe(1));
    },
    'answer.ok': succeeds(async () => joinCalls.release('ok')),
    'answer.refused': async () => joinCalls.release({ status: 422, message: REFUSAL }),
    'retry.ok': succeeds(clickTryAgain),
    'retry.refused': failsWith({ status: 422, message: REFUSAL }, clickTryAgain),
    'retry.serverError': failsWith({ status: 500, message: DOWN }, clickTryAgain),
    'retry.offline': failsWith('offline', clickTryAgain),
    // The lesson's hour is over; the page's clock notices within its next second.
    'time.lessonEnds': async () => {
      vi.setSystemTime(Date.now() + 51 * MINUTE);
      await vi.advanceTimersByTimeAsync(1000);
    },
  },
};

const paths = flowPaths(lessonJoinModel, { maxSimple: 2, simpleTo: ['ended'] });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('flow: joining a live lesson, and the server refusing, failing or answering late', () => {
  it('the paths walk every transition of the model', () => {
    expect(expectEveryTransitionWalked(lessonJoinModel, paths, driver)).toBe(16);
  });

  it.each(paths.map((path) => [path.name, path] as const))('%s', async (_, path) => {
    clockFor(path, ['time.lessonEnds']);
    learner.reset();
    tabs = 0;
    opened = vi.spyOn(window, 'open').mockImplementation(() => null);
    signedInAs('student@example.com');
    app = renderApp('/lessons/show/LSN-LIVE3');
    await app.landsOn('/lessons/show/LSN-LIVE3');
    await walkFlow(path, driver);
  });
});
