import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { changePassword } from '@playhall/contract/calls/auth';
import { patternMessage, validateByRule } from '@playhall/contract/patterns';
import { passwordRule } from '@playhall/contract/validation';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { call } from '../../../lib/api-client.ts';
import { endingOwnSession } from '../../../lib/own-session-end.ts';
import { showErrorDialog } from '../../../lib/error-dialog.ts';
import { showDialog } from '../../../stores/dialog-store.ts';
import { openModal } from '../../../stores/ui-store.ts';
import { useRegisterSetting } from '../../system/api/get-register-setting.ts';
import { useSessionStore } from '../session-store.ts';
import styles from './auth-form.module.css';

type TField = 'oldPassword' | 'newPassword' | 'confirmNewPassword';

/**
 * Change password (POST /wps/member/password, encrypted): the new one follows the register rule of
 * `password`, the old one is asked only when one is stored. The server then ends every session of
 * the account (docs/decisions.md), so success signs out and asks for a login with the new password.
 */
export function ChangePasswordForm({ onDone, testId }: { onDone: () => void; testId?: string }) {
  const { t } = useTranslation();
  const hasPassword = useSessionStore((s) => s.member?.hasPassword ?? true);
  const { data: setting } = useRegisterSetting();
  const [values, setValues] = useState<Record<TField, string>>({ oldPassword: '', newPassword: '', confirmNewPassword: '' });
  const [errors, setErrors] = useState<Partial<Record<TField, string>>>({});
  const [pending, setPending] = useState(false);
  const rule = passwordRule(setting?.rules ?? []);

  function validate(): Partial<Record<TField, string>> {
    const found: Partial<Record<TField, string>> = {};
    if (hasPassword && !values.oldPassword) found.oldPassword = t('validation.required');
    const err = validateByRule(values.newPassword, rule);
    if (err === 'required') found.newPassword = t('validation.required');
    else if (err) found.newPassword = patternMessage(t(`pattern.${rule.patternId}` as 'pattern.0'), rule.minLength, rule.maxLength);
    if (!values.confirmNewPassword) found.confirmNewPassword = t('validation.required');
    else if (values.confirmNewPassword !== values.newPassword) found.confirmNewPassword = t('error.password_mismatch');
    return found;
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length) return;
    setPending(true);
    try {
      // The server ends this session too: its socket may say so before the answer comes (own-session-end.ts).
      await endingOwnSession(useSessionStore.getState().token, () =>
        call(changePassword, {
          ...(hasPassword ? { oldPassword: values.oldPassword } : {}),
          newPassword: values.newPassword,
          confirmNewPassword: values.confirmNewPassword,
        }),
      );
      onDone();
      useSessionStore.getState().signOut();
      // The login modal opens from the dialog's button: a modal opened under a dialog would hide it.
      showDialog({
        icon: 'success',
        title: t('account.passwordChanged'),
        text: t('account.passwordChangedText'),
        buttons: [{ label: t('auth.login'), variant: 'primary', onClick: () => openModal({ name: 'login' }) }],
      });
    } catch (error) {
      showErrorDialog(error);
    } finally {
      setPending(false);
    }
  }

  const field = (name: TField, label: string, autoComplete: string) => (
    <Input
      label={label}
      required
      type="password"
      autoComplete={autoComplete}
      value={values[name]}
      error={errors[name]}
      data-testid={`cp-${name}`}
      onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
    />
  );

  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate data-testid={testId}>
      {hasPassword && field('oldPassword', t('account.oldPassword'), 'current-password')}
      {field('newPassword', t('account.newPassword'), 'new-password')}
      {field('confirmNewPassword', t('account.confirmNewPassword'), 'new-password')}
      <Button type="submit" size="lg" block disabled={pending} data-testid="cp-submit">
        {pending ? t('common.loading') : t('account.changePassword')}
      </Button>
    </form>
  );
}
