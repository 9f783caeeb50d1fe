import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { t } from '@/shared/messages';
import { useFakeApi } from '../msw/server';
import { api } from '../msw/handlers';
import { renderApp, renderPage, signedInAs } from '../render';

useFakeApi();

describe('parent profile completion', () => {
  it('needs a child first, then adds one and completes the profile', async () => {
    signedInAs('newparent@example.com');
    const app = renderPage('/workspace');
    await app.landsOn('/parent');

    const parentForm = await screen.findByRole('form', { name: 'Parent profile' });
    await app.user.type(within(parentForm).getByRole('textbox', { name: 'Phone' }), '0722000111');
    await app.user.selectOptions(within(parentForm).getByRole('combobox', { name: /gender/i }), 'Female');
    await app.user.click(within(parentForm).getByRole('button', { name: 'Save and continue' }));
    expect(screen.getByRole('alert')).toHaveTextContent(t('validation.childrenRequired'));
    expect(api.calls).not.toContain('POST /api/parent/complete-profile/store');

    const childForm = screen.getByRole('form', { name: 'Add child' });
    await app.user.type(within(childForm).getByRole('textbox', { name: /first name/i }), 'Imani');
    await app.user.type(within(childForm).getByRole('textbox', { name: /last name/i }), 'Kamau');
    await app.user.type(within(childForm).getByRole('textbox', { name: /school name/i }), 'Riara Springs');
    await app.user.selectOptions(
      within(childForm).getByRole('combobox', { name: /study mode/i }),
      'Boarding',
    );
    await app.user.selectOptions(
      within(childForm).getByRole('combobox', { name: /curriculum/i }),
      '8-4-4 (8-4-4)',
    );
    await app.user.selectOptions(
      within(childForm).getByRole('combobox', { name: /education level/i }),
      'Secondary',
    );
    await app.user.selectOptions(within(childForm).getByRole('combobox', { name: /grade level/i }), 'Form 3');
    await app.user.type(within(childForm).getByLabelText(/date of birth/i), '2009-08-01');
    await app.user.selectOptions(within(childForm).getByRole('combobox', { name: /gender/i }), 'Male');
    await app.user.click(within(childForm).getByRole('button', { name: 'Add child' }));

    const children = await screen.findByRole('list', { name: 'Your children' });
    expect(within(children).getByText('Imani Kamau — Riara Springs')).toBeInTheDocument();
    // The add-child form is ready for the next child.
    expect(within(childForm).getByRole('textbox', { name: /first name/i })).toHaveValue('');

    await app.user.click(within(parentForm).getByRole('button', { name: 'Save and continue' }));
    await app.landsOn('/workspace');
    expect(api.bodies.get('POST /api/parent/complete-profile/store')).toEqual({
      phone: '0722000111',
      gender: 'female',
    });
  });
});

describe('teacher profile completion', () => {
  it('saves the details, submits them for approval and then reaches the workspace', async () => {
    signedInAs('newteacher@example.com');
    const app = renderPage('/timetable');
    await app.landsOn('/complete-profile/teacher');
    expect(document.title).toBe('Teacher profile | Somesha');

    const form = await screen.findByRole('form', { name: 'Teacher profile' });
    const submitForApproval = screen.getByRole('button', { name: 'Submit for approval' });
    expect(submitForApproval).toBeDisabled();

    await app.user.type(
      within(form).getByRole('textbox', { name: /biography/i }),
      'Chemistry teacher with 8 years of KCSE results.',
    );
    await app.user.type(within(form).getByRole('textbox', { name: /current workplace/i }), 'Maseno School');
    await app.user.selectOptions(
      within(form).getByRole('combobox', { name: /qualification level/i }),
      'Degree',
    );
    await app.user.selectOptions(
      within(form).getByRole('combobox', { name: /curriculum/i }),
      '8-4-4 (8-4-4)',
    );
    await app.user.selectOptions(
      within(form).getByRole('combobox', { name: /education level/i }),
      'Secondary',
    );
    for (const subject of ['Mathematics', 'English', 'Kiswahili', 'Chemistry', 'Physics', 'Biology']) {
      await app.user.click(within(form).getByRole('checkbox', { name: subject }));
    }
    await app.user.type(within(form).getByRole('textbox', { name: /ID number/ }), '12345678');
    await app.user.type(within(form).getByRole('textbox', { name: /TSC number/ }), 'TSC-998877');
    await app.user.click(within(form).getByRole('button', { name: 'Save' }));
    // Six subjects is one too many.
    expect(within(form).getByText('You can select at most 5 subjects.')).toBeInTheDocument();
    // The API's own rule for a TSC number (digits only), checked before sending.
    expect(within(form).getByRole('textbox', { name: /TSC number/ })).toHaveAccessibleDescription(
      expect.stringContaining(t('validation.tscNumber')),
    );
    expect(api.calls).not.toContain('POST /api/teacher/update');

    await app.user.click(within(form).getByRole('checkbox', { name: 'Biology' }));
    // A private tutor has no TSC number: the field is optional and may stay blank (issue 24).
    const tsc = within(form).getByRole('textbox', { name: /TSC number/ });
    expect(tsc).not.toBeRequired();
    expect(tsc).toHaveAccessibleDescription(expect.stringContaining(t('teach.tscOptional')));
    await app.user.clear(tsc);
    await app.user.click(within(form).getByRole('button', { name: 'Save' }));
    await screen.findByText(t('profile.updated'));
    expect(api.bodies.get('POST /api/teacher/update')).toMatchObject({
      id_number: '12345678',
      tsc_number: '',
      qualification_level: 'Degree',
      curriculum_id: 2,
      edu_level_id: 21,
      subject_ids: [1, 2, 3, 4, 5],
    });
    expect(app.currentPath()).toBe('/complete-profile/teacher');

    await app.user.click(screen.getByRole('button', { name: 'Submit for approval' }));
    await app.landsOn('/workspace');
    expect(await screen.findByText(t('profile.submitted'))).toBeInTheDocument();
  });

  it('shows the same teacher screen inside the workspace at /teacher', async () => {
    signedInAs('teacher@example.com');
    const app = renderApp('/teacher');
    await app.landsOn('/teacher');
    expect(await screen.findByRole('form', { name: 'Teacher profile' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Workspace navigation' })).toBeInTheDocument();
    // An approved teacher has nothing to submit.
    expect(screen.queryByRole('button', { name: 'Submit for approval' })).not.toBeInTheDocument();
  });
});
