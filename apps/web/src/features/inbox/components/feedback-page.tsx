import { ImagePlus, X } from 'lucide-react';
import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FEEDBACK_CATEGORIES, FEEDBACK_MAX_CHARS, type TFeedbackCategory } from '@playhall/contract/calls/system';
import { ACTIVITY_IMAGE_MAX_BYTES, ACTIVITY_IMAGE_TYPES } from '@playhall/contract/constants';
import type { TImageUpload } from '@playhall/contract/fields';
import { Button } from '../../../components/ui/button.tsx';
import { CardSection } from '../../../components/ui/card-section.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import fieldStyles from '../../../components/ui/field.module.css';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { showErrorDialog } from '../../../lib/error-dialog.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { readSniffedImage } from '../../../lib/read-image.ts';
import { showDialog } from '../../../stores/dialog-store.ts';
import { useFeedbackHistory, useSendFeedback } from '../api/feedback.ts';
import { feedbackProblem } from '../feedback-text.ts';
import styles from './inbox.module.css';

const PAGE_SIZE = 5;
const SIZE_MB = ACTIVITY_IMAGE_MAX_BYTES / 1024 / 1024;

/** One PNG or JPEG under 5 MB, checked by its first bytes (the server decodes it again), or why not. */
async function readFeedbackImage(file: File): Promise<TImageUpload | 'type' | 'size'> {
  if (!(ACTIVITY_IMAGE_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size > ACTIVITY_IMAGE_MAX_BYTES) return 'size';
  return (await readSniffedImage(file)) ?? 'type';
}

/** The form: a type, 1 to 140 characters with a live count, an optional image with its preview. */
function FeedbackForm() {
  const { t } = useTranslation();
  const id = useId();
  const send = useSendFeedback();
  const [category, setCategory] = useState<TFeedbackCategory>('suggestion');
  const [content, setContent] = useState('');
  const [image, setImage] = useState<{ name: string; upload: TImageUpload } | null>(null);
  const [imageError, setImageError] = useState<string>();
  const [tried, setTried] = useState(false);
  const [pending, setPending] = useState(false);

  const problem = feedbackProblem(content);
  // Over the limit shows at once; empty only after a first try.
  const shown = problem === 'long' || (tried && problem) ? t('feedback.lengthRule', { min: 1, max: FEEDBACK_MAX_CHARS }) : undefined;
  const length = content.trim().length;

  async function pick(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const read = await readFeedbackImage(file);
    if (typeof read === 'string') {
      setImageError(t(`feedback.imageProblem.${read}`, { size: SIZE_MB }));
      return;
    }
    setImageError(undefined);
    setImage({ name: file.name, upload: read });
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    setTried(true);
    if (problem) return;
    setPending(true);
    try {
      await send({ category, content: content.trim(), ...(image ? { image: image.upload } : {}) });
      setContent('');
      setImage(null);
      setTried(false);
      showDialog({ icon: 'success', title: t('centre.feedback'), text: t('feedback.sent') });
    } catch (err) {
      showErrorDialog(err);
    } finally {
      setPending(false);
    }
  }

  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate data-testid="fb-form">
      <Select
        label={t('feedback.type')}
        value={category}
        onChange={(e) => setCategory(e.target.value as TFeedbackCategory)}
        options={FEEDBACK_CATEGORIES.map((c) => ({ value: c, label: t(`feedback.category.${c}`) }))}
        data-testid="fb-category"
      />
      <div className={fieldStyles.field}>
        <label htmlFor={`${id}-content`} className={fieldStyles.label}>
          {t('feedback.content')}
          <span className={fieldStyles.required} aria-hidden="true">
            *
          </span>
        </label>
        <textarea
          id={`${id}-content`}
          className={styles.textarea}
          value={content}
          placeholder={t('feedback.placeholder')}
          aria-invalid={shown ? true : undefined}
          aria-describedby={`${id}-hint`}
          onChange={(e) => setContent(e.target.value)}
          data-testid="fb-content"
        />
        <div className={styles.countRow}>
          <span id={`${id}-hint`} className={shown ? fieldStyles.error : fieldStyles.hint} role={shown ? 'alert' : undefined} data-testid="fb-rule">
            {shown ?? t('feedback.lengthHint', { max: FEEDBACK_MAX_CHARS })}
          </span>
          <span className={styles.counter} data-over={length > FEEDBACK_MAX_CHARS} data-testid="fb-counter">
            {length}/{FEEDBACK_MAX_CHARS}
          </span>
        </div>
      </div>
      <div className={fieldStyles.field}>
        <span className={fieldStyles.label}>{t('feedback.image')}</span>
        <div className={styles.picker}>
          {image ? (
            <div className={styles.thumb} data-testid="fb-thumb">
              {/* A data URL: the site's content policy allows data: images, not blob: ones. */}
              <img src={`data:${image.upload.mime};base64,${image.upload.data}`} alt={image.name} />
              <button type="button" className={styles.thumbRemove} onClick={() => setImage(null)} aria-label={t('feedback.removeImage')} data-testid="fb-remove">
                <X size={14} aria-hidden />
              </button>
            </div>
          ) : (
            <label className={styles.addImage}>
              <input type="file" className="sr-only" accept={ACTIVITY_IMAGE_TYPES.join(',')} onChange={(e) => void pick(e)} data-testid="fb-image" />
              <ImagePlus size={18} aria-hidden />
              {t('feedback.addImage')}
            </label>
          )}
          <span className={fieldStyles.hint}>{t('feedback.imageHint', { size: SIZE_MB })}</span>
        </div>
        {imageError && (
          <span className={fieldStyles.error} role="alert" data-testid="fb-image-problem">
            {imageError}
          </span>
        )}
      </div>
      <Button type="submit" size="lg" block disabled={pending || problem === 'long'} data-testid="fb-submit">
        {t('feedback.submit')}
      </Button>
    </form>
  );
}

/** The member's feedback, newest first: type, time, status, the text as text (never HTML), its image, the reply. */
function FeedbackHistory() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const list = useFeedbackHistory(page, PAGE_SIZE);
  if (list.isPending) return <Skeleton height={240} radius={10} />;
  if (list.isError) return <LoadFailed onRetry={() => void list.refetch()} />;
  if (list.data.list.length === 0) return <EmptyState compact text={t('feedback.empty')} testId="fb-empty" />;
  return (
    <>
      <ul className={styles.history} data-testid="fb-history">
        {list.data.list.map((f) => (
          <li key={f.id} className={styles.item} data-status={f.status} data-testid="fb-item">
            <div className={styles.itemHead}>
              <span className={styles.kind}>{t(`feedback.category.${f.category}`)}</span>
              <span className={styles.kind} data-kind={f.status === 'replied' ? 'personal' : undefined} data-testid="fb-status">
                {t(`feedback.status.${f.status}`)}
              </span>
              <time className={styles.time} dateTime={f.createdAt}>
                {formatDateTime(f.createdAt)}
              </time>
            </div>
            <p className={styles.itemText} data-testid="fb-text">
              {f.content}
            </p>
            {f.imageUrl && <img className={styles.itemImage} src={f.imageUrl} alt={t('feedback.image')} loading="lazy" data-testid="fb-item-image" />}
            {f.reply !== null && (
              <div className={styles.reply} data-testid="fb-reply">
                <span className={styles.replyLabel}>
                  {t('feedback.reply')}
                  {f.repliedAt && ` · ${formatDateTime(f.repliedAt) ?? ''}`}
                </span>
                <p className={styles.itemText}>{f.reply}</p>
              </div>
            )}
          </li>
        ))}
      </ul>
      <Pagination page={page} total={Math.ceil(list.data.total / PAGE_SIZE)} onChange={setPage} />
    </>
  );
}

/** Feedback (spec §1, §2 "other labelled screens", §5, §7): the form beside the member's history with replies. */
export function FeedbackPage() {
  const { t } = useTranslation();
  return (
    <div className={styles.feedback}>
      <CardSection title={t('centre.feedback')} testId="fb-section">
        <FeedbackForm />
      </CardSection>
      <CardSection title={t('feedback.history')} testId="fb-history-section">
        <FeedbackHistory />
      </CardSection>
    </div>
  );
}
