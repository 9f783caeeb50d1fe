// Seats on the lesson cards (issue 20): a lesson with a seat limit says how many are left, or
// "Full"; a full lesson cannot be put in the cart from its page; a lesson without a limit says nothing.
import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { decodeLesson } from '@/services/schemas/web';
import { LessonCard } from '@/views/components/lists/cards';
import { LESSON } from '../../msw/catalogue-handlers';
import { learner, useLearnerApi } from '../../msw/learner-handlers';
import { server } from '../../msw/server';
import { renderPage, signedInAs } from '../../render';

useLearnerApi();

function card(seatsLeft: number | null) {
  const { hook } = memoryLocation({ path: '/' });
  render(
    <MantineProvider env="test">
      <Router hook={hook}>
        <LessonCard lesson={decodeLesson({ ...LESSON, seats_left: seatsLeft })} />
      </Router>
    </MantineProvider>,
  );
  return screen.getByRole('article');
}

describe('seats on a public lesson card', () => {
  it.each([
    [3, '3 seats left'],
    [1, '1 seat left'],
    [0, 'Full'],
  ])('with %s seats left says "%s"', (seats, text) => {
    expect(within(card(seats)).getByText(text)).toBeInTheDocument();
  });

  it('says nothing of seats when the lesson has no limit', () => {
    expect(within(card(null)).queryByText(/seats? left|Full/)).not.toBeInTheDocument();
  });
});

describe('seats on the public lesson view', () => {
  it('says a full lesson is full and offers no Add to cart', async () => {
    server.use(
      http.get('/api/web/lessons/:code', () =>
        HttpResponse.json({ data: { ...LESSON, seats_left: 0, bookable: false } }),
      ),
    );
    const app = renderPage(`/lessons/view/${LESSON.code}`);
    await app.landsOn(`/lessons/view/${LESSON.code}`);
    const header = await screen.findByRole('rowheader', { name: 'Seats left' });
    expect(header.closest('tr')?.querySelector('td')).toHaveTextContent('Full');
    expect(screen.getByRole('button', { name: 'Add to cart' })).toBeDisabled();
    expect(screen.getByText('This lesson is full.')).toBeInTheDocument();
  });
});

describe('seats in the workspace', () => {
  async function open(path: string) {
    signedInAs('student@example.com');
    const app = renderPage(path);
    await app.landsOn(path);
    return app;
  }

  it('shows seats left on the Find lessons cards of lessons not booked, and Full', async () => {
    learner.lessons.open.seats_left = 0;
    await open('/lessons/find');
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(3));
    const [soon, , quadratic] = screen.getAllByRole('article');
    expect(within(quadratic!).getByText('Full')).toBeInTheDocument();
    // A booked lesson's card says Booked, not how many seats the others can still take.
    expect(within(soon!).queryByText(/seats? left|Full/)).not.toBeInTheDocument();
  });

  it('offers no Add to cart for a full lesson on its page, and says why', async () => {
    learner.lessons.open.seats_left = 0;
    await open('/lessons/show/LSN-OPEN5');
    expect(await screen.findByRole('heading', { level: 1, name: 'Quadratic equations' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to cart' })).toBeDisabled();
    expect(screen.getByText('This lesson is full.')).toBeInTheDocument();
  });

  it('says how many seats are left on the page of a lesson with room', async () => {
    learner.lessons.open.seats_left = 4;
    await open('/lessons/show/LSN-OPEN5');
    expect(await screen.findByText('4 seats left')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to cart' })).toBeEnabled();
  });
});
