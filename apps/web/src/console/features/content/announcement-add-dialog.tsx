import { useState } from 'react';
import type { z } from 'zod';
import { consoleAnnouncementAdd, ZConsoleAnnouncementType } from '@playhall/contract/console';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { useShowError } from '../../components/error-dialog.tsx';
import { ConsoleError, consoleCall } from '../../lib/console-api.ts';
import type { TFieldErrors } from '../../lib/field-errors.ts';
import { RichTextEditor } from './rich-text-editor.tsx';
import { SanitisedPreview } from './sanitised-preview.tsx';
import common from '../../components/console.module.css';

type TType = z.infer<typeof ZConsoleAnnouncementType>;
type TSaved = z.output<typeof consoleAnnouncementAdd.response>;

export const ANNOUNCEMENT_TYPE_LABELS: Record<TType, string> = {
  B: 'Banner',
  PL: 'Player notice',
  PU: 'Pop-up',
  PR: 'Promotion notice',
  H: 'Headline (marquee)',
};

/**
 * A new announcement: type, title, content in the rich-text editor, optional image, link and end. Once saved, the
 * dialog shows the content as the server returned it after sanitising — what members will see.
 */
export function AnnouncementAddDialog({ open, onOpenChange, onSaved }: { open: boolean; onOpenChange: (open: boolean) => void; onSaved: () => void }) {
  const [type, setType] = useState<TType>('PL');
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [imageUrl, setImageUrl] = useState('');
  const [linkUrl, setLinkUrl] = useState('');
  const [endsAt, setEndsAt] = useState('');
  const [errors, setErrors] = useState<TFieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState<TSaved | null>(null);
  const showError = useShowError();

  function close() {
    setTitle('');
    setContent('');
    setImageUrl('');
    setLinkUrl('');
    setEndsAt('');
    setErrors({});
    setSaved(null);
    onOpenChange(false);
  }

  async function submit() {
    const local: TFieldErrors = {};
    if (!title.trim()) local.title = 'Enter a title.';
    // The editor leaves markup such as <br> behind when emptied: what counts is text.
    if (!new DOMParser().parseFromString(content, 'text/html').body.textContent?.trim()) local.content = 'Write the content.';
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    setBusy(true);
    try {
      const row = await consoleCall(consoleAnnouncementAdd, {
        type,
        title,
        content,
        imageUrl: imageUrl.trim() || null,
        linkUrl: linkUrl.trim() || null,
        endsAt: endsAt ? new Date(endsAt).toISOString() : null,
      });
      setSaved(row);
      onSaved();
    } catch (err) {
      if (err instanceof ConsoleError && Object.keys(err.fields).length > 0) setErrors(err.fields);
      else showError(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open={open}
      onOpenChange={(o) => (o ? onOpenChange(true) : close())}
      title={saved ? 'Announcement saved' : 'Add an announcement'}
      width={720}
      minHeight={0}
      testId="announcement-dialog"
      footer={
        saved ? (
          <Button onClick={close} data-testid="announcement-done">
            Done
          </Button>
        ) : (
          <>
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button onClick={() => void submit()} disabled={busy} data-testid="announcement-save">
              Save
            </Button>
          </>
        )
      }
    >
      {saved ? (
        <SanitisedPreview title={saved.title} html={saved.content} testId="announcement-preview" />
      ) : (
        <form
          className={common.form}
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
          noValidate
        >
          <Select label="Type" value={type} onChange={(e) => setType(e.target.value as TType)} options={ZConsoleAnnouncementType.options.map((t) => ({ value: t, label: ANNOUNCEMENT_TYPE_LABELS[t] }))} error={errors.type} data-testid="announcement-type" />
          <Input label="Title" required maxLength={200} value={title} onChange={(e) => setTitle(e.target.value)} error={errors.title} data-testid="announcement-title" />
          <RichTextEditor label="Content" onChange={setContent} error={errors.content} testId="announcement-content" />
          <Input label="Image URL" hint={type === 'B' ? 'A banner shows this image.' : 'Optional.'} maxLength={500} value={imageUrl} onChange={(e) => setImageUrl(e.target.value)} error={errors.imageUrl} data-testid="announcement-image" />
          <Input label="Link URL" hint="Optional." maxLength={500} value={linkUrl} onChange={(e) => setLinkUrl(e.target.value)} error={errors.linkUrl} data-testid="announcement-link" />
          <Input label="Ends at" type="datetime-local" hint="Optional: empty runs until removed." value={endsAt} onChange={(e) => setEndsAt(e.target.value)} error={errors.endsAt} data-testid="announcement-ends" />
        </form>
      )}
    </Modal>
  );
}
