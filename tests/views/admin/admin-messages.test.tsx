// /admin/messages (issue 25): the reported conversations (the reason, who reported it, when), reading
// one read only, and the admin menu's entry; axe-core's structural rules over both screens.
import { screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@/shared/time';
import { useAdminApi } from '../../msw/admin-handlers';
import { chat, wireMessage } from '../../msw/message-handlers';
import { openAsAdmin, openScreenAsAdmin } from './open-admin';
import { msgText } from '@/views/components/messages/messages-text';

useAdminApi();

const REPORTED_AT = '2026-11-20T09:30:00Z';

function reported() {
  chat.reported = [
    {
      id: 7,
      users: [
        { user_id: 5, first_name: 'Grace', last_name: 'Mwangi', role: 'teacher' },
        { user_id: 12, first_name: 'Wanjiru', last_name: 'Kamau', role: 'student' },
      ],
      reported_at: REPORTED_AT,
      report_reason: 'Asked me to pay outside Somesha',
      reported_by_user_id: 12,
      message_count: 2,
      updated_at: REPORTED_AT,
    },
  ];
  chat.reportedMessages.set(7, [
    wireMessage({ thread_id: 7, sender_user_id: 12, text: 'Can we meet on Tuesday?' }),
    wireMessage({
      thread_id: 7,
      sender_user_id: 5,
      text: 'Pay me on [contact details hidden]',
      masked: true,
    }),
  ]);
}

async function violations(): Promise<string[]> {
  const result = await axe.run(document.body, {
    resultTypes: ['violations'],
    rules: { 'color-contrast': { enabled: false } },
  });
  return result.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.html.slice(0, 160)).join(' | ')}`,
  );
}

describe('admin: reported messages', () => {
  it('lists the reported conversations with the reason, who reported and when, and reads one', async () => {
    reported();
    const app = await openScreenAsAdmin('/admin/messages');
    const link = await screen.findByRole('link', {
      name: 'Grace Mwangi (teacher) and Wanjiru Kamau (student)',
    });
    const card = link.closest('article') as HTMLElement;
    expect(within(card).getByText('Reason: Asked me to pay outside Somesha')).toBeInTheDocument();
    expect(
      within(card).getByText(new RegExp(`Reported by Wanjiru Kamau on ${formatDateTime(REPORTED_AT)}`)),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Reported messages' })).toHaveAttribute('aria-current', 'page');
    // No messages icon for an admin: they write to nobody.
    expect(screen.queryByRole('link', { name: /^Messages/ })).not.toBeInTheDocument();
    expect(await violations()).toEqual([]);

    await app.user.click(link);
    await app.landsOn('/admin/messages/7');
    expect(await screen.findByText('Can we meet on Tuesday?')).toBeInTheDocument();
    expect(screen.getByText('Pay me on [contact details hidden]')).toBeInTheDocument();
    expect(screen.getByText(msgText('adminReadOnly'))).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(await violations()).toEqual([]);
  });

  it('says when nothing is reported', async () => {
    await openAsAdmin('/admin/messages');
    expect(await screen.findByText(msgText('adminEmpty'))).toBeInTheDocument();
  });

  it('answers a thread that was not reported with the failure and Try again', async () => {
    await openAsAdmin('/admin/messages/99');
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
