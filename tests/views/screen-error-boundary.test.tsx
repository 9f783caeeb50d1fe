import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { t } from '@/shared/messages';
import { ScreenErrorBoundary } from '@/views/components/screen-error-boundary';
import { preloadable } from '@/views/preloadable';

function LoadedPage() {
  return <h1>Loaded page</h1>;
}

describe('a screen whose code fails to download', () => {
  it('shows the reload message instead of a blank app, and "Try again" downloads it again', async () => {
    // React reports the caught error on the console; the boundary logs it too.
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let downloads = 0;
    const Page = preloadable(() => {
      downloads += 1;
      return downloads === 1
        ? Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
        : Promise.resolve(LoadedPage);
    });
    try {
      render(
        <MantineProvider env="test">
          <nav>Navigation stays</nav>
          <ScreenErrorBoundary>
            <Suspense fallback={<p>Loading</p>}>
              <Page />
            </Suspense>
          </ScreenErrorBoundary>
        </MantineProvider>,
      );
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(t('messages.reload'));
      expect(screen.getByText('Navigation stays')).toBeInTheDocument();

      await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
      expect(await screen.findByRole('heading', { name: 'Loaded page' })).toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(downloads).toBe(2);
    } finally {
      quiet.mockRestore();
    }
  });
});
