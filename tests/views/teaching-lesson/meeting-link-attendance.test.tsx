// Issue 22 on the teacher's pages: the teacher's own meeting link (Zoom, Google Meet or Teams) for a
// lesson or a class, checked before sending, the server's 422 under the field, Save and Remove; and
// the attendance record of a lesson that has started: who joined (when) and who did not.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { t } from '@/shared/messages';
import { formatDateTime } from '@/shared/time';
import { reports, useReportHandlers } from '../../msw/reports-handlers';
import { server } from '../../msw/server';
import { teaching, useTeacherLessonApi } from '../../msw/teacher-lesson-handlers';
import { renderPage, signedInAs } from '../../render';

useTeacherLessonApi();
useReportHandlers();

async function open(path: string) {
  signedInAs('teacher@example.com');
  const app = renderPage(path);
  await app.landsOn(path);
  return app;
}

const linkSection = () => screen.getByRole('region', { name: 'Meeting link' });
const linkField = () => within(linkSection()).getByRole('textbox', { name: t('reports.linkLabel') });
const ZOOM = 'https://us02web.zoom.us/j/81234567890?pwd=abc';

describe("the teacher's own meeting link", () => {
  it('is checked before sending, saved, and removed on the lesson page', async () => {
    const app = await open('/lessons/show/LSN-T502');
    await screen.findByRole('heading', { level: 1, name: 'Inequalities' });
    expect(linkField()).toHaveValue('https://meet.example/LSN-T502');

    await app.user.clear(linkField());
    await app.user.type(linkField(), 'https://example.com/room');
    await app.user.click(within(linkSection()).getByRole('button', { name: 'Save link' }));
    expect(
      within(linkSection()).getByText('Use a Zoom, Google Meet or Microsoft Teams meeting link.'),
    ).toBeInTheDocument();
    await app.user.clear(linkField());
    await app.user.type(linkField(), 'http://zoom.us/j/1');
    await app.user.click(within(linkSection()).getByRole('button', { name: 'Save link' }));
    expect(within(linkSection()).getByText('The meeting link must start with https://')).toBeInTheDocument();
    expect(reports.bodies.size).toBe(0);

    await app.user.clear(linkField());
    await app.user.type(linkField(), ZOOM);
    await app.user.click(within(linkSection()).getByRole('button', { name: 'Save link' }));
    expect(await screen.findByText(t('reports.linkSaved'))).toBeInTheDocument();
    expect(reports.bodies.get('POST /api/teacher/lessons/link/502')).toEqual({ link: ZOOM });
    expect(teaching.lesson('LSN-T502')?.link).toBe(ZOOM);

    await app.user.click(within(linkSection()).getByRole('button', { name: 'Remove link' }));
    expect(await screen.findByText(t('reports.linkRemoved'))).toBeInTheDocument();
    expect(reports.bodies.get('POST /api/teacher/lessons/link/502')).toEqual({ link: null });
    await waitFor(() => expect(linkField()).toHaveValue(''));
    // The lesson loaded again holds no link: nothing left to remove.
    await waitFor(() =>
      expect(within(linkSection()).queryByRole('button', { name: 'Remove link' })).not.toBeInTheDocument(),
    );
  });

  it("shows the server's 422 under the field", async () => {
    server.use(
      http.post('/api/teacher/lessons/link/:id', () =>
        HttpResponse.json(
          { message: 'This meeting has ended.', errors: { link: ['This meeting has ended.'] } },
          { status: 422 },
        ),
      ),
    );
    const app = await open('/lessons/show/LSN-T502');
    await screen.findByRole('heading', { level: 1, name: 'Inequalities' });
    await app.user.clear(linkField());
    await app.user.type(linkField(), 'https://meet.google.com/abc-defg-hij');
    await app.user.click(within(linkSection()).getByRole('button', { name: 'Save link' }));
    expect(await within(linkSection()).findByText('This meeting has ended.')).toBeInTheDocument();
    expect(linkField()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText(t('reports.linkSaved'))).not.toBeInTheDocument();
  });

  it('is not offered for a cancelled lesson', async () => {
    Object.assign(teaching.lesson('LSN-T503')!, {
      status: 'cancelled',
      cancelled_at: new Date().toISOString(),
    });
    await open('/lessons/show/LSN-T503');
    await screen.findByRole('heading', { level: 1, name: 'Fractions' });
    expect(screen.queryByRole('region', { name: 'Meeting link' })).not.toBeInTheDocument();
  });

  it('is saved for a whole class on the class page', async () => {
    const app = await open('/teaching/classes/show/9');
    await screen.findByRole('heading', { level: 1, name: 'Grade 7 Algebra' });
    expect(linkField()).toHaveValue('');
    expect(within(linkSection()).getByText(t('reports.linkClassHelp'))).toBeInTheDocument();
    expect(within(linkSection()).queryByRole('button', { name: 'Remove link' })).not.toBeInTheDocument();
    await app.user.type(linkField(), 'https://teams.microsoft.com/l/meetup-join/19%3ameeting');
    await app.user.click(within(linkSection()).getByRole('button', { name: 'Save link' }));
    expect(await screen.findByText(t('reports.linkSaved'))).toBeInTheDocument();
    expect(reports.bodies.get('POST /api/teacher/classes/link/9')).toEqual({
      link: 'https://teams.microsoft.com/l/meetup-join/19%3ameeting',
    });
    // The class loaded again holds the link: it can be removed now.
    expect(await within(linkSection()).findByRole('button', { name: 'Remove link' })).toBeInTheDocument();
  });
});

describe('attendance on the teacher’s lesson page', () => {
  it('lists who joined, with the time, and the booked learners who did not', async () => {
    const lesson = teaching.lesson('LSN-T501')!;
    const start = Date.now() - 2 * 3_600_000;
    Object.assign(lesson, {
      start_at: new Date(start).toISOString(),
      end_at: new Date(start + 3_600_000).toISOString(),
      attendance: [
        {
          user_id: 13,
          name: 'Baraka Mwangi',
          role: 'teacher',
          first_joined_at: new Date(start - 600_000).toISOString(),
        },
        {
          user_id: 301,
          name: 'Amina Kamau',
          role: 'learner',
          first_joined_at: new Date(start + 120_000).toISOString(),
        },
        // As the server lists a booked learner who never joined (docs/classroom.md).
        { user_id: 302, name: 'Otieno Odhiambo', role: 'learner', first_joined_at: null },
      ],
    });
    await open('/lessons/show/LSN-T501');
    const record = await screen.findByRole('region', { name: 'Attendance record' });
    const rows = within(record)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Name', 'Role', 'Joined'],
      ['Baraka Mwangi', 'Teacher', formatDateTime(new Date(start - 600_000))],
      ['Amina Kamau', 'Learner', formatDateTime(new Date(start + 120_000))],
      ['Otieno Odhiambo', 'Learner', t('reports.notJoined')],
    ]);
    // The lesson has ended: no meeting link to set any more.
    expect(screen.queryByRole('region', { name: 'Meeting link' })).not.toBeInTheDocument();
  });

  it('is not shown before the lesson starts, while nobody has joined', async () => {
    await open('/lessons/show/LSN-T501');
    await screen.findByRole('heading', { level: 1, name: 'Linear equations' });
    expect(screen.queryByRole('region', { name: 'Attendance' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Meeting link' })).toBeInTheDocument();
  });
});
