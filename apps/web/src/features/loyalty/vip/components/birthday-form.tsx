import { useQueryClient } from '@tanstack/react-query';
import { Cake, CheckCircle2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmBirthday } from '@playhall/contract/calls/loyalty';
import { Button } from '../../../../components/ui/button.tsx';
import { quickRange } from '../../../../components/ui/date-range.ts';
import { Input } from '../../../../components/ui/input.tsx';
import { call } from '../../../../lib/api-client.ts';
import { showErrorDialog } from '../../../../lib/error-dialog.ts';
import { showDialog } from '../../../../stores/dialog-store.ts';
import { ageOn, BIRTHDAY_MIN_AGE } from '../vip-progress.ts';
import styles from './vip.module.css';

/** The birthday, confirmed once by the member at 21 or older (spec §9); the level's birthday bonus is paid on it. */
export function BirthdayForm({ birthday, bonus }: { birthday: string | null; bonus: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [day, setDay] = useState('');
  const [adult, setAdult] = useState(false);
  const [errors, setErrors] = useState<{ day?: string; adult?: string }>({});
  const [pending, setPending] = useState(false);
  const today = quickRange('today').to;

  if (birthday) {
    return (
      <div className={styles.confirmed} data-testid="vip-birthday-confirmed">
        <CheckCircle2 size={18} color="var(--success)" aria-hidden />
        {t('vip.birthdayConfirmed', { date: birthday })}
      </div>
    );
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found: typeof errors = {};
    const age = day ? ageOn(day, today) : null;
    if (!day) found.day = t('validation.required');
    else if (age === null || age < 0) found.day = t('vip.birthdayInvalid');
    else if (age < BIRTHDAY_MIN_AGE) found.day = t('error.birthday_too_young');
    if (!adult) found.adult = t('vip.ageConfirmRequired');
    setErrors(found);
    if (Object.keys(found).length) return;
    setPending(true);
    try {
      await call(confirmBirthday, { birthday: day, confirmAge: true });
      await queryClient.invalidateQueries({ queryKey: ['loyalty', 'vip'] });
      showDialog({ icon: 'success', title: t('vip.birthdayTitle'), text: t('vip.birthdaySaved'), autoCloseMs: 2500 });
    } catch (err) {
      showErrorDialog(err);
    } finally {
      setPending(false);
    }
  }

  return (
    <form className={styles.birthdayForm} onSubmit={(e) => void submit(e)} noValidate data-testid="vip-birthday-form">
      <p className={styles.muted}>
        <Cake size={14} aria-hidden style={{ verticalAlign: '-2px' }} /> {t('vip.birthdayText', { bonus })}
      </p>
      <Input
        type="date"
        label={t('vip.birthdayLabel')}
        max={today}
        value={day}
        error={errors.day}
        onChange={(e) => {
          setDay(e.target.value);
          setErrors((v) => ({ ...v, day: undefined }));
        }}
        required
        data-testid="vip-birthday-date"
      />
      <div>
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={adult}
            onChange={(e) => {
              setAdult(e.target.checked);
              setErrors((v) => ({ ...v, adult: undefined }));
            }}
            aria-invalid={errors.adult ? true : undefined}
            data-testid="vip-birthday-age"
          />
          {t('vip.ageConfirm', { age: BIRTHDAY_MIN_AGE })}
        </label>
        {errors.adult && (
          <span className={styles.checkError} role="alert">
            {errors.adult}
          </span>
        )}
      </div>
      <p className={styles.hint}>{t('vip.birthdayOnce')}</p>
      <div>
        <Button type="submit" disabled={pending} data-testid="vip-birthday-submit">
          {t('vip.birthdaySubmit')}
        </Button>
      </div>
    </form>
  );
}
