import { ImageUp } from 'lucide-react';
import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ACTIVITY_IMAGE_MAX_BYTES, ACTIVITY_IMAGE_TYPES } from '@playhall/contract/constants';
import type { TImageUpload } from '@playhall/contract/fields';
import { readImageUpload } from '../../../lib/read-image.ts';
import fieldStyles from '../../../components/ui/field.module.css';
import styles from './wallet.module.css';

/** One PNG or JPEG under 5 MB (spec §9) read into the contract's ZImageUpload; `error` shows under it. */
export function ImagePicker({ label, onChange, error, testId }: { label: string; onChange: (image: TImageUpload | null) => void; error?: string; testId: string }) {
  const { t } = useTranslation();
  const [name, setName] = useState<string>();
  const [rule, setRule] = useState<string>();

  async function pick(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    if (!file) return;
    const image = await readImageUpload(file);
    setRule(image ? undefined : t('error.invalid_image'));
    setName(image ? file.name : undefined);
    onChange(image);
  }

  const shown = rule ?? error;
  return (
    <div className={fieldStyles.field}>
      <span className={fieldStyles.label}>{label}</span>
      <label className={styles.upload}>
        <input type="file" accept={ACTIVITY_IMAGE_TYPES.join(',')} className="sr-only" onChange={(e) => void pick(e)} data-testid={testId} />
        <ImageUp size={16} aria-hidden />
        <span className={styles.uploadName}>{name ?? t('wallet.chooseImage', { size: ACTIVITY_IMAGE_MAX_BYTES / 1024 / 1024 })}</span>
      </label>
      {shown && (
        <span className={fieldStyles.error} role="alert">
          {shown}
        </span>
      )}
    </div>
  );
}
