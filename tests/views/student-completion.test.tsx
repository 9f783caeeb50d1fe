import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { t } from '@/shared/messages';
import { useFakeApi } from '../msw/server';
import { api } from '../msw/handlers';
import { renderPage, signedInAs } from '../render';

useFakeApi();

describe('student profile completion', () => {
  it('forces an incomplete student to /student, and after a valid submit lands on the workspace', async () => {
    signedInAs('newstudent@example.com');
    const app = renderPage('/workspace');
    await app.landsOn('/student');
    expect(document.title).toBe('Complete your profile | Somesha');

    const form = await screen.findByRole('form', { name: 'Student profile' });
    await app.user.type(within(form).getByRole('textbox', { name: /school name/i }), 'Moi Forces Academy');
    await app.user.selectOptions(within(form).getByRole('combobox', { name: /study mode/i }), 'Day scholar');
    // The cascade: a level list appears only for the chosen curriculum, grades only for the chosen level.
    const level = within(form).getByRole('combobox', { name: /education level/i });
    expect(level).toBeDisabled();
    await app.user.selectOptions(
      within(form).getByRole('combobox', { name: /curriculum/i }),
      'Competency Based Curriculum (CBC)',
    );
    expect(level).toBeEnabled();
    await app.user.selectOptions(level, 'Junior School');
    await app.user.selectOptions(within(form).getByRole('combobox', { name: /grade level/i }), 'Grade 7');
    await app.user.type(within(form).getByLabelText(/date of birth/i), '2012-03-14');
    await app.user.selectOptions(within(form).getByRole('combobox', { name: /gender/i }), 'Female');
    await app.user.click(within(form).getByRole('button', { name: 'Save and continue' }));

    await app.landsOn('/workspace');
    expect(api.bodies.get('POST /api/student/complete-profile/store')).toEqual({
      school_name: 'Moi Forces Academy',
      study_mode: 'day_scholar',
      curriculum_id: 1,
      edu_level_id: 12,
      grade_level_id: 121,
      dob: '2012-03-14',
      gender: 'female',
    });
    expect(await screen.findByText(t('profile.updated'))).toBeInTheDocument();
  });

  it('answers an empty submit with a message under each field and calls nothing', async () => {
    signedInAs('newstudent@example.com');
    const app = renderPage('/student');
    await app.landsOn('/student');
    const form = await screen.findByRole('form', { name: 'Student profile' });
    await app.user.click(within(form).getByRole('button', { name: 'Save and continue' }));

    expect(within(form).getByRole('textbox', { name: /school name/i })).toHaveAccessibleDescription(
      t('validation.required'),
    );
    expect(within(form).getByLabelText(/date of birth/i)).toHaveAccessibleDescription(
      t('validation.required'),
    );
    // An empty gender is a missing answer, not an invalid one.
    expect(within(form).getByRole('combobox', { name: /gender/i })).toHaveAccessibleDescription(
      'This field is required.',
    );
    expect(api.calls).not.toContain('POST /api/student/complete-profile/store');
    expect(app.currentPath()).toBe('/student');
  });
});
