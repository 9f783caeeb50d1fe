// The labels of the messages screens (issue 25), kept with them rather than in the shared catalogue
// (src/shared/messages.ts), which every page's script carries (the landing pages' budget). What the
// thread machine says is in src/shared/chat.ts (`CHAT_TEXT`); the toast's title, which the
// notifications machine (in every signed-in page) says, is `msgclient.toastTitle` in the catalogue.

export const MESSAGES_TEXT = {
  title: 'Messages',
  conversations: 'Conversations',
  loadEarlier: 'Load earlier messages',
  send: 'Send',
  placeholder: 'Write a message',
  counter: '{count} / {max}',
  empty: 'No conversations yet. Write to a teacher from their profile or a lesson.',
  noMessages: 'No messages yet. Say hello.',
  choose: 'Choose a conversation.',
  newTo: 'New message to {name}',
  newThread: 'New message',
  back: 'All conversations',
  you: 'You',
  unread: '{count} unread',
  menu: 'Conversation options',
  block: 'Block',
  unblock: 'Unblock',
  report: 'Report',
  reportTitle: 'Report this conversation',
  reportReason: 'Why are you reporting it?',
  reportHelp: 'An admin will read this conversation. Up to {max} characters.',
  reportReasonMissing: 'Say why you are reporting this conversation.',
  blocked: '{name} is blocked. Unblock them to write again.',
  blockedByThem: 'You cannot message this person.',
  blockDone: '{name} is blocked.',
  unblockDone: '{name} is unblocked.',
  reportDone: 'Thank you. An admin will read this conversation.',
  messageButton: 'Message',
  messageTeacher: 'Message the teacher',
  topBar: 'Messages',
  topBarUnread: 'Messages, {count} unread',
  adminTitle: 'Reported conversations',
  adminEmpty: 'No conversation has been reported.',
  adminReportedBy: 'Reported by {name} on {when}',
  adminReason: 'Reason: {reason}',
  adminMessages: '{count} messages',
  adminReadOnly: 'You are reading a reported conversation. It is read only.',
  adminBack: 'All reported conversations',
} as const;

export type MessagesTextKey = keyof typeof MESSAGES_TEXT;

/** A label, with `{name}` placeholders filled in. */
export function msgText(key: MessagesTextKey, params?: Record<string, string | number>): string {
  const template: string = MESSAGES_TEXT[key];
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}
