// /messages (issue 25): the thread list, the open thread, sending (and what a refusal says), older
// pages, a new thread from `?to=`, live messages over the one stream, block and report, the top
// bar's unread count, and "Message the teacher" on a lesson page. The fake API is tests/msw.
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { MESSAGE_MAX, CHAT_TEXT } from '@/shared/chat';
import { api } from '../../msw/handlers';
import { chat, wireMessage } from '../../msw/message-handlers';
import { FakeEventSource, installFakeEventSource } from '../../msw/notification-handlers';
import { useLearnerApi } from '../../msw/learner-handlers';
import { renderApp, renderPage, signedInAs } from '../../render';
import { msgText } from '@/views/components/messages/messages-text';

useLearnerApi();
installFakeEventSource();
afterAll(() => {
  delete (globalThis as { EventSource?: unknown }).EventSource;
});

const originalMatchMedia = window.matchMedia;
afterEach(() => {
  window.matchMedia = originalMatchMedia;
});
/** A desktop-wide window: the list and the thread side by side. */
function wideWindow() {
  window.matchMedia = ((query: string) => ({
    ...originalMatchMedia(query),
    matches: query.includes('min-width'),
    media: query,
  })) as typeof window.matchMedia;
}

const GRACE = 13;
const OTIENO = 14;

async function open(path: string, { page = false } = {}) {
  signedInAs('student@example.com');
  const app = page ? renderPage(path) : renderApp(path);
  await app.landsOn(path);
  return app;
}

// The top bar's (the side menu has a Messages entry too).
const messagesButton = async (unread: number) =>
  within(await screen.findByRole('banner')).findByRole('link', {
    name: unread ? `Messages, ${unread} unread` : 'Messages',
  });
const conversation = () => screen.getByRole('region', { name: 'Messages' });
const box = () => screen.getByRole('textbox', { name: msgText('placeholder') });

describe('messages page', () => {
  it('lists the conversations newest first with their unread counts, opens one and reads it', async () => {
    chat.addThread({ user_id: OTIENO, first_name: 'Otieno', last_name: 'Kamau' }, { id: 8, count: 1 });
    chat.addThread({ user_id: GRACE }, { id: 7, count: 3, unread: 2 });
    const app = await open('/messages');
    expect(await messagesButton(2)).toHaveAttribute('href', '/messages');
    const rows = await screen.findAllByRole('link', { name: /Grace Mwangi|Otieno Kamau/ });
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/Grace Mwangi.*Message 3 of 3.*2 unread$/),
      expect.stringMatching(/Otieno Kamau.*Message 1 of 1$/),
    ]);

    await app.user.click(rows[0]!);
    await app.landsOn('/messages/7');
    const thread = within(conversation());
    expect((await thread.findAllByRole('listitem')).map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Message 1 of 3/),
      expect.stringMatching(/^Message 2 of 3You · /),
      expect.stringMatching(/^Message 3 of 3/),
    ]);
    // On show and visible: read, and the top bar hears the new total.
    await waitFor(() => expect(api.calls).toContain('POST /api/messages/read/7'));
    expect(await messagesButton(0)).toBeInTheDocument();
    // A phone shows one screen at a time: the way back to the list.
    expect(screen.getByRole('link', { name: msgText('back') })).toHaveAttribute('href', '/messages');
  });

  it('says so when there is no conversation yet', async () => {
    await open('/messages');
    expect(await screen.findByText(msgText('empty'))).toBeInTheDocument();
  });

  it('shows the list and the thread side by side on a wide screen', async () => {
    wideWindow();
    chat.addThread({ user_id: GRACE }, { id: 7, count: 1 });
    await open('/messages/7');
    const link = await screen.findByRole('link', { name: /^Grace Mwangi/ });
    expect(link).toHaveAttribute('aria-current', 'page');
    expect(await within(conversation()).findByText('Message 1 of 1')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: msgText('back') })).not.toBeInTheDocument();
  });

  it('sends with a counter; a refusal says why in plain words and keeps the text for Try again', async () => {
    chat.addThread({ user_id: GRACE }, { id: 7, count: 1 });
    const app = await open('/messages/7', { page: true });
    await within(conversation()).findByText('Message 1 of 1');
    await app.user.type(box(), 'Is Tuesday fine?');
    expect(screen.getByText(`16 / ${MESSAGE_MAX}`)).toBeInTheDocument();

    chat.failNextSend(403, 'You cannot message this person.');
    await app.user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You cannot message this person.');
    expect(box()).toHaveValue('Is Tuesday fine?');

    chat.failNextSend(422, 'The given data was invalid.', { text: ['Write a message first.'] });
    await app.user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Write a message first.'));

    await app.user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await within(conversation()).findByText('Is Tuesday fine?')).toBeInTheDocument();
    expect(box()).toHaveValue('');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(api.bodies.get('POST /api/messages')).toEqual({ to_user_id: GRACE, text: 'Is Tuesday fine?' });
  });

  it('shows text as text, and why contact details are hidden', async () => {
    const thread = chat.addThread({ user_id: GRACE }, { id: 7, count: 0 });
    chat.messages.set(7, [
      wireMessage({
        thread_id: 7,
        sender_user_id: GRACE,
        text: '<b>Call me</b> on [contact details hidden]',
        masked: true,
      }),
    ]);
    void thread;
    await open('/messages/7', { page: true });
    expect(await screen.findByText('<b>Call me</b> on [contact details hidden]')).toBeInTheDocument();
    expect(conversation().querySelector('b')).toBeNull();
    expect(screen.getByText(CHAT_TEXT.masked)).toBeInTheDocument();
  });

  it('loads earlier messages above the newest 30', async () => {
    chat.addThread({ user_id: GRACE }, { id: 7, count: 35 });
    const app = await open('/messages/7', { page: true });
    const items = () => within(conversation()).getAllByRole('listitem');
    await waitFor(() => expect(items()).toHaveLength(30));
    expect(items()[0]).toHaveTextContent('Message 6 of 35');
    await app.user.click(screen.getByRole('button', { name: msgText('loadEarlier') }));
    await waitFor(() => expect(items()).toHaveLength(35));
    expect(items()[0]).toHaveTextContent('Message 1 of 35');
    expect(screen.queryByRole('button', { name: msgText('loadEarlier') })).not.toBeInTheDocument();
  });

  it('writes to someone new from ?to=: the first message makes the thread and opens it', async () => {
    const app = await open('/messages?to=21&name=Baraka', { page: true });
    expect(await screen.findByRole('heading', { name: 'New message to Baraka' })).toBeInTheDocument();
    await app.user.type(await screen.findByRole('textbox', { name: msgText('placeholder') }), 'Hello');
    await app.user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(app.currentPath()).toMatch(/^\/messages\/\d+$/));
    expect(await screen.findByText('Hello')).toBeInTheDocument();
    expect(api.bodies.get('POST /api/messages')).toEqual({ to_user_id: 21, text: 'Hello' });
  });

  it("opens the pair's existing thread from ?to=, and says the limit when a new one is refused", async () => {
    chat.addThread({ user_id: GRACE }, { id: 7, count: 1 });
    signedInAs('student@example.com');
    const app = renderPage(`/messages?to=${GRACE}&name=Grace`);
    await waitFor(() => expect(app.currentPath()).toBe('/messages/7'));
    expect(await screen.findByText('Message 1 of 1')).toBeInTheDocument();

    chat.failNextSend(429, 'You can start up to 5 new conversations a day. Try again tomorrow.');
    app.navigate('/messages?to=22&name=Amina');
    await screen.findByRole('heading', { name: 'New message to Amina' });
    await app.user.type(await screen.findByRole('textbox', { name: msgText('placeholder') }), 'Hi');
    await app.user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You can start up to 5 new conversations a day. Try again tomorrow.',
    );
    expect(screen.getByRole('textbox', { name: msgText('placeholder') })).toHaveValue('Hi');
  });

  it('adds a live message to the open thread once, and toasts one for another thread with its link', async () => {
    const grace = chat.addThread({ user_id: GRACE }, { id: 7, count: 1 });
    const otieno = chat.addThread(
      { user_id: OTIENO, first_name: 'Otieno', last_name: 'Kamau' },
      { id: 8, count: 1 },
    );
    await open('/messages/7');
    await within(conversation()).findByText('Message 1 of 1');
    const stream = FakeEventSource.latest()!;
    act(() => stream.open());
    const live = wireMessage({ thread_id: 7, sender_user_id: GRACE, text: 'See you on Tuesday' });
    const event = {
      thread_id: 7,
      message: live,
      unread_count: 1,
      thread: { ...grace, unread_count: 1, last_message: live },
    };
    act(() => stream.send('message', event));
    act(() => stream.send('message', event));
    expect(await within(conversation()).findAllByText('See you on Tuesday')).toHaveLength(1);
    await waitFor(() =>
      expect(api.calls.filter((call) => call === 'POST /api/messages/read/7').length).toBeGreaterThan(0),
    );

    const other = wireMessage({ thread_id: 8, sender_user_id: OTIENO, text: 'Is the lesson still on?' });
    act(() =>
      stream.send('message', {
        thread_id: 8,
        message: other,
        unread_count: 1,
        thread: { ...otieno, unread_count: 1, last_message: other },
      }),
    );
    const toast = (await screen.findByText('New message from Otieno Kamau')).closest(
      '.mantine-Notification-root',
    ) as HTMLElement;
    expect(within(toast).getByText('Is the lesson still on?')).toBeInTheDocument();
    expect(within(toast).getByRole('link', { name: 'Open' })).toHaveAttribute('href', '/messages/8');
    expect(await messagesButton(1)).toBeInTheDocument();
  });

  it('loads the list again when a live message changes the unread total', async () => {
    const otieno = chat.addThread(
      { user_id: OTIENO, first_name: 'Otieno', last_name: 'Kamau' },
      { id: 8, count: 1 },
    );
    await open('/messages');
    await screen.findByRole('link', { name: /Otieno Kamau.*Message 1 of 1/ });
    const stream = FakeEventSource.latest()!;
    act(() => stream.open());
    // The server has the new message; the stream tells of it.
    const live = wireMessage({ thread_id: 8, sender_user_id: OTIENO, text: 'Running late' });
    chat.messages.set(8, [...(chat.messages.get(8) ?? []), live]);
    Object.assign(otieno, { last_message: live, unread_count: 1 });
    act(() => stream.send('message', { thread_id: 8, message: live, unread_count: 1, thread: otieno }));
    expect(
      await screen.findByRole('link', { name: /Otieno Kamau.*Running late.*1 unread/ }),
    ).toBeInTheDocument();
    expect(await messagesButton(1)).toBeInTheDocument();
  });

  it('blocks and unblocks the other person, and reports the thread with a reason', async () => {
    chat.addThread({ user_id: GRACE }, { id: 7, count: 1 });
    const app = await open('/messages/7', { page: true });
    await within(conversation()).findByText('Message 1 of 1');
    await app.user.click(screen.getByRole('button', { name: msgText('menu') }));
    await app.user.click(await screen.findByRole('menuitem', { name: msgText('block') }));
    expect(await screen.findByText(msgText('blocked', { name: 'Grace Mwangi' }))).toBeInTheDocument();
    expect(box()).toBeDisabled();
    expect(api.calls).toContain(`POST /api/messages/block/${GRACE}`);

    await app.user.click(screen.getByRole('button', { name: msgText('menu') }));
    await app.user.click(await screen.findByRole('menuitem', { name: msgText('unblock') }));
    await waitFor(() => expect(box()).toBeEnabled());
    expect(api.calls).toContain(`DELETE /api/messages/block/${GRACE}`);

    await app.user.click(screen.getByRole('button', { name: msgText('menu') }));
    await app.user.click(await screen.findByRole('menuitem', { name: msgText('report') }));
    const dialog = await screen.findByRole('dialog', { name: msgText('reportTitle') });
    await app.user.click(within(dialog).getByRole('button', { name: msgText('report') }));
    expect(await within(dialog).findByText(msgText('reportReasonMissing'))).toBeInTheDocument();
    await app.user.type(within(dialog).getByRole('textbox', { name: msgText('reportReason') }), 'Rude words');
    await app.user.click(within(dialog).getByRole('button', { name: msgText('report') }));
    expect(await screen.findByText(msgText('reportDone'))).toBeInTheDocument();
    expect(api.bodies.get('POST /api/messages/report/7')).toEqual({ reason: 'Rude words' });
    await app.user.click(screen.getByRole('button', { name: msgText('menu') }));
    expect(await screen.findByRole('menuitem', { name: msgText('report') })).toBeDisabled();
  });
});

describe('Message the teacher', () => {
  it("opens a conversation with the lesson's teacher from the lesson page", async () => {
    await open('/lessons/show/LSN-UP201', { page: true });
    expect(await screen.findByRole('link', { name: msgText('messageTeacher') })).toHaveAttribute(
      'href',
      '/messages?to=13&name=Grace+Mwangi',
    );
  });
});
