import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { selfExclude, type RG_EXCLUSION_MONTHS } from '@playhall/contract/calls/responsible';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { call } from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { showErrorDialog } from '../../../lib/error-dialog.ts';
import { noteSelfExclusion } from '../../../lib/self-exclusion-note.ts';
import { closeDialog, useDialogStore } from '../../../stores/dialog-store.ts';
import { closeModal } from '../../../stores/ui-store.ts';
import { useSessionStore } from '../../auth/session-store.ts';
import styles from './responsible.module.css';

/**
 * Self-exclusion for `months`: says plainly what it means, asks the login password and that the member understands.
 * On success this tab signs out (the server has ended every session; other tabs hear it on their socket) and says
 * until when the account is closed.
 */
export function SelfExclusionDialog({ months, onOpenChange }: { months: (typeof RG_EXCLUSION_MONTHS)[number]; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [password, setPassword] = useState('');
  const [understood, setUnderstood] = useState(false);
  const [error, setError] = useState<string>();
  const exclude = useMutation({
    mutationFn: () => call(selfExclude, { months, password }),
    meta: { silent: true },
    onSuccess: ({ until }) => {
      noteSelfExclusion(until);
      useSessionStore.getState().signOut();
      queryClient.removeQueries({ queryKey: ['auth'] });
      queryClient.removeQueries({ queryKey: ['wallet'] });
      queryClient.removeQueries({ queryKey: ['responsible'] });
      closeModal();
      // The socket may have said "session ended" first: this dialog says why instead.
      for (const d of useDialogStore.getState().dialogs) if (d.key === 'session_expired') closeDialog(d.id);
      showErrorDialog(new ApiError('rg_self_excluded', 'This account is self-excluded', 403, { until }));
    },
    onError: (err) => showErrorDialog(err),
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!password) return setError(t('validation.required'));
    exclude.mutate();
  }

  const length = months % 12 === 0 ? t('rg.years', { count: months / 12 }) : t('rg.months', { count: months });
  return (
    <Modal open onOpenChange={onOpenChange} title={t('rg.exclusionTitle')} width={560} minHeight={0} testId="rg-exclusion-dialog">
      <form className={styles.dialog} onSubmit={submit} noValidate>
        <p className={styles.lead}>{t('rg.exclusionLead', { length })}</p>
        <ul className={styles.points}>
          <li>{t('rg.exclusionPoint.logout')}</li>
          <li>{t('rg.exclusionPoint.login')}</li>
          <li>{t('rg.exclusionPoint.bonuses')}</li>
          <li>{t('rg.exclusionPoint.promotions')}</li>
          <li>{t('rg.exclusionPoint.final')}</li>
        </ul>
        <p className={styles.muted}>{t('rg.exclusionWithdraw')}</p>
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
          data-testid="rg-exclusion-password"
        />
        <label className={styles.check}>
          <input type="checkbox" checked={understood} onChange={(e) => setUnderstood(e.target.checked)} data-testid="rg-exclusion-understood" />
          {t('rg.exclusionUnderstood', { length })}
        </label>
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="danger" disabled={!understood || exclude.isPending} data-testid="rg-exclusion-confirm">
            {t('rg.selfExclude')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
