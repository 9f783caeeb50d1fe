import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { t } from '@/shared/messages';
import { catalogue, useCatalogueApi } from '../msw/catalogue-handlers';
import { renderApp, signedInAs } from '../render';

useCatalogueApi();

describe('public layout', () => {
  it('offers the named routes, a sign-in button and the full footer to visitors', async () => {
    const app = renderApp('/');
    await app.landsOn('/');
    expect(document.title).toBe('Home | Somesha');

    const main = screen.getByRole('navigation', { name: 'Main' });
    expect(within(main).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Home', '/'],
      ['Classes', '/classes'],
      ['Questions', '/questions'],
      ['Teachers', '/teachers'],
    ]);
    expect(within(main).getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/sign-in');

    const footer = await screen.findByRole('contentinfo');
    const quick = within(footer).getByRole('navigation', { name: 'Quick links' });
    expect(within(quick).getAllByRole('link').map((link) => link.textContent)).toEqual(['About', 'Subjects']);
    expect(within(footer).getByRole('link', { name: 'hello@somesha.co.ke' })).toHaveAttribute('href', 'mailto:hello@somesha.co.ke');
    expect(within(footer).getByRole('link', { name: 'Terms and Conditions' })).toBeInTheDocument();
    expect(within(footer).getByRole('link', { name: 'Privacy Policy' })).toBeInTheDocument();
    expect(within(footer).getByRole('link', { name: 'Facebook' })).toBeInTheDocument();
    expect(within(footer).getByText(`© ${new Date().getFullYear()} Somesha`)).toBeInTheDocument();
  });

  it('takes the words of the header search box to the search page', async () => {
    const app = renderApp('/about');
    await app.landsOn('/about');
    const box = screen.getByRole('search', { name: 'Site search' });
    await app.user.type(within(box).getByRole('searchbox'), 'mathematics{Enter}');
    await app.landsOn('/search?q=mathematics');
    await waitFor(() => expect(document.title).toBe('Search | Somesha'));
  });

  it('signs a visitor up for the newsletter after checking the address', async () => {
    const app = renderApp('/');
    await app.landsOn('/');
    const newsletter = await screen.findByRole('form', { name: 'Newsletter' });
    const email = within(newsletter).getByRole('textbox', { name: 'Newsletter e-mail' });

    await app.user.type(email, 'wanjiku@');
    await app.user.click(within(newsletter).getByRole('button', { name: 'Subscribe' }));
    expect(email).toHaveAccessibleDescription(t('validation.email'));
    expect(catalogue.newsletter.size).toBe(0);

    await app.user.type(email, 'example.com');
    await app.user.click(within(newsletter).getByRole('button', { name: 'Subscribe' }));
    expect(await within(newsletter).findByRole('status')).toHaveTextContent(t('newsletter.subscribed'));
    expect([...catalogue.newsletter]).toEqual(['wanjiku@example.com']);
  });

  it("opens the footer's Subjects and a question with its answers to a visitor, in the public layout", async () => {
    const app = renderApp('/about');
    await app.landsOn('/about');
    const footer = await screen.findByRole('contentinfo');
    await app.user.click(within(footer).getByRole('link', { name: 'Subjects' }));
    await app.landsOn('/subjects');
    expect(await screen.findByRole('heading', { level: 1, name: 'Subjects' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Workspace navigation' })).not.toBeInTheDocument();

    act(() => app.navigate('/questions/show/31'));
    await app.landsOn('/questions/show/31');
    expect(await screen.findByRole('heading', { level: 1, name: 'How do I factorise x² + 5x + 6?' })).toBeInTheDocument();
    expect(await screen.findByText('Find two numbers that multiply to 6 and add to 5: 2 and 3.')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Workspace navigation' })).not.toBeInTheDocument();
  });

  it('shows the public questions to visitors and the own-questions page in the workspace when signed in', async () => {
    const visitor = renderApp('/questions');
    await visitor.landsOn('/questions');
    expect(screen.getByRole('heading', { level: 1, name: 'Questions' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Workspace navigation' })).not.toBeInTheDocument();
    visitor.unmount();

    signedInAs('student@example.com');
    const member = renderApp('/questions');
    await member.landsOn('/questions');
    expect(screen.getByRole('heading', { level: 1, name: 'My questions' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Workspace navigation' })).toBeInTheDocument();
  });
});
