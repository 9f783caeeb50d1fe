import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { t } from '@/shared/messages';
import { formatDateOrdinal, formatTime } from '@/shared/format';
import { MATERIAL_FILE_TYPE_NAMES } from '@/shared/teaching';
import { api } from '../../msw/handlers';
import { teaching, useTeacherLessonApi } from '../../msw/teacher-lesson-handlers';
import { renderPage, signedInAs } from '../../render';

useTeacherLessonApi();

async function open(path: string, email = 'teacher@example.com') {
  signedInAs(email);
  const app = renderPage(path);
  await app.landsOn(path);
  return app;
}

function row(label: string): string | null | undefined {
  const header = screen.getByRole('rowheader', { name: label });
  return header.closest('tr')?.querySelector('td')?.textContent;
}

const dialog = () => screen.getByRole('dialog');
const pdf = (name: string, size = 2048) =>
  new File([new Uint8Array(size)], name, { type: 'application/pdf' });

/** fireEvent, not user.upload: the control's `accept` would drop a wrong file before the app saw it. */
function choose(...files: File[]) {
  fireEvent.change(within(dialog()).getByLabelText('Files to upload', { selector: 'input' }), {
    target: { files },
  });
}

describe("the teacher's lesson page", () => {
  it('shows the status, time, price, the learners booked and the notes and assignments with their files', async () => {
    await open('/lessons/show/LSN-T501');
    expect(await screen.findByRole('heading', { level: 1, name: 'Linear equations' })).toBeInTheDocument();
    expect(document.title).toBe('Linear equations | Somesha');
    expect(screen.getByText('Approved', { selector: '.mantine-Badge-label' })).toBeInTheDocument();
    expect(screen.getByText(t('lesson.approved'))).toBeInTheDocument();
    const lesson = teaching.lesson('LSN-T501')!;
    expect(row('Date')).toBe(formatDateOrdinal(String(lesson.start_at)));
    expect(row('Time')).toBe(`${formatTime(String(lesson.start_at))} – ${formatTime(String(lesson.end_at))}`);
    expect(row('Price')).toBe('KES 1,500');
    expect(screen.getByRole('link', { name: 'Grade 7 Algebra' })).toHaveAttribute(
      'href',
      '/teaching/classes/show/9',
    );

    const learners = screen.getByRole('region', { name: 'Learners booked' });
    expect(learners).toHaveAttribute('tabindex', '0');
    const rows = within(learners)
      .getAllByRole('row')
      .map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent));
    expect(rows.slice(1)).toEqual([
      ['Amina Kamau', 'Wanjiku Kamau', 'KES 1,500', 'KES 1,500', 'No'],
      ['Otieno Odhiambo', '—', 'Free', '—', 'No'],
    ]);

    const notes = screen.getByRole('region', { name: 'Notes' });
    const files = within(notes).getByRole('list', { name: 'Files of Worked examples' });
    expect(
      within(files)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['worked-examples.pdf(1.5 MB)', 'board.png(2 KB)']);
    expect(within(files).getByRole('link', { name: 'worked-examples.pdf' })).toHaveAttribute(
      'href',
      '/api/files/11',
    );
    const assignments = screen.getByRole('region', { name: 'Assignments' });
    expect(within(assignments).getByText('Due Dec 3, 2026')).toBeInTheDocument();
    expect(within(assignments).getByRole('link', { name: 'practice-set-1.docx' })).toHaveAttribute(
      'href',
      '/api/files/13',
    );

    // Booked: no Edit, but Cancel.
    const manage = screen.getByRole('complementary', { name: 'Manage the lesson' });
    expect(within(manage).queryByRole('link', { name: 'Edit lesson' })).not.toBeInTheDocument();
    expect(within(manage).getByRole('button', { name: 'Cancel lesson' })).toBeInTheDocument();
    expect(within(manage).getByText('2 learners booked')).toBeInTheDocument();
  });

  it('links Edit for a lesson nobody booked, and shows a rejection with the reviewer comment', async () => {
    const app = await open('/lessons/show/LSN-T502');
    expect(
      await screen.findByText('Pending approval', { selector: '.mantine-Badge-label' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit lesson' })).toHaveAttribute(
      'href',
      '/teaching/lessons/edit/502',
    );
    expect(screen.getByText(t('teaching.noLearners'))).toBeInTheDocument();
    expect(screen.getByText('No notes available.')).toBeInTheDocument();

    app.navigate('/lessons/show/LSN-T503');
    expect(await screen.findByText('Rejected', { selector: '.mantine-Badge-label' })).toBeInTheDocument();
    expect(screen.getByText(t('lesson.rejected'))).toBeInTheDocument();
    expect(screen.getByText('The objective is too vague.')).toBeInTheDocument();
  });

  it("shows what a learner's plan paid and the full price a plan seat earns the teacher", async () => {
    const lesson = teaching.lesson('LSN-T501')!;
    const [amina] = lesson.learners as Array<Record<string, unknown>>;
    lesson.learners = [
      { ...amina, paid: '0.00', takings: '1500.00', plan: 'covered' },
      {
        ...amina,
        booking_id: 73,
        student_name: 'Baraka Mwangi',
        paid: '1350.00',
        takings: '1500.00',
        plan: 'discounted',
      },
      {
        ...amina,
        booking_id: 74,
        student_name: 'Zawadi Njeri',
        paid: '0.00',
        takings: '0.00',
        plan: 'covered',
        refunded: true,
      },
    ];
    await open('/lessons/show/LSN-T501');
    const learners = await screen.findByRole('region', { name: 'Learners booked' });
    const rows = within(learners)
      .getAllByRole('row')
      .map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent));
    expect(rows).toEqual([
      ['Learner', 'Booked by', 'Paid', 'Takings', 'Refunded'],
      ['Amina Kamau', 'Wanjiku Kamau', 'KES 0 · covered by a plan', 'KES 1,500', 'No'],
      ['Baraka Mwangi', 'Wanjiku Kamau', 'KES 1,350 · plan discount', 'KES 1,500', 'No'],
      ['Zawadi Njeri', 'Wanjiku Kamau', 'KES 0 · covered by a plan', 'KES 0', 'Yes'],
    ]);
    expect(screen.getByText(t('planpay.takingsHint'))).toBeInTheDocument();
  });

  it("shows the learner view of someone else's lesson, and learners never call the teacher endpoint", async () => {
    const app = await open('/lessons/show/LSN-UP201');
    expect(await screen.findByRole('heading', { level: 1, name: 'Linear equations' })).toBeInTheDocument();
    expect(screen.getByRole('complementary', { name: 'Join the lesson' })).toBeInTheDocument();
    expect(screen.queryByRole('complementary', { name: 'Manage the lesson' })).not.toBeInTheDocument();
    expect(api.calls).toContain('GET /api/teacher/lessons/show/LSN-UP201');
    expect(api.calls).toContain('GET /api/lessons/show/LSN-UP201');
    app.unmount();

    api.calls = [];
    await open('/lessons/show/LSN-UP201', 'student@example.com');
    expect(await screen.findByRole('heading', { level: 1, name: 'Linear equations' })).toBeInTheDocument();
    expect(api.calls).toContain('GET /api/lessons/show/LSN-UP201');
    expect(api.calls.filter((call) => call.includes('/api/teacher/'))).toEqual([]);
  });

  it('adds a note with files: a refused file is named with the SPEC §5 message before anything is sent', async () => {
    const app = await open('/lessons/show/LSN-T502');
    await app.user.click(await screen.findByRole('button', { name: 'Add note' }));
    expect(within(dialog()).getByRole('heading', { name: 'Add note' })).toBeInTheDocument();

    // Nothing typed: the fields say what is missing; nothing goes out.
    await app.user.click(within(dialog()).getByRole('button', { name: 'Add note' }));
    expect(within(dialog()).getByLabelText(/^Title/)).toHaveAccessibleDescription(t('validation.required'));
    expect(within(dialog()).getByRole('alert')).toHaveTextContent(
      t('validation.fileCount', { min: 1, max: 5 }),
    );

    choose(new File(['MZ'], 'setup.exe', { type: 'application/octet-stream' }));
    expect(within(dialog()).getByRole('alert')).toHaveTextContent(
      `setup.exe: ${t('validation.fileTypes', { types: MATERIAL_FILE_TYPE_NAMES })}`,
    );
    choose(pdf('huge.pdf', 10 * 1024 * 1024 + 1));
    expect(within(dialog()).getByRole('alert')).toHaveTextContent(
      `huge.pdf: ${t('validation.fileSize', { size: 10 })}`,
    );
    expect(within(dialog()).queryByRole('list', { name: 'Files to upload' })).not.toBeInTheDocument();

    choose(pdf('chapter-1.pdf'), pdf('chapter-2.pdf', 3 * 1024 * 1024));
    const chosen = within(dialog()).getByRole('list', { name: 'Files to upload' });
    expect(
      within(chosen)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['chapter-1.pdf (2 KB)', 'chapter-2.pdf (3 MB)']);
    await app.user.click(within(chosen).getByRole('button', { name: 'Remove chapter-2.pdf' }));
    await app.user.type(within(dialog()).getByLabelText(/^Title/), 'Summary sheet');
    await app.user.type(within(dialog()).getByLabelText('Description'), 'Keep it for revision.');
    expect(teaching.uploads).toEqual([]);
    await app.user.click(within(dialog()).getByRole('button', { name: 'Add note' }));

    expect(await screen.findByText('Note created')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(teaching.uploads).toEqual([
      {
        path: '/api/teacher/notes/store',
        fields: { lesson_id: '502', title: 'Summary sheet', description: 'Keep it for revision.' },
        files: ['application/pdf'],
      },
    ]);
    const notes = screen.getByRole('region', { name: 'Notes' });
    expect(
      await within(notes).findByRole('heading', { level: 3, name: 'Summary sheet' }),
    ).toBeInTheDocument();
    const saved = within(notes).getByRole('list', { name: 'Files of Summary sheet' });
    expect(
      within(saved)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringMatching(/^upload-\d+\.pdf\(.+\)$/)]);
  });

  it("adds an assignment with a due date; the server's 422 lands under the files and the dialog stays", async () => {
    const app = await open('/lessons/show/LSN-T502');
    await app.user.click(await screen.findByRole('button', { name: 'Add assignment' }));
    await app.user.type(within(dialog()).getByLabelText(/^Title/), 'Homework');
    choose(pdf('questions.pdf'));
    await app.user.click(within(dialog()).getByRole('button', { name: 'Add assignment' }));
    expect(within(dialog()).getByRole('button', { name: /^Due date/ })).toHaveAccessibleDescription(
      t('validation.required'),
    );
    expect(teaching.uploads).toEqual([]);

    // A day next month is always after today (SPEC §5).
    const due = dayjs().add(1, 'month').date(15);
    await app.user.click(within(dialog()).getByRole('button', { name: /^Due date/ }));
    await app.user.click(await screen.findByRole('button', { name: 'Next month' }));
    await app.user.click(await screen.findByRole('button', { name: due.format('D MMMM YYYY') }));
    expect(within(dialog()).getByRole('button', { name: /^Due date/ })).toHaveTextContent(
      due.format('MMM D, YYYY'),
    );

    // What only the server can tell (the bytes are not a PDF): its 422 under the files, nothing lost.
    const refusal = t('validation.fileTypes', { types: MATERIAL_FILE_TYPE_NAMES });
    teaching.refuseNextSave = { 'files.0': [refusal] };
    await app.user.click(within(dialog()).getByRole('button', { name: 'Add assignment' }));
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent(refusal);
    expect(within(dialog()).getByLabelText(/^Title/)).toHaveValue('Homework');
    expect(teaching.uploads).toHaveLength(1);

    await app.user.click(within(dialog()).getByRole('button', { name: 'Add assignment' }));
    expect(await screen.findByText('Assignment created')).toBeInTheDocument();
    expect(teaching.uploads.at(-1)).toEqual({
      path: '/api/teacher/assignments/store',
      fields: { lesson_id: '502', title: 'Homework', description: '', due_date: due.format('YYYY-MM-DD') },
      files: ['application/pdf'],
    });
    const assignments = screen.getByRole('region', { name: 'Assignments' });
    expect(await within(assignments).findByText(`Due ${due.format('MMM D, YYYY')}`)).toBeInTheDocument();
  });

  it('edits a note: the title changes, more files are added, the kept ones count towards five', async () => {
    const app = await open('/lessons/show/LSN-T501');
    await app.user.click(await screen.findByRole('button', { name: 'Edit note Worked examples' }));
    expect(within(dialog()).getByRole('heading', { name: 'Edit note' })).toBeInTheDocument();
    expect(within(dialog()).getByLabelText(/^Title/)).toHaveValue('Worked examples');
    choose(pdf('a.pdf'), pdf('b.pdf'), pdf('c.pdf'), pdf('d.pdf'));
    expect(within(dialog()).getByRole('alert')).toHaveTextContent(
      t('validation.fileCount', { min: 1, max: 5 }),
    );
    expect(
      within(within(dialog()).getByRole('list', { name: 'Files to upload' })).getAllByRole('listitem'),
    ).toHaveLength(3);
    await app.user.clear(within(dialog()).getByLabelText(/^Title/));
    await app.user.type(within(dialog()).getByLabelText(/^Title/), 'Worked examples, part 1');

    teaching.refuseNextSave = { 'files.1': [t('validation.fileSize', { size: 10 })] };
    await app.user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    expect(await within(dialog()).findByText(t('validation.fileSize', { size: 10 }))).toBeInTheDocument();
    expect(teaching.uploads.at(-1)?.path).toBe('/api/teacher/notes/update/1');
    expect(teaching.uploads.at(-1)?.fields).not.toHaveProperty('lesson_id');

    await app.user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Note updated')).toBeInTheDocument();
    const notes = screen.getByRole('region', { name: 'Notes' });
    expect(
      await within(notes).findByRole('heading', { name: 'Worked examples, part 1' }),
    ).toBeInTheDocument();
    expect(
      within(within(notes).getByRole('list', { name: 'Files of Worked examples, part 1' })).getAllByRole(
        'listitem',
      ),
    ).toHaveLength(5);
  });

  it('deletes a file after confirming, and shows the SPEC §8 failure with the reason for the last file', async () => {
    const app = await open('/lessons/show/LSN-T501');
    await app.user.click(await screen.findByRole('button', { name: 'Delete file board.png' }));
    expect(
      within(dialog()).getByText(t('teaching.deleteQuestion', { name: 'board.png' })),
    ).toBeInTheDocument();
    await app.user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'board.png' })).toBeInTheDocument();

    await app.user.click(screen.getByRole('button', { name: 'Delete file board.png' }));
    await app.user.click(within(dialog()).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('File deleted')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('link', { name: 'board.png' })).not.toBeInTheDocument());

    // The note's last file cannot go: the dialog stays with SPEC §8's text and the server's reason.
    await app.user.click(screen.getByRole('button', { name: 'Delete file worked-examples.pdf' }));
    await app.user.click(within(dialog()).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent(
      `${t('messages.deleteFailed', { name: 'worked-examples.pdf' })} ${t('validation.fileCount', { min: 1, max: 5 })}`,
    );

    // A server fault: the same text, no reason; Try again after it recovers.
    teaching.failDeletes = true;
    await app.user.click(within(dialog()).getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(within(dialog()).getByRole('alert')).toHaveTextContent(
        new RegExp(
          `^${t('messages.deleteFailed', { name: 'worked-examples.pdf' }).replace(/[.?]/g, '\\$&')}$`,
        ),
      ),
    );
    await app.user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('link', { name: 'worked-examples.pdf' })).toBeInTheDocument();
  });

  it('deletes an assignment after confirming', async () => {
    const app = await open('/lessons/show/LSN-T501');
    await app.user.click(await screen.findByRole('button', { name: 'Delete assignment Practice set 1' }));
    expect(within(dialog()).getByRole('heading', { name: 'Delete assignment' })).toBeInTheDocument();
    await app.user.click(within(dialog()).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Assignment deleted')).toBeInTheDocument();
    const assignments = screen.getByRole('region', { name: 'Assignments' });
    await waitFor(() =>
      expect(within(assignments).getByText('No assignments available.')).toBeInTheDocument(),
    );
  });

  it("cancels the lesson with a reason and shows the server's message and the refunds", async () => {
    const app = await open('/lessons/show/LSN-T501');
    await app.user.click(await screen.findByRole('button', { name: 'Cancel lesson' }));
    expect(
      within(dialog()).getByText(t('teaching.cancelQuestion', { lesson: 'Linear equations' })),
    ).toBeInTheDocument();
    await app.user.click(within(dialog()).getByRole('button', { name: 'Keep the lesson' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(teaching.bodies).toEqual([]);

    await app.user.click(screen.getByRole('button', { name: 'Cancel lesson' }));
    await app.user.type(within(dialog()).getByLabelText('Reason (optional)'), 'I am unwell.');
    await app.user.click(within(dialog()).getByRole('button', { name: 'Cancel lesson' }));
    const status = await within(dialog()).findByRole('status');
    expect(status).toHaveTextContent('Lesson cancelled. 1 learner was refunded.');
    expect(status).toHaveTextContent('Refunded KES 1,500 to Amina Kamau.');
    expect(teaching.bodies).toEqual([
      { path: '/api/teacher/lessons/cancel/501', body: { reason: 'I am unwell.' } },
    ]);
    await app.user.click(within(dialog()).getByRole('button', { name: 'Close' }));

    expect(await screen.findByText('Cancelled', { selector: '.mantine-Badge-label' })).toBeInTheDocument();
    expect(screen.getByText('Reason: I am unwell.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel lesson' })).not.toBeInTheDocument();
    // Nothing more is added to a cancelled lesson (issue 24); what it had stays listed.
    expect(screen.getByRole('heading', { name: 'Notes' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add note' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add assignment' })).not.toBeInTheDocument();
    const learners = screen.getByRole('region', { name: 'Learners booked' });
    expect(within(learners).getAllByRole('row')[1]).toHaveTextContent('Yes');
  });

  it('shows why a cancel was refused and keeps the reason to try again', async () => {
    const app = await open('/lessons/show/LSN-T502');
    await app.user.click(await screen.findByRole('button', { name: 'Cancel lesson' }));
    teaching.lesson('LSN-T502')!.status = 'cancelled';
    await app.user.type(within(dialog()).getByLabelText('Reason (optional)'), 'Clash');
    await app.user.click(within(dialog()).getByRole('button', { name: 'Cancel lesson' }));
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent(
      'This lesson has already been cancelled.',
    );
    expect(within(dialog()).getByLabelText('Reason (optional)')).toHaveValue('Clash');
    await app.user.click(within(dialog()).getByRole('button', { name: 'Keep the lesson' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
