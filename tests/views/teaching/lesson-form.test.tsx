// Create lessons and Edit lesson: the options, a date's free times (or SPEC §8's apology), a series
// with its preview, the server's 422 on the fields, success back on My lessons with a toast, and a
// booked lesson whose date and time alone can change.
import { screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { t } from '@/shared/messages';
import { slot, teacherLesson, teaching, useTeachingApi } from '../../msw/teaching-handlers';
import { renderApp, renderPage, signedInAs } from '../../render';
import { snackbarText } from '../commerce/commerce-helpers';

useTeachingApi();

beforeEach(() => {
  // Nov 25, 2026, 9:00 AM in Nairobi: the date picker opens on November.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-25T06:00:00.000Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

/** The page alone, or (`'screen'`) inside the workspace layout, for axe's checks of the whole screen. */
async function open(path: string, shown: 'page' | 'screen' = 'page') {
  signedInAs('teacher@example.com');
  const app = shown === 'page' ? renderPage(path) : renderApp(path);
  await app.landsOn(path);
  return app;
}

type App = Awaited<ReturnType<typeof open>>;

/** A field by its label (required ones end with an asterisk). */
const input = (label: string) =>
  screen.getByLabelText(new RegExp(`^${label.replace(/[()]/g, '\\$&')}`), { selector: 'input' });

async function choose(app: App, label: string, option: string) {
  const select = input(label);
  await waitFor(() => expect(select).toBeEnabled());
  await app.user.click(select);
  await app.user.click(await screen.findByRole('option', { name: option }));
}

async function pickDate(app: App, day: string) {
  await app.user.click(screen.getByRole('button', { name: /^Date/ }));
  await app.user.click(await screen.findByRole('button', { name: day }));
}

async function fillContent(app: App) {
  await choose(app, 'Subject', 'Mathematics');
  await choose(app, 'Grade level', 'Grade 7 (Junior School)');
  await choose(app, 'Topic', 'Linear equations');
  // Pasted: typing a sentence re-renders the whole form per key, which is slow in jsdom.
  await app.user.click(screen.getByLabelText(/^Objective/));
  await app.user.paste('Solve equations in one unknown.');
  await app.user.click(input('Cost per lesson (KES)'));
  await app.user.paste('1500');
}

describe('create lessons', () => {
  it('keeps a required choice when its chosen option is clicked again (Type starts as Public)', async () => {
    const app = await open('/teaching/lessons/create');
    await waitFor(() => expect(input('Type')).toHaveValue('Public'));
    await choose(app, 'Type', 'Public');
    expect(input('Type')).toHaveValue('Public');
  });

  it('picks a date, a free time and a weekly series, previews the dates, and lands on My lessons with a toast', async () => {
    teaching.slots['2026-11-27'] = [slot('2026-11-27', '09:00'), slot('2026-11-27', '14:30')];
    const app = await open('/teaching/lessons/create');
    expect(document.title).toBe('Create lessons | Somesha');
    await screen.findByRole('heading', { level: 2, name: 'Lesson' });
    await fillContent(app);
    // Topics follow the subject and grade: Chemistry's topic is not offered for Mathematics.
    await app.user.click(input('Topic'));
    expect(screen.queryByRole('option', { name: 'Acids and bases' })).not.toBeInTheDocument();
    await app.user.keyboard('{Escape}');

    expect(screen.getByText(t('teaching.chooseDateFirst'))).toBeInTheDocument();
    await pickDate(app, '27 November 2026');
    const time = await screen.findByRole('radiogroup', { name: /^Time/ });
    expect(teaching.slotDates).toEqual(['2026-11-27']);
    expect(
      within(time)
        .getAllByRole('radio')
        .map((radio) => radio.parentElement?.parentElement?.textContent),
    ).toEqual(['9:00 AM', '2:30 PM']);
    await app.user.click(within(time).getByRole('radio', { name: '2:30 PM' }));

    const count = input('Number of lessons');
    await app.user.clear(count);
    await app.user.type(count, '3');
    const preview = await screen.findByRole('list', { name: 'Your 3 lessons' });
    expect(
      within(preview)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Fri, Nov 27, 2026 · 2:30 PM', 'Fri, Dec 4, 2026 · 2:30 PM', 'Fri, Dec 11, 2026 · 2:30 PM']);
    await choose(app, 'Frequency', 'Daily');
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Your 3 lessons' })).getAllByRole('listitem')[1],
      ).toHaveTextContent('Sat, Nov 28, 2026 · 2:30 PM'),
    );

    await app.user.click(screen.getByRole('button', { name: 'Create lessons' }));
    await app.landsOn('/teaching/lessons?filter=pending');
    expect(teaching.bodies).toEqual([
      {
        path: 'store',
        body: {
          subject_id: 1,
          grade_level_id: 7,
          topic_id: 11,
          program_id: null,
          class_id: null,
          type: 'public',
          objective: 'Solve equations in one unknown.',
          lessons_count: 3,
          frequency: 'daily',
          price: 1500,
          // A public lesson with the Seats field left empty: no limit.
          capacity: null,
          date: '2026-11-27',
          time: '14:30',
        },
      },
    ]);
    await waitFor(() => expect(snackbarText()).toBe('3 lessons created. They await approval.'));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(3));
  });

  it('asks a group lesson for 2–100 seats, tells a private lesson it has one, and sends the seats', async () => {
    teaching.slots['2026-11-27'] = [slot('2026-11-27', '09:00')];
    const app = await open('/teaching/lessons/create', 'screen');
    await screen.findByRole('heading', { level: 2, name: 'Lesson' });
    await fillContent(app);
    expect(input('Seats')).not.toBeRequired();
    expect(input('Seats')).toHaveAccessibleDescription(t('teaching.seatsNoLimit'));

    await choose(app, 'Type', 'Private');
    expect(screen.queryByLabelText(/^Seats/)).not.toBeInTheDocument();
    expect(screen.getByText(t('teaching.privateOneSeat'))).toBeInTheDocument();

    await choose(app, 'Type', 'Group');
    expect(input('Seats')).toBeRequired();
    await pickDate(app, '27 November 2026');
    await app.user.click(await screen.findByRole('radio', { name: '9:00 AM' }));
    await app.user.click(screen.getByRole('button', { name: 'Create lessons' }));
    expect(input('Seats')).toHaveAccessibleDescription(t('teaching.capacityRequired'));
    // The new field is labelled and its error announced (contrast is the browser tests' part).
    const checked = await axe.run(document.body, {
      resultTypes: ['violations'],
      rules: { 'color-contrast': { enabled: false } },
    });
    expect(checked.violations.map((violation) => violation.id)).toEqual([]);
    await app.user.type(input('Seats'), '1');
    await app.user.click(screen.getByRole('button', { name: 'Create lessons' }));
    expect(input('Seats')).toHaveAccessibleDescription(t('teaching.capacityRange', { min: 2, max: 100 }));
    expect(teaching.bodies).toEqual([]);

    await app.user.type(input('Seats'), '2');
    await app.user.click(screen.getByRole('button', { name: 'Create lessons' }));
    await waitFor(() => expect(teaching.bodies).toHaveLength(1));
    expect(teaching.bodies[0]?.body).toMatchObject({ type: 'group', capacity: 12 });
  });

  it('checks the fields before sending anything', async () => {
    const app = await open('/teaching/lessons/create');
    await screen.findByRole('heading', { level: 2, name: 'Lesson' });
    await app.user.click(screen.getByRole('button', { name: 'Create lessons' }));
    expect(input('Subject')).toHaveAccessibleDescription(t('validation.required'));
    expect(screen.getByLabelText(/^Objective/)).toHaveAccessibleDescription(t('validation.required'));
    expect(input('Cost per lesson (KES)')).toHaveAccessibleDescription(t('validation.required'));
    expect(teaching.bodies).toEqual([]);
  });

  it('keeps a price under the minimum as typed and says so on the field (KES 5 never becomes KES 100)', async () => {
    const app = await open('/teaching/lessons/create');
    await screen.findByRole('heading', { level: 2, name: 'Lesson' });
    await app.user.type(input('Cost per lesson (KES)'), '5');
    await app.user.tab();
    await app.user.click(screen.getByRole('button', { name: 'Create lessons' }));
    expect(input('Cost per lesson (KES)')).toHaveValue('5');
    expect(input('Cost per lesson (KES)')).toHaveAccessibleDescription('Enter a number of at least 100.');
    expect(teaching.bodies).toEqual([]);
  });

  it('apologises when a date has no free time, and when the times cannot be loaded', async () => {
    const app = await open('/teaching/lessons/create');
    await screen.findByRole('heading', { level: 2, name: 'Lesson' });
    await pickDate(app, '27 November 2026');
    expect(await screen.findByText(t('messages.timeslots'))).toBeInTheDocument();
    expect(screen.queryByRole('radiogroup', { name: /^Time/ })).not.toBeInTheDocument();

    teaching.set('slots', 'error');
    await pickDate(app, '28 November 2026');
    // A failed GET is tried once more before the page hears of it.
    await waitFor(() => expect(teaching.slotDates).toEqual(['2026-11-27', '2026-11-28', '2026-11-28']));
    expect(await screen.findByText(t('messages.timeslots'))).toBeInTheDocument();

    teaching.set('slots', 'ok');
    teaching.slots['2026-11-30'] = [slot('2026-11-30', '10:00')];
    await pickDate(app, '30 November 2026');
    expect(await screen.findByRole('radio', { name: '10:00 AM' })).toBeInTheDocument();
    expect(screen.queryByText(t('messages.timeslots'))).not.toBeInTheDocument();
  });

  it('shows the server’s 422 on the fields: the clash on the time', async () => {
    const clash = 'The lesson on Dec 4, 2026 at 2:30 PM clashes with another of your lessons.';
    teaching.refusal = {
      message: 'The given data was invalid.',
      errors: { time: [clash], price: ['The price is too high.'] },
    };
    teaching.slots['2026-11-27'] = [slot('2026-11-27', '14:30')];
    const app = await open('/teaching/lessons/create');
    await screen.findByRole('heading', { level: 2, name: 'Lesson' });
    await fillContent(app);
    await pickDate(app, '27 November 2026');
    await app.user.click(await screen.findByRole('radio', { name: '2:30 PM' }));
    await app.user.click(screen.getByRole('button', { name: 'Create lessons' }));

    expect(await screen.findByText(clash)).toBeInTheDocument();
    expect(input('Cost per lesson (KES)')).toHaveAccessibleDescription('The price is too high.');
    expect(app.currentPath()).toBe('/teaching/lessons/create');
    // Fixing the price drops its complaint.
    await app.user.type(input('Cost per lesson (KES)'), '0');
    expect(input('Cost per lesson (KES)')).not.toHaveAccessibleDescription('The price is too high.');
  });

  it('shows the reason instead of the form to a teacher who cannot create lessons yet', async () => {
    teaching.formData = {
      ...teaching.formData,
      can_create: false,
      reason: 'Your profile is awaiting approval.',
    };
    await open('/teaching/lessons/create');
    expect(await screen.findByText('Your profile is awaiting approval.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create lessons' })).not.toBeInTheDocument();
  });
});

describe('edit lesson', () => {
  it('lets a booked lesson change its date and time only, and explains why', async () => {
    // Dec 2, 2026, 9:00 AM in Nairobi.
    teaching.shown = [
      teacherLesson({ id: 40, topic: 'Linear equations', startAt: '2026-11-27T06:00:00.000Z', bookings: 2 }),
    ];
    teaching.slots['2026-11-30'] = [slot('2026-11-30', '11:00')];
    const app = await open('/teaching/lessons/edit/40');
    expect(await screen.findByText(t('teaching.rescheduleOnly'))).toBeInTheDocument();
    expect(input('Subject')).toBeDisabled();
    expect(input('Topic')).toBeDisabled();
    expect(screen.getByLabelText(/^Objective/)).toBeDisabled();
    expect(input('Cost per lesson (KES)')).toBeDisabled();
    expect(input('Subject')).toHaveValue('Mathematics');
    expect(screen.queryByLabelText('Number of lessons')).not.toBeInTheDocument();
    // The lesson's own time stays a choice on its day.
    expect(screen.getByRole('radio', { name: '9:00 AM (current time)' })).toBeChecked();

    await pickDate(app, '30 November 2026');
    await app.user.click(await screen.findByRole('radio', { name: '11:00 AM' }));
    await app.user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(app.currentPath()).toBe('/teaching/lessons'));
    expect(teaching.bodies).toHaveLength(1);
    expect(teaching.bodies[0]).toMatchObject({
      path: 'update/40',
      body: { date: '2026-11-30', time: '11:00', topic_id: 11 },
    });
    expect(teaching.bodies[0]!.body).not.toHaveProperty('lessons_count');
    await waitFor(() => expect(snackbarText()).toBe('Lesson rescheduled'));
  });

  it('says a cancelled lesson can no longer be changed', async () => {
    teaching.shown = [
      teacherLesson({ id: 41, topic: 'Ratios', startAt: '2026-11-27T06:00:00.000Z', status: 'cancelled' }),
    ];
    await open('/teaching/lessons/edit/41');
    expect(await screen.findByText(t('teaching.cannotChange'))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();
  });
});
