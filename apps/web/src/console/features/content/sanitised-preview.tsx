import { RichHtml } from '../../../components/ui/rich-html.tsx';
import common from '../../components/console.module.css';

/**
 * What members will see: the HTML as the server stored it after sanitising, under its title. Shown once a save
 * answers (announcements, help articles, promotion terms) and when an operator previews a saved row.
 */
export function SanitisedPreview({ title, html, testId, note = true }: { title: string; html: string; testId?: string; note?: boolean }) {
  return (
    <div className={common.form}>
      {note && <p className={common.muted}>Members will see it like this (sanitised by the server):</p>}
      <article className={common.card} data-testid={testId}>
        <h3>{title}</h3>
        <RichHtml html={html} />
      </article>
    </div>
  );
}
