import { screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { t } from '@/shared/messages';
import { teaching, useTeacherLessonApi } from '../../msw/teacher-lesson-handlers';
import { renderPage, signedInAs } from '../../render';

useTeacherLessonApi();

async function open(path: string, email = 'teacher@example.com') {
  signedInAs(email);
  const app = renderPage(path);
  await app.landsOn(path);
  return app;
}

const titles = () =>
  screen.getAllByRole('article').map((card) => within(card).getByRole('heading').textContent);
const classFilters = () =>
  teaching.bodies.filter((b) => b.path === '/api/teacher/classes').map((b) => b.body.filter);

function row(label: string): string | null | undefined {
  return screen.getByRole('rowheader', { name: label }).closest('tr')?.querySelector('td')?.textContent;
}

describe("the teacher's classes", () => {
  it('has tabs upcoming, ongoing, past, pending and rejected in the URL, with status and the rejection comment', async () => {
    const app = await open('/teaching/classes');
    expect(document.title).toBe('My classes | Somesha');
    expect(screen.getByRole('tab', { name: 'Upcoming' })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(titles()).toEqual(['Grade 7 Algebra']));
    const card = screen.getByRole('article');
    expect(within(card).getByRole('link', { name: 'Grade 7 Algebra' })).toHaveAttribute(
      'href',
      '/teaching/classes/show/9',
    );
    expect(within(card).getByText('Approved')).toBeInTheDocument();
    expect(within(card).getByText('Mathematics · Grade 7 · Catch up')).toBeInTheDocument();

    await app.user.click(screen.getByRole('tab', { name: 'Rejected' }));
    await waitFor(() => expect(app.currentPath()).toBe('/teaching/classes?filter=rejected'));
    await waitFor(() => expect(titles()).toEqual(['Form 3 Chemistry']));
    expect(screen.getByText('Rejected', { selector: '.mantine-Badge-label' })).toBeInTheDocument();
    expect(
      screen.getByText(`${t('teaching.classRejected')} The schedule overlaps the exams.`),
    ).toBeInTheDocument();

    await app.user.click(screen.getByRole('tab', { name: 'Pending' }));
    expect(await screen.findByText('No classes available.')).toBeInTheDocument();
    expect(classFilters()).toEqual(['upcoming', 'rejected', 'pending']);

    await app.user.click(screen.getByRole('link', { name: 'Create a class' }));
    await app.landsOn('/teaching/classes/create');
  });

  it('shows a class with its details and its lessons, each linking to the lesson page', async () => {
    const app = await open('/teaching/classes/show/9');
    expect(await screen.findByRole('heading', { level: 1, name: 'Grade 7 Algebra' })).toBeInTheDocument();
    expect(document.title).toBe('Grade 7 Algebra | Somesha');
    expect(row('Class type')).toBe('Catch up');
    expect(row('Frequency')).toBe('Weekly');
    expect(row('Price')).toBe('KES 6,000');
    expect(row('Grade level')).toBe('Grade 7 · Junior School');
    const lessons = screen.getByRole('region', { name: 'Lessons' });
    expect(within(lessons).getAllByRole('article')).toHaveLength(3);
    expect(within(lessons).getByRole('link', { name: 'Linear equations' })).toHaveAttribute(
      'href',
      '/lessons/show/LSN-T501',
    );
    expect(within(lessons).getByText('Pending approval')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit class' })).toHaveAttribute(
      'href',
      '/teaching/classes/edit/9',
    );

    app.navigate('/teaching/classes/show/404');
    expect(await screen.findByText('Page not found')).toBeInTheDocument();
  });

  it("creates a class: the rules answer first, then the server's 422 lands on its field, then it is saved", async () => {
    const app = await open('/teaching/classes/create');
    expect(await screen.findByRole('heading', { level: 1, name: 'Create a class' })).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Create class' }));
    expect(screen.getByLabelText(/^Title/)).toHaveAccessibleDescription(t('validation.required'));
    expect(screen.getByRole('button', { name: /^Starts on/ })).toHaveAccessibleDescription(
      t('validation.required'),
    );
    expect(teaching.bodies).toEqual([]);

    await app.user.type(screen.getByLabelText(/^Title/), 'Form 3 Chemistry');
    await app.user.type(screen.getByLabelText(/^Description/), 'Organic chemistry for the holidays.');
    await app.user.selectOptions(screen.getByLabelText(/^Subject/), 'Chemistry');
    expect(screen.getByLabelText(/^Grade level/)).toBeDisabled();
    await app.user.selectOptions(screen.getByLabelText(/^Curriculum/), 'Competency Based Curriculum');
    await app.user.selectOptions(screen.getByLabelText(/^Grade level/), 'Grade 7');
    await app.user.selectOptions(screen.getByLabelText(/^Class type/), 'Revision');
    await app.user.selectOptions(screen.getByLabelText(/^Frequency/), 'Weekly');
    await app.user.type(screen.getByLabelText(/^Price/), '50.5');
    // Next month: a new class starts today or later.
    const month = dayjs().add(1, 'month');
    await app.user.click(screen.getByRole('button', { name: /^Starts on/ }));
    await app.user.click(await screen.findByRole('button', { name: 'Next month' }));
    await app.user.click(await screen.findByRole('button', { name: month.date(20).format('D MMMM YYYY') }));
    await app.user.click(screen.getByRole('button', { name: /^Ends on/ }));
    await app.user.click(await screen.findByRole('button', { name: 'Next month' }));
    await app.user.click(await screen.findByRole('button', { name: month.date(28).format('D MMMM YYYY') }));
    await app.user.click(screen.getByRole('button', { name: 'Create class' }));
    expect(screen.getByLabelText(/^Price/)).toHaveAccessibleDescription(t('validation.wholeNumber'));
    await app.user.clear(screen.getByLabelText(/^Price/));
    await app.user.type(screen.getByLabelText(/^Price/), '50');
    await app.user.click(screen.getByRole('button', { name: 'Create class' }));
    expect(screen.getByLabelText(/^Price/)).toHaveAccessibleDescription(
      t('validation.minNumber', { min: 100 }),
    );
    await app.user.clear(screen.getByLabelText(/^Price/));
    await app.user.type(screen.getByLabelText(/^Price/), '4500');

    // The title is taken: only the server knows.
    await app.user.click(screen.getByRole('button', { name: 'Create class' }));
    await waitFor(() =>
      expect(screen.getByLabelText(/^Title/)).toHaveAccessibleDescription('This class already exists.'),
    );
    await app.user.clear(screen.getByLabelText(/^Title/));
    await app.user.type(screen.getByLabelText(/^Title/), 'Grade 7 Chemistry revision');
    await app.user.click(screen.getByRole('button', { name: 'Create class' }));

    await waitFor(() => expect(app.currentPath()).toMatch(/^\/teaching\/classes\/show\/\d+$/));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Grade 7 Chemistry revision' }),
    ).toBeInTheDocument();
    expect(screen.getByText(t('teaching.classPending'))).toBeInTheDocument();
    expect(teaching.bodies.at(-1)).toEqual({
      path: '/api/teacher/classes/store',
      body: {
        title: 'Grade 7 Chemistry revision',
        description: 'Organic chemistry for the holidays.',
        subject_id: 4,
        grade_level_id: 121,
        curriculum_id: 1,
        type: 'revision',
        frequency: 'weekly',
        price: 4500,
        starts_on: month.date(20).format('YYYY-MM-DD'),
        ends_on: month.date(28).format('YYYY-MM-DD'),
      },
    });
  });

  it('edits a class with its values filled in', async () => {
    const app = await open('/teaching/classes/edit/9');
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit class' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Title/)).toHaveValue('Grade 7 Algebra');
    expect(screen.getByLabelText(/^Curriculum/)).toHaveValue('1');
    expect(screen.getByLabelText(/^Grade level/)).toHaveValue('121');
    expect(screen.getByLabelText(/^Class type/)).toHaveValue('catch_up');
    expect(screen.getByLabelText(/^Price/)).toHaveValue('6000');
    expect(screen.getByRole('button', { name: /^Starts on/ })).toHaveTextContent('Dec 1, 2026');
    await app.user.clear(screen.getByLabelText(/^Title/));
    await app.user.type(screen.getByLabelText(/^Title/), 'Grade 7 Algebra, term 1');
    await app.user.click(screen.getByRole('button', { name: 'Save class' }));
    await app.landsOn('/teaching/classes/show/9');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Grade 7 Algebra, term 1' }),
    ).toBeInTheDocument();
    expect(teaching.bodies.at(-1)?.path).toBe('/api/teacher/classes/update/9');
    expect(teaching.bodies.at(-1)?.body).toMatchObject({
      starts_on: '2026-12-01',
      ends_on: '2027-02-20',
      price: 6000,
    });
  });
});
