import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { t } from '@/shared/messages';
import { api } from '../../msw/handlers';
import { profileWorkspace } from '../../msw/profile-workspace-handlers';
import { useFakeApi } from '../../msw/server';
import { renderPage, signedInAs } from '../../render';

useFakeApi();

async function openAsParent() {
  signedInAs('parent@example.com');
  const app = renderPage('/profile-setting');
  await app.landsOn('/profile-setting');
  const section = await screen.findByRole('region', { name: /^Children/ });
  const list = await within(section).findByRole('list', { name: 'Your children' });
  return { app, section, list };
}

describe('children on profile settings', () => {
  it('is only for parents', async () => {
    signedInAs('student@example.com');
    const app = renderPage('/profile-setting');
    await app.landsOn('/profile-setting');
    expect(screen.getByRole('heading', { name: 'Profile photo' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Children' })).not.toBeInTheDocument();
    expect(api.calls).not.toContain('GET /api/parent/profile-data');
  });

  it('lists the children and adds one, checking the date of birth first', async () => {
    const { app, section, list } = await openAsParent();
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('p')?.textContent),
    ).toEqual(['Achieng Otieno', 'Baraka Otieno']);
    expect(within(list).getByText('Grade 4 · Riara Springs')).toBeInTheDocument();

    await app.user.click(within(section).getByRole('button', { name: 'Add child' }));
    const form = within(section).getByRole('form', { name: 'Add a child' });
    await app.user.type(within(form).getByRole('textbox', { name: /first name/i }), 'Imani');
    await app.user.type(within(form).getByRole('textbox', { name: /last name/i }), 'Kamau');
    await app.user.type(within(form).getByRole('textbox', { name: /school name/i }), 'Hillcrest');
    await app.user.selectOptions(within(form).getByRole('combobox', { name: /study mode/i }), 'Boarding');
    await app.user.selectOptions(
      within(form).getByRole('combobox', { name: /curriculum/i }),
      '8-4-4 (8-4-4)',
    );
    await app.user.selectOptions(
      within(form).getByRole('combobox', { name: /education level/i }),
      'Secondary',
    );
    await app.user.selectOptions(within(form).getByRole('combobox', { name: /grade level/i }), 'Form 3');
    await app.user.type(
      within(form).getByLabelText(/date of birth/i),
      `${new Date().getFullYear() + 1}-01-01`,
    );
    await app.user.selectOptions(within(form).getByRole('combobox', { name: /gender/i }), 'Male');
    await app.user.click(within(form).getByRole('button', { name: 'Add child' }));
    // The shared rule answers before any round trip.
    expect(within(form).getByLabelText(/date of birth/i)).toHaveAccessibleDescription(
      t('validation.dobFuture'),
    );
    expect(api.calls).not.toContain('POST /api/student/store');

    await app.user.clear(within(form).getByLabelText(/date of birth/i));
    await app.user.type(within(form).getByLabelText(/date of birth/i), '2012-03-04');
    await app.user.click(within(form).getByRole('button', { name: 'Add child' }));

    expect(await screen.findByText(t('messages.created', { name: 'Child' }))).toBeInTheDocument();
    expect(within(list).getByText('Imani Kamau')).toBeInTheDocument();
    expect(within(section).queryByRole('form')).not.toBeInTheDocument();
    expect(api.bodies.get('POST /api/student/store')).toMatchObject({
      first_name: 'Imani',
      school_name: 'Hillcrest',
      study_mode: 'boarding',
      curriculum_id: 2,
      edu_level_id: 21,
      grade_level_id: 211,
      dob: '2012-03-04',
      gender: 'male',
    });
  });

  it('edits a child, showing the server’s date-of-birth refusal on its field', async () => {
    const { app, section, list } = await openAsParent();
    const achieng = profileWorkspace.children[0]?.id;
    await app.user.click(within(list).getByRole('button', { name: 'Edit Achieng Otieno' }));
    const form = within(section).getByRole('form', { name: 'Edit child' });
    const first = within(form).getByRole('textbox', { name: /first name/i });
    expect(first).toHaveValue('Achieng');
    expect(within(form).getByLabelText(/date of birth/i)).toHaveValue('2016-05-10');

    await app.user.clear(within(form).getByLabelText(/date of birth/i));
    await app.user.type(within(form).getByLabelText(/date of birth/i), '1900-01-01');
    await app.user.click(within(form).getByRole('button', { name: 'Save child' }));
    await waitFor(() =>
      expect(within(form).getByLabelText(/date of birth/i)).toHaveAccessibleDescription(t('validation.dob')),
    );

    await app.user.clear(within(form).getByLabelText(/date of birth/i));
    await app.user.type(within(form).getByLabelText(/date of birth/i), '2015-05-10');
    await app.user.clear(first);
    await app.user.type(first, 'Akinyi');
    await app.user.click(within(form).getByRole('button', { name: 'Save child' }));
    expect(await screen.findByText(t('messages.updated', { name: 'Child' }))).toBeInTheDocument();
    expect(within(list).getByText('Akinyi Otieno')).toBeInTheDocument();
    expect(api.bodies.get(`POST /api/student/update/${String(achieng)}`)).toMatchObject({
      first_name: 'Akinyi',
      dob: '2015-05-10',
    });
  });

  it('cancels an edit without a call', async () => {
    const { app, section, list } = await openAsParent();
    await app.user.click(within(list).getByRole('button', { name: 'Edit Baraka Otieno' }));
    await app.user.click(within(section).getByRole('button', { name: 'Cancel' }));
    expect(within(section).queryByRole('form')).not.toBeInTheDocument();
    expect(api.calls.filter((call) => call.startsWith('POST /api/student'))).toEqual([]);
  });

  it('removes a child after confirmation', async () => {
    const { app, list } = await openAsParent();
    await app.user.click(within(list).getByRole('button', { name: 'Remove Baraka Otieno' }));
    const dialog = screen.getByRole('dialog', { name: t('children.removeTitle', { name: 'Baraka Otieno' }) });
    expect(within(dialog).getByText(t('children.removeBody', { name: 'Baraka' }))).toBeInTheDocument();
    await app.user.click(within(dialog).getByRole('button', { name: 'Remove' }));

    expect(await screen.findByText(t('messages.deleted', { name: 'Baraka' }))).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(list).queryByText('Baraka Otieno')).not.toBeInTheDocument();
    expect(within(list).getByText('Achieng Otieno')).toBeInTheDocument();
  });

  it('keeps a child with upcoming lessons and says why', async () => {
    const achieng = Number(profileWorkspace.children[0]?.id);
    profileWorkspace.withUpcomingLessons.add(achieng);
    const { app, list } = await openAsParent();
    await app.user.click(within(list).getByRole('button', { name: 'Remove Achieng Otieno' }));
    const dialog = screen.getByRole('dialog');
    await app.user.click(within(dialog).getByRole('button', { name: 'Remove' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      t('children.hasUpcomingLessons', { name: 'Achieng' }),
    );
    expect(within(dialog).queryByRole('button', { name: 'Remove' })).not.toBeInTheDocument();
    await app.user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(list).getByText('Achieng Otieno')).toBeInTheDocument();
  });
});
