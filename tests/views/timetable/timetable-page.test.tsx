// /timetable through the real app: the booked lessons of a week (default) or month on Nairobi days
// with 12-hour times, today marked, navigation kept in the URL, a parent's child selector, and the
// error state. The clock is fixed to Wednesday 25 November 2026, 9:00 AM in Nairobi.
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { t } from '@/shared/messages';
import { api } from '../../msw/handlers';
import { bookedLesson, taughtLesson, timetable, useTimetableApi } from '../../msw/timetable-handlers';
import { renderPage, signedInAs } from '../../render';

useTimetableApi();

const NOW = new Date('2026-11-25T06:00:00.000Z');

const LINEAR = bookedLesson({
  id: 1,
  code: 'LSN-ALG01',
  topic: 'Linear equations',
  startAt: '2026-11-23T12:00:00.000Z',
});
const ACIDS = bookedLesson({
  id: 2,
  code: 'LSN-CHE02',
  topic: 'Acids and bases',
  startAt: '2026-11-25T05:30:00.000Z',
});
// Thursday 21:30 UTC is Friday 00:30 in Nairobi: the lesson belongs on Friday.
const ESSAY = bookedLesson({
  id: 3,
  code: 'LSN-ENG03',
  topic: 'Essay writing',
  startAt: '2026-11-26T21:30:00.000Z',
});
const PHOTO = bookedLesson({
  id: 4,
  code: 'LSN-BIO04',
  topic: 'Photosynthesis',
  startAt: '2026-12-02T07:00:00.000Z',
});
const FRACTIONS = bookedLesson({
  id: 5,
  code: 'LSN-MAT05',
  topic: 'Fractions',
  startAt: '2026-11-18T13:00:00.000Z',
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  timetable.lessons = [LINEAR, ACIDS, ESSAY, PHOTO, FRACTIONS];
});
afterEach(() => {
  vi.useRealTimers();
});

/** The day card of the week view headed by the weekday. */
function dayCard(weekday: string): HTMLElement {
  const heading = screen.getByRole('heading', { level: 3, name: new RegExp(`^${weekday}\\b`) });
  return heading.closest('li') as HTMLElement;
}

async function openTimetable(path = '/timetable', email = 'student@example.com') {
  signedInAs(email);
  const app = renderPage(path);
  await app.landsOn(path);
  await screen.findByRole('heading', { level: 1, name: 'Timetable' });
  return app;
}

async function settled() {
  await waitFor(() =>
    expect(screen.queryByRole('status', { name: 'Loading timetable' })).not.toBeInTheDocument(),
  );
}

describe('the week view', () => {
  it('shows the booked lessons on their Nairobi days with 12-hour times, and marks today', async () => {
    await openTimetable();
    expect(await screen.findByRole('link', { name: '3:00 PM Linear equations' })).toHaveAttribute(
      'href',
      '/lessons/show/LSN-ALG01',
    );
    expect(document.title).toBe('Timetable | Somesha');
    expect(screen.getByRole('heading', { level: 2, name: 'Nov 23 – 29, 2026' })).toBeInTheDocument();
    expect(timetable.queries).toEqual([{ from: '2026-11-23', to: '2026-11-29' }]);

    const days = within(screen.getByRole('list', { name: 'Days of the week' })).getAllByRole('heading', {
      level: 3,
    });
    expect(days.map((day) => day.textContent)).toEqual([
      'Monday Nov 23',
      'Tuesday Nov 24',
      'Wednesday Nov 25',
      'Thursday Nov 26',
      'Friday Nov 27',
      'Saturday Nov 28',
      'Sunday Nov 29',
    ]);
    expect(within(dayCard('Monday')).getByRole('link')).toHaveAccessibleName('3:00 PM Linear equations');
    expect(within(dayCard('Wednesday')).getByRole('link')).toHaveAccessibleName('8:30 AM Acids and bases');
    expect(within(dayCard('Friday')).getByRole('link')).toHaveAccessibleName('12:30 AM Essay writing');
    expect(within(dayCard('Thursday')).queryByRole('link')).not.toBeInTheDocument();
    expect(within(dayCard('Thursday')).getByText('No lessons')).toBeInTheDocument();

    const today = dayCard('Wednesday');
    expect(today).toHaveAttribute('aria-current', 'date');
    expect(within(today).getByText('Today')).toBeInTheDocument();
    expect(screen.getAllByText('Today', { selector: '.mantine-Badge-label' })).toHaveLength(1);
    expect(dayCard('Monday')).not.toHaveAttribute('aria-current');
    // A student is always their own learner: no child selector, no "For …" lines.
    expect(screen.queryByLabelText('Learner', { selector: 'input' })).not.toBeInTheDocument();
    expect(screen.queryByText(/^For /)).not.toBeInTheDocument();
  });

  it('opens a lesson page from its entry', async () => {
    const app = await openTimetable();
    await app.user.click(await screen.findByRole('link', { name: '8:30 AM Acids and bases' }));
    await waitFor(() => expect(app.currentPath()).toBe('/lessons/show/LSN-CHE02'));
  });

  it('moves by week, keeps the place in the URL and loads each range', async () => {
    const app = await openTimetable();
    await screen.findByRole('link', { name: '3:00 PM Linear equations' });
    expect(screen.getByRole('button', { name: 'Today' })).toBeDisabled();

    await app.user.click(screen.getByRole('button', { name: 'Next week' }));
    await waitFor(() => expect(app.currentPath()).toBe('/timetable?date=2026-12-02'));
    expect(await screen.findByRole('link', { name: '10:00 AM Photosynthesis' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Nov 30 – Dec 6, 2026' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '3:00 PM Linear equations' })).not.toBeInTheDocument();
    // Not this week: nothing is marked today.
    expect(screen.queryByText('Today', { selector: '.mantine-Badge-label' })).not.toBeInTheDocument();

    await app.user.click(screen.getByRole('button', { name: 'Previous week' }));
    await app.user.click(screen.getByRole('button', { name: 'Previous week' }));
    await waitFor(() => expect(app.currentPath()).toBe('/timetable?date=2026-11-18'));
    expect(await screen.findByRole('link', { name: '4:00 PM Fractions' })).toBeInTheDocument();

    await app.user.click(screen.getByRole('button', { name: 'Today' }));
    await waitFor(() => expect(app.currentPath()).toBe('/timetable?date=2026-11-25'));
    expect(await screen.findByRole('link', { name: '8:30 AM Acids and bases' })).toBeInTheDocument();
    expect(timetable.queries.map((query) => `${query.from}..${query.to}`)).toEqual([
      '2026-11-23..2026-11-29',
      '2026-11-30..2026-12-06',
      '2026-11-23..2026-11-29',
      '2026-11-16..2026-11-22',
      '2026-11-23..2026-11-29',
    ]);
  });

  it('follows the back button to the previous range', async () => {
    const app = await openTimetable();
    await screen.findByRole('link', { name: '3:00 PM Linear equations' });
    await app.user.click(screen.getByRole('button', { name: 'Next week' }));
    expect(await screen.findByRole('link', { name: '10:00 AM Photosynthesis' })).toBeInTheDocument();
    app.navigate('/timetable');
    expect(await screen.findByRole('link', { name: '3:00 PM Linear equations' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Nov 23 – 29, 2026' })).toBeInTheDocument();
  });

  it('says so when the week has no lessons', async () => {
    timetable.lessons = [PHOTO];
    await openTimetable();
    expect(await screen.findByText(t('timetable.emptyWeek'))).toBeInTheDocument();
    expect(screen.getAllByText('No lessons')).toHaveLength(7);
  });

  it('shows "Error loading timetable." and loads again with Try again', async () => {
    timetable.set('timetable', 'error');
    await openTimetable();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error loading timetable.');
    timetable.set('timetable', 'ok');
    await screen.findByRole('button', { name: 'Try again' }).then((button) => button.click());
    expect(await screen.findByRole('link', { name: '3:00 PM Linear equations' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('the month view', () => {
  it('shows the month with its lessons, marks today, and moves by month', async () => {
    const app = await openTimetable();
    await screen.findByRole('link', { name: '3:00 PM Linear equations' });
    await app.user.click(screen.getByRole('button', { name: 'Month' }));
    await waitFor(() => expect(app.currentPath()).toBe('/timetable?date=2026-11-25&view=month'));
    expect(screen.getByRole('button', { name: 'Month' })).toHaveAttribute('aria-pressed', 'true');
    const month = await screen.findByRole('table', { name: 'Lessons in November 2026' });
    await settled();
    expect(screen.getByRole('heading', { level: 2, name: 'November 2026' })).toBeInTheDocument();
    expect(timetable.queries.at(-1)).toEqual({ from: '2026-11-01', to: '2026-11-30' });

    const cell = (name: string) => within(month).getByRole('group', { name });
    expect(within(cell('Wednesday, Nov 18, 2026')).getByRole('link')).toHaveAccessibleName(
      '4:00 PM Fractions',
    );
    expect(within(cell('Friday, Nov 27, 2026')).getByRole('link')).toHaveAccessibleName(
      '12:30 AM Essay writing',
    );
    expect(within(cell('Thursday, Nov 26, 2026')).queryByRole('link')).not.toBeInTheDocument();
    expect(within(cell('Wednesday, Nov 25, 2026, today')).getByText('25')).toHaveAttribute(
      'aria-current',
      'date',
    );
    expect(within(cell('Wednesday, Nov 25, 2026, today')).getByRole('link')).toHaveAccessibleName(
      '8:30 AM Acids and bases',
    );
    expect(month.querySelectorAll('[aria-current="date"]')).toHaveLength(1);
    expect(within(month).getAllByRole('group', { name: /today/ })).toHaveLength(1);
    expect(within(month).getAllByRole('group')).toHaveLength(30);
    // Weeks start on Monday.
    expect(
      within(month)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    // On a phone the days with lessons are listed under the table too.
    const phoneList = screen.getByRole('list', { name: 'Days with lessons' });
    expect(
      within(phoneList)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Wednesday Nov 18', 'Monday Nov 23', 'Wednesday Nov 25', 'Friday Nov 27']);

    await app.user.click(screen.getByRole('button', { name: 'Next month' }));
    await waitFor(() => expect(app.currentPath()).toBe('/timetable?date=2026-12-01&view=month'));
    const december = await screen.findByRole('table', { name: 'Lessons in December 2026' });
    await settled();
    expect(within(december).getByRole('link', { name: '10:00 AM Photosynthesis' })).toBeInTheDocument();
    expect(december.querySelectorAll('[aria-current="date"]')).toHaveLength(0);
    expect(timetable.queries.at(-1)).toEqual({ from: '2026-12-01', to: '2026-12-31' });
  });

  it('opens on the view and day of the URL', async () => {
    await openTimetable('/timetable?date=2026-12-02&view=month');
    expect(await screen.findByRole('table', { name: 'Lessons in December 2026' })).toBeInTheDocument();
    await settled();
    expect(timetable.queries).toEqual([{ from: '2026-12-01', to: '2026-12-31' }]);
    const december = screen.getByRole('table', { name: 'Lessons in December 2026' });
    expect(within(december).getByRole('link', { name: '10:00 AM Photosynthesis' })).toBeInTheDocument();
  });

  it('back to the week view shows the week of the day it was on', async () => {
    const app = await openTimetable('/timetable?date=2026-12-02&view=month');
    await screen.findByRole('table', { name: 'Lessons in December 2026' });
    await app.user.click(screen.getByRole('button', { name: 'Week' }));
    await waitFor(() => expect(app.currentPath()).toBe('/timetable?date=2026-12-02'));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Nov 30 – Dec 6, 2026' }),
    ).toBeInTheDocument();
  });

  it('reads an unreadable query as this week', async () => {
    await openTimetable('/timetable?date=2026-02-30&view=year&student_id=abc');
    expect(await screen.findByRole('link', { name: '3:00 PM Linear equations' })).toBeInTheDocument();
    expect(timetable.queries).toEqual([{ from: '2026-11-23', to: '2026-11-29' }]);
  });
});

describe('a parent', () => {
  const BARAKA = { id: 501, user: { id: 601, first_name: 'Baraka', last_name: 'Kamau', username: 'baraka' } };
  const ZAWADI = { id: 502, user: { id: 602, first_name: 'Zawadi', last_name: 'Kamau', username: 'zawadi' } };

  beforeEach(() => {
    api.children = [BARAKA, ZAWADI];
    timetable.lessons = [
      bookedLesson({
        id: 11,
        code: 'LSN-B1',
        topic: 'Linear equations',
        startAt: '2026-11-23T12:00:00.000Z',
        studentId: 501,
        studentName: 'Baraka Kamau',
      }),
      bookedLesson({
        id: 12,
        code: 'LSN-Z1',
        topic: 'Acids and bases',
        startAt: '2026-11-24T06:00:00.000Z',
        studentId: 502,
        studentName: 'Zawadi Kamau',
      }),
    ];
  });

  it('sees whose each lesson is, switches to one child, and the choice survives a reload', async () => {
    const app = await openTimetable('/timetable', 'parent@example.com');
    expect(await screen.findByRole('link', { name: '3:00 PM Linear equations' })).toBeInTheDocument();
    expect(screen.getByText('For Baraka Kamau')).toBeInTheDocument();
    expect(screen.getByText('For Zawadi Kamau')).toBeInTheDocument();

    const learner = await screen.findByLabelText('Learner', { selector: 'input' });
    await waitFor(() => expect(learner).toBeEnabled());
    expect(learner).toHaveValue('All children');
    await app.user.click(learner);
    await app.user.click(await screen.findByRole('option', { name: 'Zawadi Kamau' }));
    await waitFor(() => expect(app.currentPath()).toBe('/timetable?student_id=502&date=2026-11-25'));
    expect(await screen.findByRole('link', { name: '9:00 AM Acids and bases' })).toBeInTheDocument();
    await settled();
    expect(screen.queryByRole('link', { name: '3:00 PM Linear equations' })).not.toBeInTheDocument();
    // One child chosen: the entries need not say whose they are.
    expect(screen.queryByText('For Zawadi Kamau')).not.toBeInTheDocument();
    expect(timetable.queries.at(-1)).toEqual({ from: '2026-11-23', to: '2026-11-29', student_id: '502' });
  });

  it('opens on the child of the URL', async () => {
    await openTimetable('/timetable?student_id=501', 'parent@example.com');
    expect(await screen.findByRole('link', { name: '3:00 PM Linear equations' })).toBeInTheDocument();
    expect(timetable.queries).toEqual([{ from: '2026-11-23', to: '2026-11-29', student_id: '501' }]);
    expect(screen.queryByRole('link', { name: '9:00 AM Acids and bases' })).not.toBeInTheDocument();
  });
});

describe('a teacher', () => {
  it('sees the lessons they teach beside those they booked, each linking its lesson page', async () => {
    timetable.lessons = [
      LINEAR,
      taughtLesson({
        id: 21,
        code: 'LSN-TCH21',
        topic: 'Quadratic equations',
        startAt: '2026-11-24T07:00:00.000Z',
      }),
    ];
    await openTimetable('/timetable', 'teacher@example.com');
    const taught = await screen.findByRole('link', { name: '10:00 AM Quadratic equations' });
    expect(taught).toHaveAttribute('href', '/lessons/show/LSN-TCH21');
    const tuesday = dayCard('Tuesday');
    expect(within(tuesday).getByText(t('teach.youTeach'))).toBeInTheDocument();
    // The lesson they booked is not theirs to teach.
    expect(within(dayCard('Monday')).getByRole('link')).toHaveAccessibleName('3:00 PM Linear equations');
    expect(within(dayCard('Monday')).queryByText(t('teach.youTeach'))).not.toBeInTheDocument();
  });
});
