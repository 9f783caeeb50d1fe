import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { t } from '@/shared/messages';
import { catalogue, useCatalogueApi } from '../../msw/catalogue-handlers';
import { server } from '../../msw/server';
import { renderApp, renderPage } from '../../render';

useCatalogueApi();

describe('FAQs page', () => {
  it('shows questions in an accordion that opens on click', async () => {
    const app = renderPage('/faqs');
    await app.landsOn('/faqs');
    expect(document.title).toBe('FAQs | Somesha');
    const question = await screen.findByRole('button', { name: 'How do I pay for a lesson?' });
    expect(question).toHaveAttribute('aria-expanded', 'false');
    await app.user.click(question);
    expect(question).toHaveAttribute('aria-expanded', 'true');
    expect(
      screen.getByText('Add it to your cart, then pay with M-Pesa, card or your wallet.'),
    ).toBeInTheDocument();
  });

  it('shows the loading, empty and error states', async () => {
    catalogue.set('faqs', 'hang');
    const waiting = renderPage('/faqs');
    await waiting.landsOn('/faqs');
    expect(await screen.findByRole('status', { name: 'Loading FAQs' })).toBeInTheDocument();
    waiting.unmount();

    catalogue.set('faqs', 'empty');
    const empty = renderPage('/faqs');
    await empty.landsOn('/faqs');
    expect(await screen.findByText('No FAQs available.')).toBeInTheDocument();
    empty.unmount();

    catalogue.set('faqs', 'error');
    const failed = renderPage('/faqs');
    await failed.landsOn('/faqs');
    expect(await screen.findByRole('alert')).toHaveTextContent('Error loading FAQs.');
  });
});

describe('footer newsletter', () => {
  it('checks the address, signs up, and thanks a repeated sign-up the same way', async () => {
    catalogue.set('home', 'hang');
    const app = renderApp('/about');
    await app.landsOn('/about');
    const newsletter = await screen.findByRole('form', { name: 'Newsletter' });
    const email = within(newsletter).getByRole('textbox', { name: 'Newsletter e-mail' });
    const subscribe = within(newsletter).getByRole('button', { name: 'Subscribe' });

    await app.user.type(email, 'wanjiku@');
    await app.user.click(subscribe);
    expect(email).toHaveAccessibleDescription(t('validation.email'));
    expect(catalogue.newsletter.size).toBe(0);

    await app.user.type(email, 'example.com');
    await app.user.click(subscribe);
    expect(await within(newsletter).findByRole('status')).toHaveTextContent(t('newsletter.subscribed'));
    expect([...catalogue.newsletter]).toEqual(['wanjiku@example.com']);

    await app.user.click(subscribe);
    expect(await within(newsletter).findByRole('status')).toHaveTextContent(t('newsletter.subscribed'));
    expect(catalogue.newsletter.size).toBe(1);
  });

  it('shows the server’s refusal under the address until it is edited, and a thank-you until the next edit', async () => {
    const refusal = t('validation.email');
    server.use(
      http.post('/api/web/newsletter', async ({ request }) => {
        const { email } = (await request.json()) as { email: string };
        if (email === 'refused@example.com')
          return HttpResponse.json({ message: refusal, errors: { email: [refusal] } }, { status: 422 });
        catalogue.newsletter.add(email);
        return HttpResponse.json({ message: t('newsletter.subscribed') });
      }),
    );
    const app = renderApp('/about');
    await app.landsOn('/about');
    const newsletter = await screen.findByRole('form', { name: 'Newsletter' });
    const email = within(newsletter).getByRole('textbox', { name: 'Newsletter e-mail' });
    const subscribe = within(newsletter).getByRole('button', { name: 'Subscribe' });

    await app.user.type(email, 'refused@example.com');
    await app.user.click(subscribe);
    await expect.poll(() => email.getAttribute('aria-invalid')).toBe('true');
    expect(email).toHaveAccessibleDescription(refusal);
    // The field names the problem, so no second alert repeats it.
    expect(within(newsletter).queryByRole('alert')).not.toBeInTheDocument();

    await app.user.clear(email);
    expect(email).not.toHaveAccessibleDescription(refusal);
    expect(email).not.toHaveAttribute('aria-invalid', 'true');
    await app.user.type(email, 'amani@example.com');
    await app.user.click(subscribe);
    expect(await within(newsletter).findByRole('status')).toHaveTextContent(t('newsletter.subscribed'));
    expect([...catalogue.newsletter]).toEqual(['amani@example.com']);

    await app.user.type(email, 'x');
    expect(within(newsletter).queryByRole('status')).not.toBeInTheDocument();
  });

  it('says so when the sign-up fails', async () => {
    catalogue.set('newsletter', 'error');
    const app = renderApp('/about');
    await app.landsOn('/about');
    const newsletter = await screen.findByRole('form', { name: 'Newsletter' });
    await app.user.type(
      within(newsletter).getByRole('textbox', { name: 'Newsletter e-mail' }),
      'baraka@example.com',
    );
    await app.user.click(within(newsletter).getByRole('button', { name: 'Subscribe' }));
    expect(await within(newsletter).findByRole('alert')).toHaveTextContent(t('newsletter.error'));
  });
});

describe('static public pages', () => {
  it.each([
    ['/about', 'About | Somesha', 'About Somesha'],
    ['/terms', 'Terms and Conditions | Somesha', 'Terms and Conditions'],
    ['/privacy', 'Privacy Policy | Somesha', 'Privacy Policy'],
  ])('%s has its title and heading', async (path, title, heading) => {
    const app = renderPage(path);
    await app.landsOn(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(document.title).toBe(title);
  });
});
