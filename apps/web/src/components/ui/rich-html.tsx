import { useMemo } from 'react';
import { sanitizeHtml } from '../../lib/sanitize.ts';

/** Server HTML rendered after DOMPurify; the only place the app sets inner HTML. */
export function RichHtml({ html, className, testId }: { html: string; className?: string; testId?: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return (
    <div className={['rich-text', className].filter(Boolean).join(' ')} data-testid={testId} dangerouslySetInnerHTML={{ __html: clean }} />
  );
}
