// A learner cancels a booking from the lesson page, or answers a lesson its teacher moved (issue 24):
// the confirmation shows the policy, the server's answer shows in the snackbar and the page loads the
// lesson again; within 12 hours the page says so instead of offering a Cancel; a 422 stays in the dialog.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { t } from '@/shared/messages';
import { AMINA, learner, useLearnerApi } from '../../msw/learner-handlers';
import { server } from '../../msw/server';
import { renderPage, signedInAs } from '../../render';

useLearnerApi();

const HOUR = 3_600_000;
const CODE = 'LSN-UP201';

const state = {
  startsIn: 48 * HOUR,
  moved: false,
  booked: true,
  calls: [] as string[],
  refusal: null as { status: number; body: Record<string, unknown> } | null,
};

function detail() {
  const start = Date.now() + state.startsIn;
  return {
    ...learner.lessons.upcoming,
    start_at: new Date(start).toISOString(),
    end_at: new Date(start + HOUR).toISOString(),
    is_booked: state.booked,
    // As the server: a reader who is not booked gets no classroom.
    classroom: state.booked ? learner.lessons.upcoming.classroom : null,
    link: null,
    booked_for: state.booked
      ? [
          {
            booking_id: 77,
            student_id: AMINA.id,
            student_name: 'Amina Kamau',
            moved_at: state.moved ? new Date().toISOString() : null,
          },
        ]
      : [],
    notes: [],
    assignments: [],
    notes_count: 0,
    assignments_count: 0,
    join: {
      opens_at: new Date(start - 15 * 60_000).toISOString(),
      closes_at: new Date(start + HOUR).toISOString(),
    },
  };
}

beforeEach(() => {
  Object.assign(state, { startsIn: 48 * HOUR, moved: false, booked: true, calls: [], refusal: null });
  server.use(
    http.get('/api/lessons/show/:code', () => HttpResponse.json({ data: detail() })),
    http.post('/api/bookings/cancel/:id', ({ params }) => {
      state.calls.push(`cancel ${String(params.id)}`);
      if (state.refusal) return HttpResponse.json(state.refusal.body, { status: state.refusal.status });
      state.booked = false;
      return HttpResponse.json({
        message: 'Booking cancelled. KES 1,500 was returned to your wallet.',
        data: { booking_id: 77, refund: { amount: '1500.00', transaction_id: 9 } },
      });
    }),
    http.post('/api/bookings/keep/:id', ({ params }) => {
      state.calls.push(`keep ${String(params.id)}`);
      state.moved = false;
      return HttpResponse.json({ message: t('cancel.kept'), data: { booking_id: 77, moved: false } });
    }),
  );
});

async function open() {
  signedInAs('student@example.com');
  const app = renderPage(`/lessons/show/${CODE}`);
  await app.landsOn(`/lessons/show/${CODE}`);
  await screen.findByRole('heading', { level: 1, name: 'Linear equations' });
}

const panel = () => screen.getByRole('complementary', { name: 'Join the lesson' });

describe('Cancel booking on the lesson page', () => {
  it('asks with the policy, cancels once, says how much came back and shows the lesson as not booked', async () => {
    const user = userEvent.setup();
    await open();
    await user.click(within(panel()).getByRole('button', { name: 'Cancel booking' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this booking?' });
    expect(within(dialog).getByText(t('cancel.policy'))).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    expect(
      await screen.findByText('Booking cancelled. KES 1,500 was returned to your wallet.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(within(panel()).getByText(t('lessons.notBooked'))).toBeInTheDocument());
    expect(within(panel()).queryByRole('button', { name: 'Cancel booking' })).not.toBeInTheDocument();
    expect(state.calls).toEqual(['cancel 77']);
  });

  it('keeps the booking when the learner steps back', async () => {
    const user = userEvent.setup();
    await open();
    await user.click(within(panel()).getByRole('button', { name: 'Cancel booking' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this booking?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep my booking' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(state.calls).toEqual([]);
  });

  it("shows the server's refusal in the dialog, which stays open", async () => {
    state.refusal = {
      status: 422,
      body: {
        message: t('cancel.tooLate'),
        errors: { booking: [t('cancel.tooLate')] },
        policy: t('cancel.policy'),
      },
    };
    const user = userEvent.setup();
    await open();
    await user.click(within(panel()).getByRole('button', { name: 'Cancel booking' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this booking?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(t('cancel.tooLate'));
    expect(within(panel()).getByRole('list', { name: 'Booked for' })).toHaveTextContent('Amina Kamau');
  });

  it('within 12 hours says so and offers no Cancel', async () => {
    state.startsIn = 3 * HOUR;
    await open();
    expect(within(panel()).getByText(t('cancel.tooLate'))).toBeInTheDocument();
    expect(within(panel()).queryByRole('button', { name: 'Cancel booking' })).not.toBeInTheDocument();
  });
});

describe('a lesson its teacher moved', () => {
  it('says so with the new time; Keep keeps it and the notice goes', async () => {
    state.moved = true;
    state.startsIn = 3 * HOUR;
    const user = userEvent.setup();
    await open();
    const notice = within(panel()).getByText(/^The teacher moved this lesson to /);
    expect(notice).toBeInTheDocument();
    // Moved: a full refund whatever the hour, so Cancel is offered even within 12 hours.
    expect(within(panel()).getByRole('button', { name: 'Cancel booking' })).toBeInTheDocument();
    await user.click(within(panel()).getByRole('button', { name: 'Keep the new time' }));
    expect(await screen.findByText(t('cancel.kept'))).toBeInTheDocument();
    await waitFor(() => expect(within(panel()).queryByText(t('cancel.movedTitle'))).not.toBeInTheDocument());
    expect(within(panel()).getByText(t('cancel.tooLate'))).toBeInTheDocument();
    expect(state.calls).toEqual(['keep 77']);
  });

  it('cancels a moved lesson within 12 hours', async () => {
    state.moved = true;
    state.startsIn = 3 * HOUR;
    const user = userEvent.setup();
    await open();
    await user.click(within(panel()).getByRole('button', { name: 'Cancel booking' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this booking?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    await waitFor(() => expect(within(panel()).getByText(t('lessons.notBooked'))).toBeInTheDocument());
    expect(state.calls).toEqual(['cancel 77']);
  });
});
