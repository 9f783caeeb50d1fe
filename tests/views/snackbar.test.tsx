import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useFakeApi } from '../msw/server';
import { renderApp } from '../render';

useFakeApi();

describe('snackbar', () => {
  it('renders the message as HTML with scripts and handlers removed', async () => {
    const app = renderApp('/page-not-found');
    await app.landsOn('/page-not-found');
    act(() => {
      app.actors.snackbar.send({
        type: 'snackbar.error',
        message: '<strong>Payment failed</strong><img src="x" onerror="window.hacked = true"><script>window.hacked = true</script>',
        timeout: -1,
      });
    });

    const bar = await screen.findByRole('alert');
    expect(bar).toHaveTextContent('Payment failed');
    expect(bar.querySelector('strong')).toHaveTextContent('Payment failed');
    expect(bar.querySelector('script')).toBeNull();
    expect(bar.querySelector('img')?.getAttribute('onerror')).toBeNull();
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
  });

  it('closes when the user presses Close', async () => {
    const app = renderApp('/page-not-found');
    await app.landsOn('/page-not-found');
    act(() => {
      app.actors.snackbar.send({ type: 'snackbar.success', message: 'Profile updated', timeout: -1 });
    });
    expect(await screen.findByRole('status', { name: '' })).toHaveTextContent('Profile updated');

    await app.user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByText('Profile updated')).not.toBeInTheDocument();
    expect(app.actors.snackbar.getSnapshot().context.visible).toBe(false);
  });
});
