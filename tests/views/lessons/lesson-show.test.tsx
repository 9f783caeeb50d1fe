import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateOrdinal, formatTime } from '@/shared/format';
import { commerce } from '../../msw/commerce-handlers';
import { learner, useLearnerApi } from '../../msw/learner-handlers';
import { renderPage, signedInAs } from '../../render';

useLearnerApi();

const MINUTE = 60_000;

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

async function open(path: string, email = 'student@example.com') {
  signedInAs(email);
  const app = renderPage(path);
  await app.landsOn(path);
  return app;
}

function row(label: string): string | null | undefined {
  const header = screen.getByRole('rowheader', { name: label });
  return header.closest('tr')?.querySelector('td')?.textContent;
}

const joinPanel = () => screen.getByRole('complementary', { name: 'Join the lesson' });

describe('lesson page', () => {
  it('shows the objective, topic, teacher, time, class, notes and assignments with their files and sizes', async () => {
    await open('/lessons/show/LSN-UP201');
    expect(await screen.findByRole('heading', { level: 1, name: 'Linear equations' })).toBeInTheDocument();
    expect(document.title).toBe('Linear equations | Somesha');
    expect(screen.getByText('Understand linear equations.')).toBeInTheDocument();
    const { upcoming } = learner.lessons;
    expect(row('Topic')).toBe('Linear equations');
    expect(row('Subject')).toBe('Mathematics');
    expect(row('Grade level')).toBe('Grade 7');
    expect(row('Teacher')).toBe('Grace Mwangi');
    // Issue 25: the teacher's name opens their public profile.
    expect(screen.getByRole('link', { name: 'Grace Mwangi' })).toHaveAttribute(
      'href',
      '/teachers/3/grace-mwangi',
    );
    expect(row('Price')).toBe('KES 1,500');
    expect(row('Date')).toBe(formatDateOrdinal(String(upcoming.start_at)));
    expect(row('Time')).toMatch(/^\d{1,2}:\d{2} (AM|PM) – \d{1,2}:\d{2} (AM|PM)$/);
    expect(row('Time')).toBe(
      `${formatTime(String(upcoming.start_at))} – ${formatTime(String(upcoming.end_at))}`,
    );
    expect(screen.getByRole('link', { name: 'Grade 7 Algebra' })).toHaveAttribute('href', '/classes/show/7');
    expect(screen.getByText('Starts in 2 hours')).toBeInTheDocument();

    const notes = screen.getByRole('region', { name: 'Notes' });
    expect(within(notes).getByRole('heading', { level: 3, name: 'Worked examples' })).toBeInTheDocument();
    const noteFiles = within(notes).getByRole('list', { name: 'Files of Worked examples' });
    expect(
      within(noteFiles)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['worked-examples.pdf (1.5 MB)', 'board.png (2 KB)']);
    expect(within(noteFiles).getByRole('link', { name: 'worked-examples.pdf' })).toHaveAttribute(
      'href',
      '/api/files/11',
    );
    const assignments = screen.getByRole('region', { name: 'Assignments' });
    expect(within(assignments).getByText('Due Dec 3, 2026')).toBeInTheDocument();
    expect(within(assignments).getByRole('link', { name: 'practice-set-1.docx' })).toHaveAttribute(
      'href',
      '/api/files/13',
    );
    expect(within(assignments).getByText('(512 Bytes)')).toBeInTheDocument();

    expect(within(joinPanel()).getByRole('list', { name: 'Booked for' })).toHaveTextContent('Amina Kamau');
    expect(within(joinPanel()).getByRole('button', { name: 'Add to calendar' })).toBeInTheDocument();
    // Two hours away: Join is closed, with a countdown that reads as a clock.
    expect(within(joinPanel()).getByRole('button', { name: 'Join' })).toBeDisabled();
    expect(within(joinPanel()).getByRole('timer')).toHaveTextContent(/^Join opens in 1:4\d:\d\d$/);
  });

  it('counts down, enables Join when the window opens, and opens the link in a new tab (also shown on the page)', async () => {
    // The machine's clock: Date and its interval are fake but keep running; the test jumps ahead.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    learner.reset(Date.now() + 10 * MINUTE); // the join window opens in 10 minutes and 3 seconds
    const opened = vi.spyOn(window, 'open').mockImplementation(() => null);
    const app = await open('/lessons/show/LSN-SOON2');
    const join = await within(
      await screen.findByRole('complementary', { name: 'Join the lesson' }),
    ).findByRole('button', {
      name: 'Join',
    });
    expect(join).toBeDisabled();
    const timer = within(joinPanel()).getByRole('timer');
    expect(timer).toHaveTextContent(/^Join opens in 10:0[0-3]$/);
    expect(
      within(joinPanel()).getByText(
        'Join opens 15 minutes before the lesson starts and closes when it ends.',
      ),
    ).toBeInTheDocument();

    // Ten minutes later the countdown is down to seconds, ticks by itself, and the window opens.
    vi.setSystemTime(Date.now() + 10 * MINUTE);
    await waitFor(() =>
      expect(within(joinPanel()).getByRole('timer')).toHaveTextContent(/^Join opens in 0:0[1-3]$/),
    );
    await vi.advanceTimersByTimeAsync(3000);
    await waitFor(() => expect(within(joinPanel()).getByRole('button', { name: 'Join' })).toBeEnabled());
    expect(within(joinPanel()).queryByRole('timer')).not.toBeInTheDocument();

    await app.user.click(within(joinPanel()).getByRole('button', { name: 'Join' }));
    await waitFor(() =>
      expect(opened).toHaveBeenCalledWith('https://meet.example/LSN-SOON2', '_blank', 'noopener,noreferrer'),
    );
    const status = within(joinPanel()).getByRole('status');
    expect(status).toHaveTextContent('The lesson opened in a new tab. If it did not open, use this link:');
    expect(within(status).getByRole('link', { name: 'Open the lesson' })).toHaveAttribute(
      'href',
      'https://meet.example/LSN-SOON2',
    );
    expect(learner.queries.filter((q) => q.endpoint === 'join')).toHaveLength(1);
  });

  it("shows the server's refusal with Try again, and a network failure the same way", async () => {
    const opened = vi.spyOn(window, 'open').mockImplementation(() => null);
    learner.joinRefusal = { status: 422, message: 'The teacher has not shared the lesson link yet.' };
    const app = await open('/lessons/show/LSN-LIVE3');
    expect(await screen.findByText('Live now')).toBeInTheDocument();
    await app.user.click(within(joinPanel()).getByRole('button', { name: 'Join' }));
    const alert = await within(joinPanel()).findByRole('alert');
    expect(alert).toHaveTextContent('The teacher has not shared the lesson link yet.');

    learner.joinRefusal = null;
    learner.set('join', 'error');
    await app.user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(within(joinPanel()).getByRole('alert')).toHaveTextContent(
        'Something went wrong, please try again later.',
      ),
    );
    expect(opened).not.toHaveBeenCalled();

    learner.set('join', 'ok');
    await app.user.click(within(joinPanel()).getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(opened).toHaveBeenCalledWith('https://meet.example/LSN-LIVE3', '_blank', 'noopener,noreferrer'),
    );
    expect(within(joinPanel()).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says a lesson that has ended has ended, without Join', async () => {
    await open('/lessons/show/LSN-PAST4');
    expect(await screen.findByText('This lesson has ended')).toBeInTheDocument();
    expect(within(joinPanel()).queryByRole('button', { name: 'Join' })).not.toBeInTheDocument();
    expect(screen.getByText('Ended')).toBeInTheDocument();
  });

  it('says a booked lesson the teacher cancelled is cancelled, with the reason and the refund, without Join or .ics', async () => {
    learner.lessons.upcoming = {
      ...learner.lessons.upcoming,
      cancelled_at: new Date().toISOString(),
      cancellation_reason: 'I am unwell.',
    };
    await open('/lessons/show/LSN-UP201');
    expect(
      await within(joinPanel()).findByText(
        'The teacher cancelled this lesson: I am unwell. What was paid for it went back to the wallet of whoever paid.',
      ),
    ).toBeInTheDocument();
    expect(within(joinPanel()).queryByRole('button', { name: /^Join/ })).not.toBeInTheDocument();
    expect(within(joinPanel()).queryByRole('button', { name: /calendar/i })).not.toBeInTheDocument();
    expect(screen.getAllByText('Cancelled').length).toBeGreaterThan(0);
  });

  it('offers a lesson that was not booked for the cart, without Join or files', async () => {
    const app = await open('/lessons/show/LSN-OPEN5');
    expect(await screen.findByRole('heading', { level: 1, name: 'Quadratic equations' })).toBeInTheDocument();
    expect(within(joinPanel()).queryByRole('button', { name: 'Join' })).not.toBeInTheDocument();
    expect(
      within(joinPanel()).getByText(
        'You have not booked this lesson. Book it to join and to see its notes, assignments and files.',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText('This lesson has 1 notes and 1 assignments for the learners who booked it.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Notes' })).not.toBeInTheDocument();
    // Only a booked lesson can be exported to a calendar.
    expect(within(joinPanel()).queryByRole('button', { name: 'Add to calendar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /\.pdf$/ })).not.toBeInTheDocument();

    await app.user.click(within(joinPanel()).getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText('Lesson added to cart')).toBeInTheDocument();
    expect(commerce.lines.map((line) => line.purchasable.id)).toEqual([205]);
  });

  it('shows the not-found page for a lesson the caller may not see, and Try again after an error', async () => {
    const missing = await open('/lessons/show/LSN-NOPE0');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByText('Whoops, 404')).toBeInTheDocument();
    missing.unmount();

    learner.set('lesson', 'error');
    const app = await open('/lessons/show/LSN-UP201');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error loading this lesson.');
    learner.set('lesson', 'ok');
    await app.user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Linear equations' })).toBeInTheDocument();
  });
});
