import { fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { t } from '@/shared/messages';
import { api } from '../../msw/handlers';
import { server, useFakeApi } from '../../msw/server';
import { renderApp, signedInAs } from '../../render';

useFakeApi();

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

async function openSettings() {
  signedInAs('student@example.com');
  const app = renderApp('/profile-setting');
  await app.landsOn('/profile-setting');
  const section = screen.getByRole('region', { name: 'Profile photo' });
  const input = within(section).getByLabelText('Choose a profile photo');
  // fireEvent, not user.upload: the control's `accept` would drop a wrong file before the app saw it.
  const choose = (file: File) => fireEvent.change(input, { target: { files: [file] } });
  return { app, section, choose };
}

describe('profile photo', () => {
  it('shows initials until there is a photo, then uploads a chosen PNG and shows it in the top bar', async () => {
    const { app, section, choose } = await openSettings();
    const menu = screen.getByRole('button', { name: 'User menu for Amani Otieno' });
    // Drawn by CSS from data-initials (the button's name must contain all of its visible text).
    expect(menu.querySelector('[data-initials="AO"]')).not.toBeNull();

    choose(new File([new Uint8Array([...PNG_HEAD, 1, 2, 3])], 'me.png', { type: 'image/png' }));
    expect(within(section).getByText(/me\.png/)).toBeInTheDocument();
    expect(api.calls).not.toContain('POST /api/user/photo');
    await app.user.click(within(section).getByRole('button', { name: 'Upload photo' }));

    // The snackbar's code loads with its first message.
    expect(await screen.findByText(t('photo.updated'))).toBeInTheDocument();
    expect(api.calls).toContain('POST /api/user/photo');
    const url = String(api.current()?.user.display_photo_url);
    expect(url).toMatch(/^\/api\/photos\//);
    // The session has the new user: the top bar's avatar is the photo (Mantine renders it once loaded).
    expect(JSON.parse(localStorage.getItem('somesha.user') ?? '{}')).toMatchObject({ photoUrl: url });
    expect(within(section).queryByRole('button', { name: 'Upload photo' })).not.toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Change photo' })).toBeInTheDocument();
  });

  it('refuses a file of the wrong type before any upload', async () => {
    const { section, choose } = await openSettings();
    choose(new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(within(section).getByRole('alert')).toHaveTextContent(
      t('validation.fileTypes', { types: 'JPEG, PNG, WebP' }),
    );
    expect(within(section).queryByRole('button', { name: 'Upload photo' })).not.toBeInTheDocument();
    expect(api.calls).not.toContain('POST /api/user/photo');
  });

  it('refuses a photo over 5 MB before any upload', async () => {
    const { section, choose } = await openSettings();
    choose(new File([new Uint8Array(6 * 1024 * 1024)], 'big.jpg', { type: 'image/jpeg' }));
    expect(within(section).getByRole('alert')).toHaveTextContent('Maximum file size is 5 MB.');
    expect(api.calls).not.toContain('POST /api/user/photo');
  });

  it('shows the server’s refusal of a file that only claims to be a picture, and lets the user cancel', async () => {
    const refusal = t('validation.fileTypes', { types: 'JPEG, PNG, WebP' });
    server.use(
      http.post('/api/user/photo', () =>
        HttpResponse.json({ message: refusal, errors: { photo: [refusal] } }, { status: 422 }),
      ),
    );
    const { app, section, choose } = await openSettings();
    choose(new File(['not really a png'], 'fake.png', { type: 'image/png' }));
    await app.user.click(within(section).getByRole('button', { name: 'Upload photo' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      t('validation.fileTypes', { types: 'JPEG, PNG, WebP' }),
    );
    await app.user.click(within(section).getByRole('button', { name: 'Cancel' }));
    expect(within(section).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Choose photo' })).toBeInTheDocument();
  });
});
