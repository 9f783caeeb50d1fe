import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useFakeApi } from '../msw/server';
import { renderApp } from '../render';

useFakeApi();

describe('not-found page', () => {
  it.each(['/page-not-found', '/no/such/page'])('shows the 404 text at %s inside the public layout', async (path) => {
    const app = renderApp(path);
    await app.landsOn(path);
    expect(screen.getByText('Whoops, 404')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByText('The page you were looking for does not exist')).toBeInTheDocument();
    expect(document.title).toBe('Page not found | Somesha');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/sign-in');

    await app.user.click(screen.getByRole('link', { name: 'Back to home' }));
    await app.landsOn('/');
    expect(screen.getByRole('heading', { level: 1, name: /Learn from Kenya's best teachers/ })).toBeInTheDocument();
  });
});
