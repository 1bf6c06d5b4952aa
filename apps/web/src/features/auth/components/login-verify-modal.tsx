import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { loginVerify, loginVerifySend, SECOND_VERIFICATION_METHODS } from '@playhall/contract/calls/auth';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { call } from '../../../lib/api-client.ts';
import { showErrorDialog } from '../../../lib/error-dialog.ts';
import { afterLogin } from '../api/login.ts';
import { ModeSwitch } from './mode-switch.tsx';
import { SmsCodeField } from './sms-fields.tsx';
import styles from './auth-form.module.css';

type TMethod = (typeof SECOND_VERIFICATION_METHODS)[number];

interface TChallenge {
  challengeId: string;
  methods: string[];
  mobileNum: string | null;
  email: string | null;
}

/**
 * Second verification (LOGINIPVERF3): a login from an IP the account never used answers with a
 * challenge; the member proves it with an SMS or e-mail code, the bank real name, or an authenticator code.
 */
export function LoginVerifyModal({ challenge, onClose }: { challenge: TChallenge; onClose: () => void }) {
  const { t } = useTranslation();
  const methods = challenge.methods.filter((m): m is TMethod => (SECOND_VERIFICATION_METHODS as readonly string[]).includes(m));
  const [method, setMethod] = useState<TMethod>(methods[0] ?? 'sms');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);

  async function send(): Promise<number | undefined> {
    if (method !== 'sms' && method !== 'email') return undefined;
    try {
      return (await call(loginVerifySend, { challengeId: challenge.challengeId, method })).expiredMinutes;
    } catch (e) {
      showErrorDialog(e);
      return undefined;
    }
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!code.trim()) {
      setError(t('validation.required'));
      return;
    }
    setError(undefined);
    setPending(true);
    try {
      const value = await call(loginVerify, { challengeId: challenge.challengeId, method, code: code.trim() });
      onClose();
      afterLogin(value);
    } catch (err) {
      showErrorDialog(err);
    } finally {
      setPending(false);
    }
  }

  const target = method === 'sms' ? challenge.mobileNum : method === 'email' ? challenge.email : null;
  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={t('auth.verifyTitle')} width={460} minHeight={0} testId="login-verify-modal">
      {methods.length > 1 && (
        <ModeSwitch
          label={t('auth.verifyTitle')}
          value={method}
          onChange={(m) => {
            setMethod(m);
            setCode('');
          }}
          items={methods.map((m) => ({ value: m, label: t(`auth.verify_${m}`) }))}
        />
      )}
      <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
        <p className={styles.intro}>
          {t('auth.verifyIntro')}
          {target && ` (${target})`}
        </p>
        {method === 'sms' || method === 'email' ? (
          <SmsCodeField key={method} label={t(`auth.verify_${method}`)} value={code} onChange={setCode} error={error} onSend={send} />
        ) : (
          <Input
            label={t(`auth.verify_${method}`)}
            required
            value={code}
            maxLength={method === 'totp' ? 6 : 255}
            inputMode={method === 'totp' ? 'numeric' : undefined}
            error={error}
            onChange={(e) => setCode(e.target.value)}
          />
        )}
        <Button type="submit" size="lg" block disabled={pending}>
          {pending ? t('common.loading') : t('account.verify')}
        </Button>
      </form>
    </Modal>
  );
}
