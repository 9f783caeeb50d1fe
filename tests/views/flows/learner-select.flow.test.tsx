// Flow: a parent of two chooses whose lesson bookings to see with the Learner select (the same
// select filters the classes and the timetable). The children fail to load first (the select says
// so, with Try again, and the bookings of both are listed); then one child, the other or all, with
// the Past tab, each kept in the address and shown in the list.
// A flat model of what the person sees (docs/testing-flows.md), walked through the real app.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { t } from '@/shared/messages';
import { scriptedEndpoint, useScriptedEndpoints } from '../../msw/flow-handlers';
import { AMINA, JABALI, learner, useLearnerApi } from '../../msw/learner-handlers';
import { renderApp, signedInAs } from '../../render';
import { expectEveryTransitionWalked, flowPaths, walkFlow, type FlowDriver } from './flow-model';

useLearnerApi();
const childrenCalls = scriptedEndpoint('get', '/api/parent/child/data');
useScriptedEndpoints(childrenCalls);

let app: ReturnType<typeof renderApp>;

export const learnerSelectModel = createMachine({
  id: 'learnerSelect',
  initial: 'childrenFailed',
  states: {
    // The bookings of both children; the Learner select could not load the children.
    childrenFailed: { on: { 'retry.fails': 'childrenFailed', 'retry.ok': 'allChildren' } },
    allChildren: { on: { 'pick.jabali': 'jabali', 'pick.amina': 'amina', 'tab.past': 'allPast' } },
    jabali: { on: { 'pick.all': 'allChildren', 'pick.amina': 'amina', 'tab.past': 'jabaliPast' } },
    amina: { on: { 'pick.jabali': 'jabali', 'pick.all': 'allChildren' } },
    jabaliPast: { on: { 'pick.all': 'allPast' } },
    allPast: { type: 'final' },
  },
});

const learnerField = () => screen.getByLabelText('Learner', { selector: 'input' });
const bookingTitles = () => screen.getAllByRole('article').map((card) => within(card).getByRole('heading').textContent);

/** The address, the select and the bookings listed agree. */
async function bookingsFor(path: string, learnerName: string, titles: string[] | null) {
  await waitFor(() => expect(app.currentPath()).toBe(path));
  await waitFor(() => expect(learnerField()).toHaveValue(learnerName));
  if (titles) await waitFor(() => expect(bookingTitles()).toEqual(titles));
  else expect(await screen.findByText('No lessons available.')).toBeInTheDocument();
}

async function pick(name: string) {
  await app.user.click(learnerField());
  await app.user.click(await screen.findByRole('option', { name }));
}

const ALL_BOOKINGS = ['Inequalities', 'Simultaneous equations', 'Linear equations', 'Algebraic expressions'];
const CHILDREN_ERROR = t('messages.loadError', { name: 'children' });

const learnerDriver: FlowDriver = {
  see: {
    childrenFailed: async () => {
      expect(await screen.findByText(CHILDREN_ERROR)).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
      expect(learnerField()).toHaveAttribute('aria-invalid', 'true');
      await waitFor(() => expect(bookingTitles()).toEqual(ALL_BOOKINGS));
    },
    allChildren: async () => {
      await waitFor(() => expect(screen.queryByText(CHILDREN_ERROR)).not.toBeInTheDocument());
      await bookingsFor('/lessons/booking', 'All children', ALL_BOOKINGS);
    },
    jabali: () => bookingsFor(`/lessons/booking?student_id=${JABALI.id}`, 'Jabali Kamau', ['Linear equations']),
    amina: () =>
      bookingsFor(`/lessons/booking?student_id=${AMINA.id}`, 'Amina Kamau', ['Inequalities', 'Simultaneous equations', 'Algebraic expressions']),
    jabaliPast: () => bookingsFor(`/lessons/booking?filter=past&student_id=${JABALI.id}`, 'Jabali Kamau', null),
    allPast: () => bookingsFor('/lessons/booking?filter=past', 'All children', ['Algebraic expressions']),
  },
  act: {
    'retry.fails': async () => {
      const before = learner.queries.length;
      await app.user.click(screen.getByRole('button', { name: 'Try again' }));
      // The select asks again (and fails again); the bookings are not asked for again.
      await waitFor(() => expect(screen.getByText(CHILDREN_ERROR)).toBeInTheDocument());
      expect(learner.queries.length).toBe(before);
    },
    'retry.ok': () => {
      childrenCalls.answer = 'ok';
      return app.user.click(screen.getByRole('button', { name: 'Try again' }));
    },
    'pick.jabali': () => pick('Jabali Kamau'),
    'pick.amina': () => pick('Amina Kamau'),
    'pick.all': () => pick('All children'),
    'tab.past': () => app.user.click(screen.getByRole('tab', { name: 'Past' })),
  },
};

const learnerPaths = flowPaths(learnerSelectModel, { maxSimple: 2, simpleTo: ['allPast'] });

describe('flow: a parent of two chooses whose lesson bookings to see', () => {
  it('the paths walk every transition of the model', () => {
    expect(expectEveryTransitionWalked(learnerSelectModel, learnerPaths, learnerDriver)).toBe(11);
  });

  it.each(learnerPaths.map((path) => [path.name, path] as const))('%s', async (_, path) => {
    learner.useParentChildren();
    childrenCalls.answer = { status: 500, message: 'Server error' };
    signedInAs('parent@example.com');
    app = renderApp('/lessons/booking');
    await app.landsOn('/lessons/booking');
    await walkFlow(path, learnerDriver);
  });
});
