// Buying a whole class from the signed-in class page (issue 24, docs/class-purchase.md): the button
// names what it buys and its price, puts the class in the cart, and the cart shows the class's line.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { commerce } from '../../msw/commerce-handlers';
import { ALGEBRA_CLASS, useLearnerApi } from '../../msw/learner-handlers';
import { server } from '../../msw/server';
import { renderApp, signedInAs } from '../../render';

useLearnerApi();

const CLASS_LINE = {
  id: ALGEBRA_CLASS.id,
  title: ALGEBRA_CLASS.title,
  slug: ALGEBRA_CLASS.slug,
  price: '3000.00',
  lessons_count: 2,
  starts_at: ALGEBRA_CLASS.starts_at,
  ends_at: ALGEBRA_CLASS.ends_at,
  subject: { name: 'Mathematics' },
  teacher: { name: 'Grace Mwangi' },
};

/** The class page's answer with the offer the server computed, and the class's add to cart. */
function offerWholeClass(purchase: { price: string; lessons_count: number } | null) {
  const added: string[] = [];
  server.use(
    http.get('/api/student/lessons/:id', () =>
      HttpResponse.json({
        data: [],
        meta: { current_page: 1, last_page: 1, per_page: 15, total: 0 },
        class: { ...ALGEBRA_CLASS, purchase },
      }),
    ),
    http.post('/api/classes/add-to-cart/:id', ({ params }) => {
      added.push(String(params.id));
      commerce.lines.push({
        purchasableType: 'class',
        purchasable: CLASS_LINE,
        priceCents: 300_000,
      } as never);
      return HttpResponse.json({ ...commerce.cartBody(), message: 'Class added to cart' });
    }),
  );
  return added;
}

async function open(path: string) {
  signedInAs('student@example.com');
  const app = renderApp(path);
  await app.landsOn(path);
  return app;
}

describe('buying the whole class', () => {
  it('offers the lessons left at their price and puts the class in the cart', async () => {
    const added = offerWholeClass({ price: '3000.00', lessons_count: 2 });
    const app = await open('/classes/show/7');
    const header = (await screen.findByRole('heading', { level: 1, name: 'Grade 7 Algebra' })).closest(
      'header',
    )!;
    expect(within(header).getByText('2 lessons for KES 3,000')).toBeInTheDocument();
    await app.user.click(within(header).getByRole('button', { name: 'Buy the whole class' }));
    expect(await screen.findByText('Class added to cart')).toBeInTheDocument();
    expect(added).toEqual(['7']);

    // The cart opens on the class's line: its title, what it is, how many lessons, its price.
    const drawer = await screen.findByRole('dialog', { name: 'Your cart' });
    const [line] = within(drawer).getAllByRole('listitem') as [HTMLElement];
    expect(within(line).getByText('Grade 7 Algebra')).toBeInTheDocument();
    expect(within(line).getByText('Whole class')).toBeInTheDocument();
    expect(within(line).getByText('Mathematics · Grace Mwangi')).toBeInTheDocument();
    expect(within(line).getByText('2 lessons')).toBeInTheDocument();
    expect(within(line).getByText('KES 3,000')).toBeInTheDocument();

    // It leaves the cart like any item.
    await app.user.click(within(line).getByRole('button', { name: 'Remove Grade 7 Algebra' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove item' });
    await app.user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cart, 0 items' })).toBeInTheDocument());
    expect(commerce.lines).toEqual([]);
  });

  it('offers nothing when no lesson is left to buy', async () => {
    offerWholeClass(null);
    await open('/classes/show/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Grade 7 Algebra' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Buy the whole class' })).not.toBeInTheDocument();
  });
});
