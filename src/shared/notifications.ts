// What a notification says and links to (`data {title, body, url}`, docs/learning-workspace.md): the
// bell, the notifications page and the toasts read it the same way.

export type NotificationContent = { title: string; body: string; url: string | null };

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

export function notificationContent(notification: { data: Record<string, unknown> }): NotificationContent {
  const { title, body, url } = notification.data;
  return {
    title: text(title),
    body: text(body),
    // Only a path of this site: a notification never sends the learner elsewhere.
    url: typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') ? url : null,
  };
}
