// Addresses of pages that moved, answered with a permanent redirect before the page shell
// (server/app.ts): old links, bookmarks and search engines land on the new page.

/**
 * `/teachers?teacher=ID`, the profile dialog's address before issue 25, is now the page
 * `/teachers/ID`; null for any other URL.
 */
export function movedPage(url: string): string | null {
  const [path, search = ''] = url.split('?', 2);
  if (path !== '/teachers') return null;
  const id = new URLSearchParams(search).get('teacher');
  return id && /^\d{1,10}$/.test(id) ? `/teachers/${id}` : null;
}
