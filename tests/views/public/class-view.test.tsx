// `/classes/view/:id` (classpage, issue 24): a class's public page, and the public class cards that
// open it.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { t } from '@/shared/messages';
import { CLASS_PAGE, catalogue, useCatalogueApi } from '../../msw/catalogue-handlers';
import { server } from '../../msw/server';
import { renderApp, renderPage, signedInAs } from '../../render';

useCatalogueApi();

type Wire = Record<string, unknown>;
const LESSONS = CLASS_PAGE.lessons as Wire[];
const PATH = `/classes/view/${String(CLASS_PAGE.id)}`;

const when = (lesson: Wire) => {
  const clock = (iso: unknown) =>
    new Date(String(iso))
      .toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit', hour12: true })
      .replace(/\u202f/g, ' ');
  const day = new Date(String(lesson.start_at)).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  });
  return `${day}, ${clock(lesson.start_at)} – ${clock(lesson.end_at)}`;
};

function row(label: string): string | null | undefined {
  const header = screen.getByRole('rowheader', { name: label });
  return header.closest('tr')?.querySelector('td')?.textContent;
}

/** The class's own add-to-cart call (built by the classbuy part), answered with the session's cart. */
function useClassAddToCart(status = 200) {
  const added: string[] = [];
  server.use(
    http.post('/api/classes/add-to-cart/:id', ({ request, params }) => {
      if (request.headers.get('X-XSRF-TOKEN') !== 'test-xsrf-token')
        return HttpResponse.json({ message: t('auth.csrfMismatch') }, { status: 419 });
      added.push(String(params.id));
      return status === 200
        ? HttpResponse.json({
            cart: { id: 1, items: [], created_at: null, updated_at: null },
            item_count: 0,
            total: '0.00',
            message: t('cart.classAdded'),
          })
        : HttpResponse.json({ message: 'Nothing is left to buy in this class.' }, { status });
    }),
  );
  return added;
}

describe('class page', () => {
  it('shows the class, its teacher, level, type, dates and each lesson with its time, topic and price', async () => {
    const app = renderPage(PATH);
    await app.landsOn(PATH);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Grade 7 Maths class 1' }),
    ).toBeInTheDocument();
    expect(document.title).toBe('Grade 7 Maths class 1 | Somesha');
    expect(screen.getByText('Eight weeks of Grade 7 algebra, one topic a week.')).toBeInTheDocument();
    expect(row('Teacher')).toBe('Grace Mwangi');
    expect(row('Subject')).toBe('Mathematics');
    expect(row('Level')).toBe('Grade 7 · Junior School');
    expect(row('Type')).toBe('Catch up');
    expect(row('Frequency')).toBe('Weekly');
    expect(row('Starts')).toBe('Dec 1, 2026');
    expect(row('Ends')).toBe('Jan 19, 2027');

    const lessons = within(screen.getByRole('region', { name: 'Lessons (3)' })).getAllByRole('listitem');
    expect(lessons).toHaveLength(3);
    expect(within(lessons[0]!).getByRole('link', { name: 'Number patterns' })).toHaveAttribute(
      'href',
      '/lessons/view/LSN-PAST1',
    );
    expect(within(lessons[0]!).getByText(when(LESSONS[0]!))).toBeInTheDocument();
    expect(within(lessons[0]!).getByText('KES 1,500')).toBeInTheDocument();
    // A lesson without a topic is named by its code.
    expect(within(lessons[2]!).getByRole('link', { name: 'Lesson LSN-NEXT3' })).toHaveAttribute(
      'href',
      '/lessons/view/LSN-NEXT3',
    );
  });

  it("prices what is left to buy: the class's share for the lessons still to come", async () => {
    const app = renderPage(PATH);
    await app.landsOn(PATH);
    const price = await screen.findByRole('complementary', { name: 'Price' });
    // KES 12,000 for three lessons, one of them past: two thirds.
    expect(within(price).getByText('KES 8,000')).toBeInTheDocument();
    expect(
      within(price).getByText(
        `${t('classpage.priceNote', { count: 2, total: 3 })} (KES 12,000 for all of them)`,
      ),
    ).toBeInTheDocument();
    expect(within(price).getByRole('button', { name: t('classpage.buy') })).toBeEnabled();
  });

  it('prices a lesson as its share of the class as planned, so a cancelled lesson makes it cheaper', async () => {
    server.use(
      http.get('/api/web/classes/:id', () =>
        HttpResponse.json({ data: { ...CLASS_PAGE, lessons_planned: 4 } }),
      ),
    );
    const app = renderPage(PATH);
    await app.landsOn(PATH);
    const price = await screen.findByRole('complementary', { name: 'Price' });
    // Two of the four planned lessons are still to come (one passed, one cancelled): half of KES 12,000.
    expect(within(price).getByText('KES 6,000')).toBeInTheDocument();
    expect(
      within(price).getByText(
        `${t('classpage.priceNote', { count: 2, total: 4 })} (KES 12,000 for all of them)`,
      ),
    ).toBeInTheDocument();
  });

  it('offers nothing to buy when every lesson has passed', async () => {
    server.use(
      http.get('/api/web/classes/:id', () =>
        HttpResponse.json({ data: { ...CLASS_PAGE, lessons: [LESSONS[0]] } }),
      ),
    );
    const app = renderPage(PATH);
    await app.landsOn(PATH);
    const price = await screen.findByRole('complementary', { name: 'Price' });
    expect(within(price).getByText('KES 12,000')).toBeInTheDocument();
    expect(within(price).getByText(t('classpage.nothingLeft'))).toBeInTheDocument();
    expect(within(price).getByRole('button', { name: t('classpage.buy') })).toBeDisabled();
  });

  it('puts the whole class in the cart for a visitor, says so and opens the cart', async () => {
    const added = useClassAddToCart();
    const app = renderApp(PATH);
    await app.landsOn(PATH);
    await app.user.click(await screen.findByRole('button', { name: t('classpage.buy') }));
    expect(await screen.findByText(t('cart.classAdded'))).toBeInTheDocument();
    expect(added).toEqual([String(CLASS_PAGE.id)]);
    await waitFor(() => expect(app.actors.cart.getSnapshot().matches({ drawer: 'visible' })).toBe(true));
  });

  it("shows the server's reason when the class cannot be bought", async () => {
    useClassAddToCart(422);
    const app = renderApp(PATH);
    await app.landsOn(PATH);
    await app.user.click(await screen.findByRole('button', { name: t('classpage.buy') }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Nothing is left to buy in this class.');
  });

  it('is the not-found page for an unknown class or an id that is not one, without Try again', async () => {
    for (const path of ['/classes/view/999', '/classes/view/abc']) {
      const app = renderPage(path);
      await app.landsOn(path);
      expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
      app.unmount();
    }
    // Only the number was asked for.
    expect(catalogue.queries.filter((query) => query.endpoint === 'class')).toHaveLength(1);
  });

  it('says the class could not be loaded when the server fails, and tries again', async () => {
    catalogue.set('class', 'error');
    const app = renderPage(PATH);
    await app.landsOn(PATH);
    expect(await screen.findByRole('alert')).toHaveTextContent('Error loading this class.');
    expect(screen.getByRole('link', { name: 'Browse classes' })).toHaveAttribute('href', '/classes');
    catalogue.set('class', 'ok');
    await app.user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Grade 7 Maths class 1' }),
    ).toBeInTheDocument();
  });

  it('is there for a signed-in user too', async () => {
    signedInAs('student@example.com');
    const app = renderPage(PATH);
    await app.landsOn(PATH);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Grade 7 Maths class 1' }),
    ).toBeInTheDocument();
  });
});

describe('public class cards', () => {
  it('open the class page from /classes and the featured classes', async () => {
    const list = renderPage('/classes');
    await list.landsOn('/classes');
    const card = (await screen.findByRole('heading', { name: 'Grade 7 Maths class 1' })).closest(
      'article',
    ) as HTMLElement;
    await list.user.click(within(card).getByRole('link', { name: 'Grade 7 Maths class 1' }));
    await list.landsOn(PATH);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Grade 7 Maths class 1' }),
    ).toBeInTheDocument();
    list.unmount();

    const home = renderPage('/');
    await home.landsOn('/');
    const featured = await screen.findByRole('region', { name: 'Featured classes' });
    expect(within(featured).getByRole('link', { name: 'Grade 7 Maths class 1' })).toHaveAttribute(
      'href',
      PATH,
    );
  });
});
