import { useMemo } from 'react';
import { sanitizeHtml } from '../../lib/sanitize.ts';

/** Server HTML rendered after DOMPurify; the only place the app sets inner HTML. */
export function RichHtml({ html, className, testId, id }: { html: string; className?: string; testId?: string; id?: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return (
    <div id={id} className={['rich-text', className].filter(Boolean).join(' ')} data-testid={testId} dangerouslySetInnerHTML={{ __html: clean }} />
  );
}
