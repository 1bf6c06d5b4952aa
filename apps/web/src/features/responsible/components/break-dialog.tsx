import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { RG_COOLING_HOURS, type RG_BREAK_DAYS } from '@playhall/contract/calls/responsible';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { showErrorDialog } from '../../../lib/error-dialog.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { showDialog } from '../../../stores/dialog-store.ts';
import { useSessionStore } from '../../auth/session-store.ts';
import { useResponsibleChange } from '../api/responsible.ts';
import styles from './responsible.module.css';

/** A break of `days`, confirmed with the login password: what it pauses, and that ending it early waits. */
export function BreakDialog({ days, onOpenChange }: { days: (typeof RG_BREAK_DAYS)[number]; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const token = useSessionStore((s) => s.token);
  const change = useResponsibleChange(token);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!password) return setError(t('validation.required'));
    change.mutate(
      { call: 'break', input: { days, password } },
      {
        onSuccess: (state) => {
          onOpenChange(false);
          showDialog({ icon: 'success', title: t('rg.breakTitle'), text: t('rg.onBreak', { time: formatDateTime(state.breakUntil ?? '', { offset: true }) ?? '' }) });
        },
        onError: (err) => showErrorDialog(err),
      },
    );
  }

  return (
    <Modal open onOpenChange={onOpenChange} title={t('rg.takeBreak')} width={520} minHeight={0} testId="rg-break-dialog">
      <form className={styles.dialog} onSubmit={submit} noValidate>
        <p className={styles.lead}>{t('rg.breakConfirmLead', { count: days })}</p>
        <ul className={styles.points}>
          <li>{t('rg.breakPoint.paused')}</li>
          <li>{t('rg.breakPoint.withdraw')}</li>
          <li>{t('rg.breakPoint.endEarly', { hours: RG_COOLING_HOURS })}</li>
        </ul>
        <Input
          label={t('rg.confirmPassword')}
          type="password"
          autoComplete="current-password"
          value={password}
          error={error}
          onChange={(e) => {
            setPassword(e.target.value);
            setError(undefined);
          }}
          data-testid="rg-break-password"
        />
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" disabled={change.isPending} data-testid="rg-break-confirm">
            {t('rg.takeBreak')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
