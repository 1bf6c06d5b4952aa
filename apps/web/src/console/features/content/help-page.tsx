import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { consoleHelpAdd, consoleHelpArticles, consoleHelpEdit, consoleHelpRemove, type TConsoleHelpArticle } from '@playhall/contract/console-content';
import { Button } from '../../../components/ui/button.tsx';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { useShowError } from '../../components/error-dialog.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { QueryView } from '../../components/query-view.tsx';
import { ReasonDialog } from '../../components/reason-dialog.tsx';
import { ConsoleError, consoleCall } from '../../lib/console-api.ts';
import type { TFieldErrors } from '../../lib/field-errors.ts';
import { consoleQuery } from '../../lib/use-console-query.ts';
import { useSession } from '../auth/session.tsx';
import { contentErrors, hasText } from './content-messages.ts';
import { RichTextEditor } from './rich-text-editor.tsx';
import { SanitisedPreview } from './sanitised-preview.tsx';
import common from '../../components/console.module.css';

/**
 * The members' help centre (issue 24): articles by category, added, edited and removed through the CLI's
 * `help add|edit|remove` on the server, which sanitises the HTML and keeps each change in the audit log.
 */
export function HelpPage() {
  const edit = useSession().allows('content.edit');
  const queryClient = useQueryClient();
  const query = useQuery(consoleQuery(consoleHelpArticles, {}));
  // null: closed; 'new': adding; a row: editing it.
  const [editing, setEditing] = useState<TConsoleHelpArticle | 'new' | null>(null);
  const [previewing, setPreviewing] = useState<TConsoleHelpArticle | null>(null);
  const [removing, setRemoving] = useState<TConsoleHelpArticle | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: [consoleHelpArticles.name] });

  return (
    <>
      <PageHeader
        title="Help articles"
        actions={
          edit && (
            <Button onClick={() => setEditing('new')} data-testid="help-add">
              Add article
            </Button>
          )
        }
      >
        <p className={common.muted}>The help centre members read, by category. Changes reach members on their next page load.</p>
      </PageHeader>
      <QueryView query={query}>
        {({ list }) =>
          list.length === 0 ? (
            <EmptyState text="No help articles yet." />
          ) : (
            <DataTable
              caption="Help articles"
              testId="help-table"
              rows={list}
              rowKey={(r) => r.id}
              columns={[
                { key: 'category', header: 'Category', cell: (r) => r.categoryTitle },
                { key: 'title', header: 'Title', wrap: true, cell: (r) => <span data-testid="help-row">{r.title}</span> },
                { key: 'sort', header: 'Order', numeric: true, cell: (r) => r.sort },
                {
                  key: 'actions',
                  header: <span className="sr-only">Actions</span>,
                  cell: (r) => (
                    <div className={common.rowActions}>
                      <Button variant="ghost" size="sm" onClick={() => setPreviewing(r)} data-testid="help-view">
                        Preview
                      </Button>
                      {edit && (
                        <Button variant="secondary" size="sm" onClick={() => setEditing(r)} data-testid="help-edit">
                          Edit
                        </Button>
                      )}
                      {edit && (
                        <Button variant="danger" size="sm" onClick={() => setRemoving(r)} data-testid="help-remove">
                          Remove
                        </Button>
                      )}
                    </div>
                  ),
                },
              ]}
            />
          )
        }
      </QueryView>
      {editing !== null && <HelpDialog key={editing === 'new' ? 'new' : editing.id} article={editing === 'new' ? null : editing} onClose={() => setEditing(null)} onSaved={refresh} />}
      <Modal open={previewing !== null} onOpenChange={(o) => !o && setPreviewing(null)} title={previewing?.categoryTitle ?? ''} width={640} minHeight={0} testId="help-preview-dialog">
        {previewing && <SanitisedPreview title={previewing.title} html={previewing.content} testId="help-preview" note={false} />}
      </Modal>
      <ReasonDialog
        open={removing !== null}
        onOpenChange={(o) => !o && setRemoving(null)}
        title={`Remove "${removing?.title ?? ''}"`}
        description="Members stop seeing it on their next page load."
        withReason={false}
        confirmLabel="Remove"
        variant="danger"
        onConfirm={() => (removing ? consoleCall(consoleHelpRemove, { id: removing.id }) : Promise.resolve())}
        onDone={refresh}
      />
    </>
  );
}

/** Adds an article, or edits one; once saved it shows the article as the server stored it (sanitised). */
function HelpDialog({ article, onClose, onSaved }: { article: TConsoleHelpArticle | null; onClose: () => void; onSaved: () => void }) {
  const [category, setCategory] = useState(article?.categoryTitle ?? '');
  const [title, setTitle] = useState(article?.title ?? '');
  const [content, setContent] = useState(article?.content ?? '');
  const [sort, setSort] = useState(article ? String(article.sort) : '');
  const [errors, setErrors] = useState<TFieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState<TConsoleHelpArticle | null>(null);
  const showError = useShowError();

  async function submit() {
    const local: TFieldErrors = {};
    if (!category.trim()) local.category = 'Enter a category.';
    if (!title.trim()) local.title = 'Enter a title.';
    if (!hasText(content)) local.content = 'Write the article.';
    if (sort.trim() && !/^-?\d{1,7}$/.test(sort.trim())) local.sort = 'A whole number, or empty.';
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    setBusy(true);
    try {
      const fields = { category, title, content, sort: sort.trim() ? Number(sort.trim()) : null };
      setSaved(article ? await consoleCall(consoleHelpEdit, { id: article.id, ...fields }) : await consoleCall(consoleHelpAdd, fields));
      onSaved();
    } catch (err) {
      if (err instanceof ConsoleError && Object.keys(err.fields).length > 0) setErrors(contentErrors(err.fields));
      else showError(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open
      onOpenChange={(o) => !o && onClose()}
      title={saved ? 'Article saved' : article ? 'Edit the article' : 'Add a help article'}
      width={720}
      minHeight={0}
      testId="help-dialog"
      footer={
        saved ? (
          <Button onClick={onClose} data-testid="help-done">
            Done
          </Button>
        ) : (
          <>
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={() => void submit()} disabled={busy} data-testid="help-save">
              Save
            </Button>
          </>
        )
      }
    >
      {saved ? (
        <SanitisedPreview title={saved.title} html={saved.content} testId="help-saved-preview" />
      ) : (
        <form
          className={common.form}
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
          noValidate
        >
          <Input label="Category" hint="An existing category's title files it there; a new title makes a category." required maxLength={100} value={category} onChange={(e) => setCategory(e.target.value)} error={errors.category} data-testid="help-category" />
          <Input label="Title" required maxLength={200} value={title} onChange={(e) => setTitle(e.target.value)} error={errors.title} data-testid="help-title" />
          <RichTextEditor label="Article" onChange={setContent} error={errors.content} testId="help-content" initialHtml={article?.content} />
          <Input label="Order" hint="Optional: empty puts a new article last and keeps an edited one in place." inputMode="numeric" value={sort} onChange={(e) => setSort(e.target.value)} error={errors.sort} data-testid="help-sort" />
        </form>
      )}
    </Modal>
  );
}
