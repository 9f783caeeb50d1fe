// /admin/catalogue/:kind against the fake API: a tab per kind read from the public catalogue
// endpoints, Add and Edit in a dialog form (client check, then the server's 422 on the fields),
// Delete with a confirmation, and SPEC §8's message when the row is in use (409).
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { admin, useAdminApi } from '../../msw/admin-handlers';
import { server } from '../../msw/server';
import { openAsAdmin } from './open-admin';

useAdminApi();

const open = openAsAdmin;

const table = (name: string) => screen.findByRole('region', { name: `${name} table` });
const rowOf = (name: string) => screen.getByRole('cell', { name }).closest('tr') as HTMLElement;

describe('admin catalogue', () => {
  it('opens on curricula and switches kinds by tab, in the URL', async () => {
    const app = await open('/admin/catalogue');
    expect(screen.getByRole('heading', { level: 1, name: 'Manage catalogue' })).toBeInTheDocument();
    await table('Curricula');
    expect(
      within(rowOf('Competency Based Curriculum')).getByRole('cell', { name: 'CBC' }),
    ).toBeInTheDocument();

    await app.user.click(screen.getByRole('tab', { name: 'Grade levels' }));
    await app.landsOn('/admin/catalogue/grade-levels');
    await table('Grade levels');
    expect(within(rowOf('Grade 7')).getByRole('cell', { name: 'Junior School' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Grade levels' })).toHaveAttribute('aria-selected', 'true');
  });

  it('adds a curriculum after the client check', async () => {
    const app = await open('/admin/catalogue/curricula');
    await table('Curricula');
    await app.user.click(screen.getByRole('button', { name: 'Add curriculum' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add curriculum' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(within(dialog).getByText('This field is required.')).toBeInTheDocument();
    expect(admin.bodies.size).toBe(0);

    await app.user.type(within(dialog).getByRole('textbox', { name: 'Name' }), '8-4-4');
    await app.user.type(within(dialog).getByRole('textbox', { name: 'Acronym' }), 'KCSE');
    await app.user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('8-4-4 created')).toBeInTheDocument();
    expect(admin.bodies.get('POST /api/admin/curricula/store')).toEqual({ name: '8-4-4', acronym: 'KCSE' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('cell', { name: '8-4-4' })).toBeInTheDocument();
  });

  it('edits a grade level, choosing its education level from a labelled select', async () => {
    const app = await open('/admin/catalogue/grade-levels');
    await table('Grade levels');
    await app.user.click(screen.getByRole('button', { name: 'Edit Grade 7' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Grade 7' });
    const level = within(dialog).getByRole('combobox', { name: 'Education level' });
    await waitFor(() => expect(level).toHaveValue('12'));
    expect(within(level).getByRole('option', { name: 'Junior School (CBC)' })).toBeInTheDocument();
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await app.user.clear(name);
    await app.user.type(name, 'Grade Seven');
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Grade Seven updated')).toBeInTheDocument();
    expect(admin.bodies.get('POST /api/admin/grade-levels/update/121')).toEqual({
      name: 'Grade Seven',
      edu_level_id: 12,
    });
    expect(await screen.findByRole('cell', { name: 'Grade Seven' })).toBeInTheDocument();
  });

  it("puts the server's 422 on the field", async () => {
    server.use(
      http.post('/api/admin/subjects/store', () =>
        HttpResponse.json(
          { message: 'Please check', errors: { name: ['A subject with this name already exists here.'] } },
          { status: 422 },
        ),
      ),
    );
    const app = await open('/admin/catalogue/subjects');
    await table('Subjects');
    await app.user.click(screen.getByRole('button', { name: 'Add subject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add subject' });
    await app.user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Mathematics');
    await app.user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(
      await within(dialog).findByText('A subject with this name already exists here.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('adds a topic under a chosen subject and an optional grade level', async () => {
    const app = await open('/admin/catalogue/topics');
    await table('Topics');
    await app.user.click(screen.getByRole('button', { name: 'Add topic' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add topic' });
    await app.user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Moles');
    await app.user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(within(dialog).getByText('This field is required.')).toBeInTheDocument();
    const subject = within(dialog).getByRole('combobox', { name: 'Subject' });
    await waitFor(() =>
      expect(within(subject).getByRole('option', { name: 'Chemistry' })).toBeInTheDocument(),
    );
    await app.user.selectOptions(subject, 'Chemistry');
    await app.user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Moles created')).toBeInTheDocument();
    expect(admin.bodies.get('POST /api/admin/topics/store')).toEqual({
      name: 'Moles',
      subject_id: 4,
      grade_level_id: null,
    });
  });

  it('lists a topic’s subtopics once a topic is chosen, and adds one under it', async () => {
    const app = await open('/admin/catalogue/subtopics');
    expect(await screen.findByText('No subtopics available.')).toBeInTheDocument();
    const topic = screen.getByRole('combobox', { name: 'Topic' });
    await waitFor(() =>
      expect(within(topic).getByRole('option', { name: 'Fractions (Mathematics)' })).toBeInTheDocument(),
    );
    await app.user.selectOptions(topic, 'Fractions (Mathematics)');
    await waitFor(() => expect(app.currentPath()).toBe('/admin/catalogue/subtopics?topic=31'));
    expect(await screen.findByRole('cell', { name: 'Adding fractions' })).toBeInTheDocument();

    await app.user.click(screen.getByRole('button', { name: 'Add subtopic' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add subtopic' });
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Topic' })).toHaveValue('31'));
    await app.user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Halves');
    await app.user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByRole('cell', { name: 'Halves' })).toBeInTheDocument();
    expect(admin.bodies.get('POST /api/admin/subtopics/store')).toEqual({ name: 'Halves', topic_id: 31 });
  });

  it('deletes a row after confirming', async () => {
    const app = await open('/admin/catalogue/subjects');
    await table('Subjects');
    await app.user.click(screen.getByRole('button', { name: 'Delete Chemistry' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Chemistry' });
    expect(within(dialog).getByText('Delete Chemistry? This cannot be undone.')).toBeInTheDocument();
    await app.user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Chemistry deleted')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Chemistry' })).not.toBeInTheDocument());
    expect(admin.catalogue.subjects.map((row) => row.name)).toEqual(['Mathematics']);
  });

  it('shows SPEC §8’s message when a row in use cannot be deleted', async () => {
    const app = await open('/admin/catalogue/subjects');
    await table('Subjects');
    await app.user.click(screen.getByRole('button', { name: 'Delete Mathematics' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Mathematics' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Failed to delete Mathematics. Please try again later or contact support if the issue persists.',
    );
    await app.user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('cell', { name: 'Mathematics' })).toBeInTheDocument();
  });
});
