// Issue 24: a teacher uploads vetting documents from their profile: the kind, a PDF or image file
// checked before anything is sent (the server's words), and the list of what is uploaded.
import { fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { t } from '@/shared/messages';
import { api } from '../../msw/handlers';
import { profileWorkspace } from '../../msw/profile-workspace-handlers';
import { server, useFakeApi } from '../../msw/server';
import { renderApp, signedInAs } from '../../render';

useFakeApi();

const PDF_BYTES = new TextEncoder().encode('%PDF-1.4\n');
const pdf = () => new File([PDF_BYTES], 'diploma.pdf', { type: 'application/pdf' });

async function openDocuments(email = 'teacher@example.com', path = '/teacher') {
  signedInAs(email);
  const app = renderApp(path);
  await app.landsOn(path);
  const section = await screen.findByRole('region', { name: t('vetting.title') });
  const form = await within(section).findByRole('form', { name: 'Upload a document' });
  const input = form.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  // fireEvent, not user.upload: the control's `accept` would drop a wrong file before the app saw it.
  const choose = (file: File) => fireEvent.change(input, { target: { files: [file] } });
  const upload = () => app.user.click(within(form).getByRole('button', { name: 'Upload document' }));
  return { app, section, form, choose, upload };
}

describe('vetting documents on the teacher profile', () => {
  it('uploads a certificate PDF and lists it, with the server’s message', async () => {
    const { app, section, form, choose, upload } = await openDocuments();
    expect(within(section).getByText(t('teach.noDocuments'))).toBeInTheDocument();

    await app.user.click(within(form).getByRole('radio', { name: 'Certificate' }));
    choose(pdf());
    expect(within(form).getByText('diploma.pdf')).toBeInTheDocument();
    await upload();

    expect(await screen.findByText(t('teach.documentUploaded'))).toBeInTheDocument();
    expect(api.calls).toContain('POST /api/teacher/documents');
    // The answer's document joins the list (jsdom's files lose their names on the way to the fake,
    // so the row is found by what the fake stored; the browser test checks the real name).
    expect(profileWorkspace.documents).toMatchObject([{ kind: 'certificate', mime_type: 'application/pdf' }]);
    const [stored] = profileWorkspace.documents;
    const link = await within(section).findByRole('link', { name: String(stored?.name) });
    expect(link).toHaveAttribute('href', `/api/files/${String(stored?.id)}`);
    expect(link.closest('li')).toHaveTextContent(/^Certificate: /);
    expect(within(section).queryByText(t('teach.noDocuments'))).not.toBeInTheDocument();
    // Ready for the next one: the file is cleared, the kind kept.
    expect(within(form).queryByText('diploma.pdf')).not.toBeInTheDocument();
    expect(within(form).getByRole('radio', { name: 'Certificate' })).toBeChecked();
  });

  it('lists what was uploaded before, also on the completion screen of a new teacher', async () => {
    profileWorkspace.documents = [
      {
        id: 7,
        kind: 'id_document',
        name: 'kitambulisho.jpg',
        size: 2048,
        mime_type: 'image/jpeg',
        url: '/api/files/7',
      },
    ];
    const { section } = await openDocuments('newteacher@example.com', '/complete-profile/teacher');
    const link = within(section).getByRole('link', { name: 'kitambulisho.jpg' });
    expect(link).toHaveAttribute('href', '/api/files/7');
    expect(link.closest('li')).toHaveTextContent('National ID or passport: kitambulisho.jpg');
  });

  it('says on the fields what is missing, a wrong type and a too-large file, and sends nothing', async () => {
    const { form, choose, upload } = await openDocuments();
    await upload();
    expect(within(form).getByText(t('teach.documentKind'))).toBeInTheDocument();
    expect(within(form).getByText(t('vetting.chooseFile'))).toBeInTheDocument();

    choose(new File(['hello'], 'cv.docx', { type: 'application/msword' }));
    expect(within(form).getByText(t('teach.documentType'))).toBeInTheDocument();
    choose(new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'scan.png', { type: 'image/png' }));
    expect(within(form).getByText(t('validation.fileSize', { size: 10 }))).toBeInTheDocument();
    await upload();
    expect(api.calls).not.toContain('POST /api/teacher/documents');
  });

  it('shows the server’s refusal on the file field, then uploads once the file is right', async () => {
    server.use(
      http.post(
        '/api/teacher/documents',
        () =>
          HttpResponse.json(
            { message: t('teach.documentType'), errors: { files: [t('teach.documentType')] } },
            { status: 422 },
          ),
        { once: true },
      ),
    );
    const { app, form, section, choose, upload } = await openDocuments();
    await app.user.click(within(form).getByRole('radio', { name: 'National ID or passport' }));
    choose(new File(['not really'], 'id.png', { type: 'image/png' }));
    await upload();
    expect(await within(form).findByText(t('teach.documentType'))).toBeInTheDocument();
    expect(within(section).queryByRole('link')).not.toBeInTheDocument();

    await upload();
    expect(await screen.findByText(t('teach.documentUploaded'))).toBeInTheDocument();
    expect(within(section).getAllByRole('link')).toHaveLength(1);
    expect(within(form).queryByText(t('teach.documentType'))).not.toBeInTheDocument();
  });

  it('offers Try again when the list does not load', async () => {
    // Down for the first read and its automatic retry.
    let failures = 2;
    server.use(
      http.get('/api/teacher/documents', () => {
        if (failures === 0) return undefined;
        failures -= 1;
        return HttpResponse.json({ message: 'Server error.' }, { status: 500 });
      }),
    );
    signedInAs('teacher@example.com');
    const app = renderApp('/teacher');
    await app.landsOn('/teacher');
    const section = await screen.findByRole('region', { name: t('vetting.title') });
    expect(await within(section).findByRole('alert')).toHaveTextContent('Server error.');
    await app.user.click(within(section).getByRole('button', { name: 'Try again' }));
    expect(await within(section).findByText(t('teach.noDocuments'))).toBeInTheDocument();
  });
});
