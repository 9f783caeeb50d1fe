import { useEffect } from 'react';
import { t } from '@/shared/messages';

/** Sets `document.title` to "Title | Somesha" (SPEC §2: capitalised title, separator, product name). */
export function usePageTitle(title: string): void {
  useEffect(() => {
    const capitalised = title.charAt(0).toUpperCase() + title.slice(1);
    document.title = `${capitalised} | ${t('app.name')}`;
  }, [title]);
}
