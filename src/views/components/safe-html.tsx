import { useEffect, useMemo, useState, type ComponentPropsWithoutRef } from 'react';

type Props = Omit<ComponentPropsWithoutRef<'div'>, 'children' | 'dangerouslySetInnerHTML'> & { html: string };

type Sanitize = (html: string) => string;

// DOMPurify (about 10 KB compressed) is fetched the first time a message is shown, not with the
// app's first script: most visits never show one.
let sanitize: Sanitize | null = null;
let loading: Promise<Sanitize> | null = null;

function loadSanitizer(): Promise<Sanitize> {
  loading ??= import('dompurify').then(({ default: DOMPurify }) => {
    const ready: Sanitize = (html) => DOMPurify.sanitize(html, { USE_PROFILES: { html: true } });
    sanitize = ready;
    return ready;
  });
  return loading;
}

/**
 * The sanitizer once DOMPurify has loaded, else null; `enabled` starts the download (the snackbar
 * passes `visible`, so it shows a message only once it can render it as HTML, in one go).
 */
export function useSanitizer(enabled = true): Sanitize | null {
  const [sanitizer, setSanitizer] = useState<Sanitize | null>(() => sanitize);
  useEffect(() => {
    if (sanitizer || !enabled) return;
    let live = true;
    void loadSanitizer().then((ready) => {
      if (live) setSanitizer(() => ready);
    });
    return () => {
      live = false;
    };
  }, [sanitizer, enabled]);
  return sanitizer;
}

/** The message's text only: an inert DOMParser document runs no script and loads nothing. */
function plainText(html: string): string {
  return new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
}

/**
 * The only place that renders server- or machine-provided HTML; DOMPurify strips scripts and handlers.
 * Until DOMPurify has loaded, the message shows as plain text (React escapes it).
 */
export function SafeHtml({ html, ...rest }: Props) {
  const sanitizer = useSanitizer();
  const clean = useMemo(() => (sanitizer ? sanitizer(html) : null), [sanitizer, html]);
  if (clean === null) return <div {...rest}>{plainText(html)}</div>;
  return <div {...rest} dangerouslySetInnerHTML={{ __html: clean }} />;
}
