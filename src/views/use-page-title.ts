import { useLayoutEffect } from 'react';
import { t } from '@/shared/messages';

/** "home" → "Home | Somesha" (SPEC §2: capitalised title, separator, product name). */
export function pageTitleText(title: string): string {
  return `${title.charAt(0).toUpperCase() + title.slice(1)} | ${t('app.name')}`;
}

let renderedTitle: string | null = null;

/** The title the last server render asked for (src/entry-server.tsx puts it in the HTML); resets it. */
export function takeRenderedTitle(): string | null {
  const title = renderedTitle;
  renderedTitle = null;
  return title;
}

/**
 * Sets `document.title` to "Title | Somesha".
 * A layout effect: the title changes in the same commit as the page, never a frame after it.
 * On the server, where effects do not run, the render records it for the page's `<title>`.
 */
export function usePageTitle(title: string): void {
  if (typeof document === 'undefined') renderedTitle = pageTitleText(title);
  useLayoutEffect(() => {
    document.title = pageTitleText(title);
  }, [title]);
}
