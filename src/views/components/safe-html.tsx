import DOMPurify from 'dompurify';
import { useMemo, type ComponentPropsWithoutRef } from 'react';

type Props = Omit<ComponentPropsWithoutRef<'div'>, 'children' | 'dangerouslySetInnerHTML'> & { html: string };

/** The only place that renders server- or machine-provided HTML; DOMPurify strips scripts and handlers. */
export function SafeHtml({ html, ...rest }: Props) {
  const clean = useMemo(() => DOMPurify.sanitize(html, { USE_PROFILES: { html: true } }), [html]);
  return <div {...rest} dangerouslySetInnerHTML={{ __html: clean }} />;
}
