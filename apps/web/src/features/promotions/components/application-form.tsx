import { useQueryClient } from '@tanstack/react-query';
import { ImagePlus, X } from 'lucide-react';
import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { applyActivity } from '@playhall/contract/calls/promotions';
import { ACTIVITY_IMAGE_MAX_BYTES, ACTIVITY_IMAGE_TYPES, ACTIVITY_IMAGES_MAX, ACTIVITY_REMARK_MAX } from '@playhall/contract/constants';
import type { TImageUpload } from '@playhall/contract/fields';
import { Button } from '../../../components/ui/button.tsx';
import fieldStyles from '../../../components/ui/field.module.css';
import { call } from '../../../lib/api-client.ts';
import { createRequestIdSlot } from '../../../lib/money-input.ts';
import { readSniffedImage } from '../../../lib/read-image.ts';
import { showDialog } from '../../../stores/dialog-store.ts';
import { imageProblem } from '../proof-images.ts';
import { showActivityError } from './activity-error.ts';
import styles from './promotions.module.css';

interface TPicked {
  key: number;
  name: string;
  upload: TImageUpload;
}

const SIZE_MB = ACTIVITY_IMAGE_MAX_BYTES / 1024 / 1024;

/** A picked file as an upload, or why it cannot go: type and size first, then its first bytes (a GIF renamed .png is not one). */
async function readProof(file: File, already: number): Promise<TImageUpload | 'type' | 'size' | 'count'> {
  const problem = imageProblem(file, already);
  if (problem) return problem;
  return (await readSniffedImage(file)) ?? 'type';
}

/**
 * The application of a proof activity (spec §3, §5): a remark up to 140 characters and up to 3 PNG or JPEG images
 * under 5 MB each, checked here before sending (the server checks the content again), with previews.
 */
export function ApplicationForm({ activityId }: { activityId: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const id = useId();
  const [remark, setRemark] = useState('');
  const [images, setImages] = useState<TPicked[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const [remarkError, setRemarkError] = useState<string>();
  const [pending, setPending] = useState(false);
  const [slot] = useState(createRequestIdSlot);
  const nextKey = useRef(1);

  async function pick(e: ChangeEvent<HTMLInputElement>) {
    const files = [...(e.target.files ?? [])];
    e.target.value = '';
    const found: string[] = [];
    const added: TPicked[] = [];
    for (const file of files) {
      const read = await readProof(file, images.length + added.length);
      if (typeof read === 'string') {
        found.push(t(`promotions.apply.problem.${read}`, { name: file.name, size: SIZE_MB, max: ACTIVITY_IMAGES_MAX }));
        if (read === 'count') break;
        continue;
      }
      added.push({ key: nextKey.current++, name: file.name, upload: read });
    }
    slot.reset();
    setProblems(found);
    setImages((list) => [...list, ...added]);
  }

  function remove(key: number) {
    slot.reset();
    setProblems([]);
    setImages((list) => list.filter((p) => p.key !== key));
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!remark.trim()) {
      setRemarkError(t('promotions.apply.remarkRequired'));
      return;
    }
    setPending(true);
    try {
      await call(applyActivity, { requestId: slot.take(), id: activityId, remark: remark.trim(), images: images.map((p) => p.upload) });
      slot.reset();
      setRemark('');
      setImages([]);
      setProblems([]);
      showDialog({ icon: 'success', title: t('promotions.apply.title'), text: t('promotions.apply.sent') });
      await queryClient.invalidateQueries({ queryKey: ['promotions'] });
    } catch (err) {
      showActivityError(err);
    } finally {
      setPending(false);
    }
  }

  const full = images.length >= ACTIVITY_IMAGES_MAX;
  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate data-testid="apply-form">
      <div className={fieldStyles.field}>
        <label htmlFor={`${id}-remark`} className={fieldStyles.label}>
          {t('promotions.apply.remark')}
          <span className={fieldStyles.required} aria-hidden="true">
            *
          </span>
        </label>
        <textarea
          id={`${id}-remark`}
          className={styles.textarea}
          value={remark}
          maxLength={ACTIVITY_REMARK_MAX}
          aria-invalid={remarkError ? true : undefined}
          aria-describedby={`${id}-remark-hint`}
          onChange={(e) => {
            slot.reset();
            setRemarkError(undefined);
            setRemark(e.target.value);
          }}
          data-testid="apply-remark"
        />
        <div className={styles.appHead}>
          <span id={`${id}-remark-hint`} className={remarkError ? fieldStyles.error : fieldStyles.hint} role={remarkError ? 'alert' : undefined}>
            {remarkError ?? t('promotions.apply.remarkHint', { max: ACTIVITY_REMARK_MAX })}
          </span>
          <span className={styles.counter} data-over={remark.length >= ACTIVITY_REMARK_MAX} data-testid="apply-counter">
            {remark.length}/{ACTIVITY_REMARK_MAX}
          </span>
        </div>
      </div>
      <div className={fieldStyles.field}>
        <span className={fieldStyles.label} id={`${id}-images`}>
          {t('promotions.apply.images')}
        </span>
        <div className={styles.thumbs} role="group" aria-labelledby={`${id}-images`}>
          {images.map((p, i) => (
            <div key={p.key} className={styles.thumb} data-testid="apply-thumb">
              {/* A data URL: the site's content policy allows data: images, not blob: ones. */}
              <img src={`data:${p.upload.mime};base64,${p.upload.data}`} alt={p.name} />
              <button type="button" className={styles.thumbRemove} onClick={() => remove(p.key)} aria-label={t('promotions.apply.remove', { n: i + 1 })} data-testid="apply-remove">
                <X size={14} aria-hidden />
              </button>
            </div>
          ))}
          {!full && (
            <label className={styles.addImage}>
              <input
                type="file"
                className="sr-only"
                accept={ACTIVITY_IMAGE_TYPES.join(',')}
                multiple
                onChange={(e) => void pick(e)}
                data-testid="apply-images"
              />
              <ImagePlus size={22} aria-hidden />
              {t('promotions.apply.add')}
            </label>
          )}
        </div>
        <span className={fieldStyles.hint}>{t('promotions.apply.imagesHint', { size: SIZE_MB, max: ACTIVITY_IMAGES_MAX })}</span>
        {problems.map((p) => (
          <span key={p} className={fieldStyles.error} role="alert" data-testid="apply-problem">
            {p}
          </span>
        ))}
      </div>
      <Button type="submit" size="lg" block disabled={pending} data-testid="apply-submit">
        {t('promotions.apply.submit')}
      </Button>
    </form>
  );
}
