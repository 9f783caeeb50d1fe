import { useLayoutEffect } from 'react';
import { t } from '@/shared/messages';

/**
 * Sets `document.title` to "Title | Somesha" (SPEC §2: capitalised title, separator, product name).
 * A layout effect: the title changes in the same commit as the page, never a frame after it.
 */
export function usePageTitle(title: string): void {
  useLayoutEffect(() => {
    const capitalised = title.charAt(0).toUpperCase() + title.slice(1);
    document.title = `${capitalised} | ${t('app.name')}`;
  }, [title]);
}
