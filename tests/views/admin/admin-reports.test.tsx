// /admin/reports (issue 22): open reports with the lesson, teacher, reporter, learners, reason, text
// and attendance record; the Resolved tab in the URL; a decision (pay or refund, remark 5–1000
// characters) checked before sending, the server's 422 and 409, and the report updated in place.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { t } from '@/shared/messages';
import { formatDateTime } from '@/shared/time';
import { REPORT_DECIDED, reports, useReportHandlers } from '../../msw/reports-handlers';
import { server } from '../../msw/server';
import { useAdminApi } from '../../msw/admin-handlers';
import { openAsAdmin } from './open-admin';

useAdminApi();
useReportHandlers();

const card = (name: string) =>
  screen.getByRole('heading', { level: 2, name }).closest('article') as HTMLElement;

async function open(path = '/admin/reports') {
  const app = await openAsAdmin(path);
  await screen.findByRole('heading', { level: 2, name: 'Fractions' });
  return app;
}

async function decide(
  app: Awaited<ReturnType<typeof open>>,
  name: string,
  decision: string | null,
  remark: string,
) {
  const form = within(card(name)).getByRole('form', { name: `Decide the report on ${name}` });
  if (decision) await app.user.click(within(form).getByRole('radio', { name: decision }));
  if (remark) await app.user.type(within(form).getByRole('textbox', { name: /Remark/ }), remark);
  await app.user.click(within(form).getByRole('button', { name: 'Decide' }));
  return form;
}

describe('admin reports', () => {
  it('lists the open reports with the lesson, people, reason, text and attendance record', async () => {
    await open();
    expect(document.title).toBe('Lesson reports | Somesha');
    expect(screen.getByRole('heading', { level: 1, name: 'Lesson reports' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2, name: 'Decimals' })).not.toBeInTheDocument();

    const ratios = within(card('Ratios'));
    for (const text of [
      'Open',
      'LSN-R2',
      'Grace Mwangi',
      'Jabali Kamau',
      'Other',
      'The sound kept cutting out for the whole hour.',
    ])
      expect(ratios.getAllByText(text).length).toBeGreaterThan(0);
    expect(ratios.getByText(/^Nov 26, 2026, \d{1,2}:00 [AP]M – \d{1,2}:00 [AP]M$/)).toBeInTheDocument();

    // Fractions: the teacher never joined; the learner did.
    const record = within(card('Fractions')).getByRole('region', { name: 'Attendance of Fractions' });
    const rows = within(record)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Name', 'Role', 'Joined'],
      ['Amina Kamau', 'Learner', formatDateTime('2026-11-26T08:58:00.000Z')],
      ['Grace Mwangi', 'Teacher', t('reports.notJoined')],
    ]);
    expect(within(card('Fractions')).getByText('The teacher did not come')).toBeInTheDocument();
    expect(within(card('Fractions')).getByText('Wanjiku Kamau')).toBeInTheDocument();
  });

  it('shows the resolved reports under their tab, in the URL, with the remark and no decision form', async () => {
    const app = await open();
    await app.user.click(screen.getByRole('tab', { name: 'Resolved' }));
    await waitFor(() => expect(app.currentPath()).toBe('/admin/reports?status=resolved'));
    const decimals = within(
      await screen
        .findByRole('heading', { level: 2, name: 'Decimals' })
        .then((heading) => heading.closest('article') as HTMLElement),
    );
    expect(decimals.getByText('Teacher paid')).toBeInTheDocument();
    expect(decimals.getByText('The recording shows the full hour.')).toBeInTheDocument();
    expect(decimals.queryByRole('form')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2, name: 'Fractions' })).not.toBeInTheDocument();
  });

  it('checks the decision before sending, then refunds and shows the decided report in place', async () => {
    const app = await open();
    let form = await decide(app, 'Fractions', null, 'No');
    expect(within(form).getByText(t('reports.decisionRequired'))).toBeInTheDocument();
    expect(within(form).getByText('Use at least 5 characters.')).toBeInTheDocument();
    expect(reports.bodies.size).toBe(0);

    // Typed after the "No" already in the field.
    form = await decide(app, 'Fractions', t('reports.decideRefund'), 'body: the teacher never joined.');
    expect(await screen.findByText('Report decided: refunded.')).toBeInTheDocument();
    expect(reports.bodies.get('POST /api/admin/reports/resolve/1')).toEqual({
      decision: 'refund',
      remark: 'Nobody: the teacher never joined.',
    });
    const fractions = within(card('Fractions'));
    expect(fractions.getByText('Refunded')).toBeInTheDocument();
    expect(fractions.getByText('Nobody: the teacher never joined.')).toBeInTheDocument();
    expect(fractions.queryByRole('form')).not.toBeInTheDocument();
    // Still on the open list until it loads again; the other report keeps its form.
    expect(within(card('Ratios')).getByRole('form')).toBeInTheDocument();
  });

  it("shows the server's 422 under the remark and its 409 when decided elsewhere", async () => {
    server.use(
      http.post('/api/admin/reports/resolve/2', () =>
        HttpResponse.json(
          {
            message: 'Say what the recording showed.',
            errors: { remark: ['Say what the recording showed.'] },
          },
          { status: 422 },
        ),
      ),
    );
    const app = await open();
    const ratios = await decide(app, 'Ratios', t('reports.decidePay'), 'Paid in full.');
    expect(await within(ratios).findByText('Say what the recording showed.')).toBeInTheDocument();
    expect(within(ratios).getByRole('textbox', { name: /Remark/ })).toHaveAttribute('aria-invalid', 'true');

    reports.items.find((item) => item.id === 1)!.status = 'paid';
    const fractions = await decide(app, 'Fractions', t('reports.decidePay'), 'The teacher was there.');
    expect(await within(fractions).findByRole('alert')).toHaveTextContent(REPORT_DECIDED);
  });
});
