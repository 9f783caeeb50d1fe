// Issue 22 for a learner: "Report a problem" on a booked lesson from its end until a day later (the
// three reasons, text required for Other, the server's 422), and Attended / Missed on the bookings.
import { screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { REPORT_REASON_LABELS } from '@/shared/classroom';
import { t } from '@/shared/messages';
import { learner, useLearnerApi } from '../../msw/learner-handlers';
import { ALREADY_REPORTED, reports, useReportHandlers } from '../../msw/reports-handlers';
import { renderPage, signedInAs } from '../../render';

useLearnerApi();
useReportHandlers();

const HOUR = 3_600_000;

/** axe-core's structural rules on one element (contrast needs a real browser: tests/e2e). */
async function violations(element: Element): Promise<string[]> {
  const result = await axe.run(element, {
    resultTypes: ['violations'],
    rules: { 'color-contrast': { enabled: false } },
  });
  return result.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.html.slice(0, 160)).join(' | ')}`,
  );
}

async function open(path: string, email = 'student@example.com') {
  signedInAs(email);
  const app = renderPage(path);
  await app.landsOn(path);
  return app;
}

/** The booked lesson "Algebraic expressions" (LSN-PAST4, id 204) ended `hoursAgo` hours ago. */
function endedHoursAgo(hoursAgo: number) {
  const end = Date.now() - hoursAgo * HOUR;
  Object.assign(learner.lessons.past, {
    start_at: new Date(end - HOUR).toISOString(),
    end_at: new Date(end).toISOString(),
  });
}

async function openPast() {
  const app = await open('/lessons/show/LSN-PAST4');
  await screen.findByRole('heading', { level: 1, name: 'Algebraic expressions' });
  return app;
}

const dialog = () => screen.getByRole('dialog', { name: 'Report a problem' });

describe('report a problem', () => {
  it('sends the reason and the text Other needs, then says the teacher’s pay waits for an admin', async () => {
    endedHoursAgo(2);
    const app = await openPast();
    await app.user.click(screen.getByRole('button', { name: 'Report a problem' }));
    expect(await violations(dialog())).toEqual([]);
    for (const label of Object.values(REPORT_REASON_LABELS))
      expect(within(dialog()).getByRole('radio', { name: label })).toBeInTheDocument();

    await app.user.click(within(dialog()).getByRole('button', { name: 'Send report' }));
    expect(within(dialog()).getByText('Choose what went wrong.')).toBeInTheDocument();
    await app.user.click(within(dialog()).getByRole('radio', { name: 'Other' }));
    await app.user.click(within(dialog()).getByRole('button', { name: 'Send report' }));
    expect(within(dialog()).getByText('Tell us what went wrong.')).toBeInTheDocument();
    await app.user.type(within(dialog()).getByRole('textbox', { name: /Tell us more/ }), 'Too short');
    await app.user.click(within(dialog()).getByRole('button', { name: 'Send report' }));
    expect(within(dialog()).getByText('Write at least 10 characters.')).toBeInTheDocument();
    expect(reports.received).toEqual([]);

    await app.user.type(
      within(dialog()).getByRole('textbox', { name: /Tell us more/ }),
      ': no sound at all.',
    );
    await app.user.click(within(dialog()).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog()).findByText(t('reports.reportReceived'))).toBeInTheDocument();
    expect(reports.bodies.get('POST /api/lessons/report/204')).toEqual({
      reason: 'other',
      text: 'Too short: no sound at all.',
    });
    await app.user.click(within(dialog()).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The page says it too, and offers no second report.
    const section = screen.getByRole('region', { name: 'Report a problem' });
    expect(within(section).getByRole('status')).toHaveTextContent(t('reports.reportReceived'));
    expect(screen.queryByRole('button', { name: 'Report a problem' })).not.toBeInTheDocument();
  });

  it("sends a reason without text, and shows the server's refusal", async () => {
    endedHoursAgo(1);
    reports.received.push({ lessonId: 204, reason: 'cut_short', text: null });
    const app = await openPast();
    await app.user.click(screen.getByRole('button', { name: 'Report a problem' }));
    await app.user.click(within(dialog()).getByRole('radio', { name: 'The teacher did not come' }));
    await app.user.click(within(dialog()).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent(ALREADY_REPORTED);
    expect(reports.bodies.get('POST /api/lessons/report/204')).toEqual({ reason: 'teacher_absent' });
    expect(within(dialog()).queryByText(t('reports.reportReceived'))).not.toBeInTheDocument();
  });

  it('is offered only from the end of a booked lesson until a day later', async () => {
    endedHoursAgo(25);
    const app = await openPast();
    expect(screen.queryByRole('button', { name: 'Report a problem' })).not.toBeInTheDocument();
    app.unmount();

    // Not ended yet.
    await open('/lessons/show/LSN-LIVE3');
    await screen.findByRole('heading', { level: 1, name: 'Inequalities' });
    expect(screen.queryByRole('button', { name: 'Report a problem' })).not.toBeInTheDocument();
  });

  it('is not offered on a lesson the learner did not book', async () => {
    const end = Date.now() - HOUR;
    Object.assign(learner.lessons.open, {
      start_at: new Date(end - HOUR).toISOString(),
      end_at: new Date(end).toISOString(),
    });
    await open('/lessons/show/LSN-OPEN5');
    await screen.findByRole('heading', { level: 1, name: 'Quadratic equations' });
    expect(screen.queryByRole('button', { name: 'Report a problem' })).not.toBeInTheDocument();
  });
});

describe('attendance on the bookings', () => {
  it('shows Attended or Missed once a lesson has ended, nothing before', async () => {
    const missed = learner.bookings.find((row) => row.code === 'LSN-PAST4')!;
    await open('/lessons/booking');
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(4));
    const cards = screen.getAllByRole('article');
    expect(within(cards[3]!).getByText(t('reports.attended'))).toBeInTheDocument();
    for (const card of cards.slice(0, 3)) {
      expect(within(card).queryByText(t('reports.attended'))).not.toBeInTheDocument();
      expect(within(card).queryByText(t('reports.missed'))).not.toBeInTheDocument();
    }
    expect(missed.attended).toBe(true);
  });

  it('shows Missed for a lesson the learner did not join', async () => {
    learner.bookings.find((row) => row.code === 'LSN-PAST4')!.attended = false;
    await open('/lessons/booking?filter=past');
    const card = await screen.findByRole('article');
    expect(within(card).getByText(t('reports.missed'))).toBeInTheDocument();
    expect(within(card).queryByText(t('reports.attended'))).not.toBeInTheDocument();
  });
});
