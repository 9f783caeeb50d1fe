// Bookings → lesson page → Join, walked through the UI (issue 9). A small abstract model of what the
// learner can do says which screens follow which; every simple path from the bookings to the joined
// lesson is driven with real clicks on the real app over the fake API, and each step checks what the
// screen shows. The join window opens by moving the (fake, running) clock ten minutes ahead.
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMachine } from 'xstate';
import { getSimplePaths } from 'xstate/graph';
import { learner, useLearnerApi } from '../../msw/learner-handlers';
import { renderPage, signedInAs } from '../../render';

useLearnerApi();

const MINUTE = 60_000;

type Step = 'TAB_UPCOMING' | 'OPEN_SOON' | 'OPEN_LIVE' | 'WINDOW_OPENS' | 'JOIN';

const model = createMachine({
  id: 'learner',
  initial: 'bookingsAll',
  types: {} as { events: { type: Step } },
  states: {
    bookingsAll: {
      on: { TAB_UPCOMING: 'bookingsUpcoming', OPEN_SOON: 'lessonWaiting', OPEN_LIVE: 'lessonOpen' },
    },
    bookingsUpcoming: { on: { OPEN_SOON: 'lessonWaiting', OPEN_LIVE: 'lessonOpen' } },
    lessonWaiting: { on: { WINDOW_OPENS: 'lessonOpen' } },
    lessonOpen: { on: { JOIN: 'joined' } },
    joined: { type: 'final' },
  },
});

const STEPS: Step[] = ['TAB_UPCOMING', 'OPEN_SOON', 'OPEN_LIVE', 'WINDOW_OPENS', 'JOIN'];
const paths = getSimplePaths(model, { events: STEPS.map((type) => ({ type })) }).filter((path) =>
  path.state.matches('joined'),
);

type App = ReturnType<typeof renderPage>;
const joinPanel = () => screen.getByRole('complementary', { name: 'Join the lesson' });
const cards = () => screen.getAllByRole('article');
/** Which lesson the page shows: the soon one opens its window during the walk, the live one is open. */
let lessonCode = '';

/** What each abstract state looks like on screen. */
const checks: Record<string, (app: App) => Promise<void>> = {
  bookingsAll: async (app) => {
    expect(app.currentPath()).toBe('/lessons/booking');
    expect(screen.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(cards()).toHaveLength(4));
  },
  bookingsUpcoming: async (app) => {
    await waitFor(() => expect(app.currentPath()).toBe('/lessons/booking?filter=upcoming'));
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(screen.queryByText('Algebraic expressions')).not.toBeInTheDocument();
  },
  lessonWaiting: async () => {
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Simultaneous equations' }),
    ).toBeInTheDocument();
    expect(within(joinPanel()).getByRole('button', { name: 'Join' })).toBeDisabled();
    expect(within(joinPanel()).getByRole('timer')).toHaveTextContent(/^Join opens in \d+:\d\d$/);
  },
  lessonOpen: async () => {
    await waitFor(() => expect(within(joinPanel()).getByRole('button', { name: 'Join' })).toBeEnabled());
    expect(within(joinPanel()).queryByRole('timer')).not.toBeInTheDocument();
  },
  joined: async () => {
    const status = await within(joinPanel()).findByRole('status');
    expect(within(status).getByRole('link', { name: 'Open the lesson' })).toHaveAttribute(
      'href',
      `https://meet.example/${lessonCode}`,
    );
  },
};

/** Each abstract event as the learner does it. */
const actions: Record<Step, (app: App) => Promise<void>> = {
  TAB_UPCOMING: async (app) => {
    await app.user.click(screen.getByRole('tab', { name: 'Upcoming' }));
  },
  OPEN_SOON: async (app) => {
    lessonCode = 'LSN-SOON2';
    await app.user.click(screen.getByRole('link', { name: 'Simultaneous equations' }));
    await app.landsOn('/lessons/show/LSN-SOON2');
  },
  OPEN_LIVE: async (app) => {
    lessonCode = 'LSN-LIVE3';
    await app.user.click(screen.getByRole('link', { name: 'Inequalities' }));
    await app.landsOn('/lessons/show/LSN-LIVE3');
    expect(await screen.findByRole('heading', { level: 1, name: 'Inequalities' })).toBeInTheDocument();
  },
  WINDOW_OPENS: async () => {
    // Ten minutes later, and the three seconds the countdown still had: its own clock ticks it open.
    vi.setSystemTime(Date.now() + 10 * MINUTE);
    await vi.advanceTimersByTimeAsync(3000);
  },
  JOIN: async (app) => {
    await app.user.click(within(joinPanel()).getByRole('button', { name: 'Join' }));
  },
};

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('bookings → lesson page → join, through the UI', () => {
  it('the paths walk every transition of the model', () => {
    const walked = new Set(
      paths.flatMap((path) =>
        path.steps
          .slice(1)
          .map((step, i) => `${JSON.stringify(path.steps[i]!.state.value)}:${step.event.type}`),
      ),
    );
    const edges = Object.entries(model.config.states ?? {}).flatMap(([state, node]) =>
      Object.keys((node as { on?: Record<string, unknown> }).on ?? {}).map((event) => `"${state}":${event}`),
    );
    expect(edges).toHaveLength(7);
    expect([...walked].sort()).toEqual(edges.sort());
  });

  it.each(
    paths.map(
      (path) =>
        [
          path.steps
            .slice(1)
            .map((step) => step.event.type)
            .join(' → '),
          path,
        ] as const,
    ),
  )('%s', async (_, path) => {
    // The clock runs (so the machine's countdown ticks) but can be moved ahead; the soon lesson's
    // window opens ten minutes and three seconds after the start.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    learner.reset(Date.now() + 10 * MINUTE);
    const opened = vi.spyOn(window, 'open').mockImplementation(() => null);
    signedInAs('student@example.com');
    const app = renderPage('/lessons/booking');
    await app.landsOn('/lessons/booking');
    await checks.bookingsAll!(app);
    for (const step of path.steps.slice(1)) {
      await actions[step.event.type](app);
      await checks[step.state.value as string]!(app);
    }
    expect(opened).toHaveBeenCalledExactlyOnceWith(
      `https://meet.example/${lessonCode}`,
      '_blank',
      'noopener,noreferrer',
    );
  });
});
