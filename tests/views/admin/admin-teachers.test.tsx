// /admin/teachers against the fake API (docs/teaching-admin.md): the pending list with every
// detail an admin checks, approve, decline with a remark (client rule and server 422), a 409 once
// someone else decided, the tabs and the search in the URL.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { TEACHER_NOT_PENDING, admin, useAdminApi } from '../../msw/admin-handlers';
import { server } from '../../msw/server';
import { t } from '@/shared/messages';
import { openAsAdmin } from './open-admin';

useAdminApi();

const card = (name: string) =>
  screen.getByRole('heading', { level: 2, name }).closest('article') as HTMLElement;

async function openTeachers(path = '/admin/teachers') {
  const app = await openAsAdmin(path);
  await screen.findByRole('heading', { level: 2, name: 'Baraka Mwangi' });
  return app;
}

describe('admin teachers', () => {
  it('shows the vetting documents a teacher uploaded, each a download link (issue 24)', async () => {
    await openTeachers();
    const baraka = within(card('Baraka Mwangi'));
    const documents = within(await baraka.findByRole('region', { name: 'Documents of Baraka Mwangi' }));
    expect(await documents.findByRole('link', { name: 'national-id.jpg' })).toHaveAttribute(
      'href',
      '/api/files/901',
    );
    expect(documents.getByRole('link', { name: 'degree.pdf' })).toHaveAttribute('href', '/api/files/902');
    expect(documents.getByText(/^National ID or passport:/)).toBeInTheDocument();
    expect(documents.getByText(/^Certificate:/)).toBeInTheDocument();
    const zawadi = within(card('Zawadi Njeri'));
    expect(await zawadi.findByText(t('teach.noDocuments'))).toBeInTheDocument();
  });

  it('lists pending teachers with what an admin checks', async () => {
    await openTeachers();
    expect(screen.getByRole('heading', { level: 1, name: 'Teacher approvals' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Pending' })).toHaveAttribute('aria-selected', 'true');
    const baraka = within(card('Baraka Mwangi'));
    for (const text of [
      'baraka.mwangi@example.com',
      '254711000041',
      'Degree',
      'Alliance High School',
      'CBC · Junior School',
      'Mathematics, Physics',
      '24145678',
      'TSC-4100',
      'Nov 20, 2026',
    ])
      expect(baraka.getByText(text)).toBeInTheDocument();
    expect(baraka.getByRole('button', { name: 'Approve Baraka Mwangi' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2, name: 'Otieno Ouma' })).not.toBeInTheDocument();
  });

  it('approves a teacher: the teacher leaves the pending list and a notice shows', async () => {
    const app = await openTeachers();
    await app.user.click(screen.getByRole('button', { name: 'Approve Baraka Mwangi' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve Baraka Mwangi' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Teacher approved')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('heading', { level: 2, name: 'Baraka Mwangi' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Zawadi Njeri' })).toBeInTheDocument();
    expect(admin.teachers.find((t) => t.id === 41)?.status).toBe('approved');
  });

  it('declines with a remark the client checks first, then the server stores', async () => {
    const app = await openTeachers();
    await app.user.click(screen.getByRole('button', { name: 'Decline Baraka Mwangi' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline Baraka Mwangi' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(within(dialog).getByText('This field is required.')).toBeInTheDocument();
    await app.user.type(within(dialog).getByRole('textbox', { name: 'Remark' }), 'no');
    await app.user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(within(dialog).getByText('Use at least 3 characters.')).toBeInTheDocument();
    expect(admin.bodies.size).toBe(0);

    await app.user.click(within(dialog).getByRole('textbox', { name: 'Remark' }));
    await app.user.paste('t readable: upload the TSC letter');
    await app.user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(await screen.findByText('Teacher declined')).toBeInTheDocument();
    expect(admin.bodies.get('POST /api/admin/teachers/decline/41')).toEqual({
      remark: 'not readable: upload the TSC letter',
    });
    await waitFor(() =>
      expect(screen.queryByRole('heading', { level: 2, name: 'Baraka Mwangi' })).not.toBeInTheDocument(),
    );
  });

  it("shows the server's 422 under the remark", async () => {
    const app = await openTeachers();
    // A remark the client's length rule accepts but the server refuses for its own reason.
    server.use(
      http.post('/api/admin/teachers/decline/:id', () =>
        HttpResponse.json(
          { message: 'Please check', errors: { remark: ['Write the remark without links.'] } },
          { status: 422 },
        ),
      ),
    );
    await app.user.click(screen.getByRole('button', { name: 'Decline Baraka Mwangi' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline Baraka Mwangi' });
    const remark = within(dialog).getByRole('textbox', { name: 'Remark' });
    await app.user.type(remark, 'See https://example.com');
    await app.user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(await within(dialog).findByText('Write the remark without links.')).toBeInTheDocument();
    expect(remark).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('heading', { level: 2, name: 'Baraka Mwangi' })).toBeInTheDocument();
  });

  it('refuses a remark longer than the limit on the client', async () => {
    const app = await openTeachers();
    await app.user.click(screen.getByRole('button', { name: 'Decline Baraka Mwangi' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline Baraka Mwangi' });
    await app.user.click(within(dialog).getByRole('textbox', { name: 'Remark' }));
    await app.user.paste('x'.repeat(501));
    await app.user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(within(dialog).getByText('Use at most 500 characters.')).toBeInTheDocument();
    expect(admin.bodies.size).toBe(0);
  });

  it('shows the 409 message when someone else decided first, then closes', async () => {
    const app = await openTeachers();
    const baraka = admin.teachers.find((t) => t.id === 41);
    if (baraka) baraka.status = 'approved';
    await app.user.click(screen.getByRole('button', { name: 'Approve Baraka Mwangi' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve Baraka Mwangi' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(TEACHER_NOT_PENDING);
    await app.user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(TEACHER_NOT_PENDING);
    await app.user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('keeps the tab and the search in the URL', async () => {
    const app = await openTeachers();
    await app.user.click(screen.getByRole('tab', { name: 'Declined' }));
    await waitFor(() => expect(app.currentPath()).toBe('/admin/teachers?status=declined'));
    const halima = within(await screen.findByRole('article'));
    expect(halima.getByText('Upload a readable TSC certificate.')).toBeInTheDocument();
    expect(halima.queryByRole('button', { name: /Approve/ })).not.toBeInTheDocument();

    await app.user.click(screen.getByRole('tab', { name: 'Pending' }));
    await screen.findByRole('heading', { level: 2, name: 'Baraka Mwangi' });
    await app.user.type(screen.getByRole('textbox', { name: 'Search teachers' }), 'zawadi');
    await app.user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(app.currentPath()).toBe('/admin/teachers?q=zawadi'));
    await waitFor(() =>
      expect(screen.queryByRole('heading', { level: 2, name: 'Baraka Mwangi' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Zawadi Njeri' })).toBeInTheDocument();
  });
});
