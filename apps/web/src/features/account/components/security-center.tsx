import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { loginHistory, playerAvatar, totpDisable, totpEnable, totpSetup, updateIcon } from '@playhall/contract/calls/auth';
import { ACTIVITY_IMAGE_TYPES, AVATAR_MAX_BYTES } from '@playhall/contract/constants';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { call } from '../../../lib/api-client.ts';
import { showErrorDialog } from '../../../lib/error-dialog.ts';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { browserLabel, parseUserAgent } from '../user-agent.ts';
import { readImageUpload } from '../../../lib/read-image.ts';
import { showDialog } from '../../../stores/dialog-store.ts';
import { getMemberInfoQueryOptions } from '../../auth/api/get-member-info.ts';
import { ChangePasswordForm } from '../../auth/components/change-password-form.tsx';
import { useSessionStore } from '../../auth/session-store.ts';
import styles from './member-centre.module.css';

const HISTORY_PAGE_SIZE = 10;

/** securityCenter (spec §2): profile and avatar, password, bound contacts, login history, two-factor login. */
export function SecurityCenter() {
  return (
    <>
      <Profile />
      <Bindings />
      <Section title="account.changePassword" testId="mc-password">
        <div className={styles.narrow}>
          <ChangePasswordForm onDone={() => undefined} testId="mc-password-form" />
        </div>
      </Section>
      <TwoFactor />
      <LoginHistory />
    </>
  );
}

type TSectionTitle = 'account.profile' | 'account.bindings' | 'account.changePassword' | 'account.twoFactor' | 'account.loginHistory';

function Section({ title, testId, children }: { title: TSectionTitle; testId: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section className={styles.section} data-testid={testId}>
      <h3 className={styles.sectionTitle}>{t(title)}</h3>
      {children}
    </section>
  );
}

function useMember() {
  const token = useSessionStore((s) => s.token);
  return useQuery(getMemberInfoQueryOptions(token));
}

function Profile() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data: member } = useMember();
  const avatar = useQuery({ queryKey: ['auth', 'avatar'], queryFn: () => call(playerAvatar, {}), meta: { silent: true } });
  const update = useMutation({
    mutationFn: (payload: z.input<typeof updateIcon.request>) => call(updateIcon, payload),
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['auth', 'avatar'] }),
    onError: (error) => showErrorDialog(error),
  });

  async function upload(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const image = await readImageUpload(file, AVATAR_MAX_BYTES);
    if (!image) {
      showDialog({ icon: 'warning', title: t('account.profile'), text: t('account.avatarRule', { size: Math.round(AVATAR_MAX_BYTES / 1024) }) });
      return;
    }
    update.mutate({ avatarType: 'CUSTOM', image });
  }

  return (
    <Section title="account.profile" testId="mc-profile">
      <div className={styles.profile}>
        {avatar.data ? <img className={styles.avatar} src={avatar.data.avatar} alt={t('account.avatar')} /> : <Skeleton width={64} height={64} radius={999} />}
        <div>
          <div className={styles.sectionTitle} data-testid="mc-account">
            <bdi>{member?.account ?? '…'}</bdi>
          </div>
          <div className={styles.muted}>
            {member?.nickname}
            {member?.registeredAt && ` · ${t('account.memberSince', { date: formatDate(member.registeredAt) ?? '' })}`}
          </div>
        </div>
      </div>
      <div className={styles.choices} role="group" aria-label={t('account.avatar')}>
        {avatar.data?.choices.map((c) => (
          <button
            key={c.id}
            type="button"
            className={styles.choice}
            aria-pressed={avatar.data.avatarType === 'STATIC' && avatar.data.avatar === c.url}
            aria-label={t('account.chooseAvatar', { id: c.id })}
            disabled={update.isPending}
            onClick={() => update.mutate({ avatarType: 'STATIC', avatarId: c.id })}
          >
            <img src={c.url} alt="" />
          </button>
        ))}
        <label className={styles.upload}>
          <input type="file" accept={ACTIVITY_IMAGE_TYPES.join(',')} className="sr-only" onChange={(e) => void upload(e)} data-testid="mc-avatar-upload" />
          <span role="button">{t('account.uploadAvatar')}</span>
        </label>
      </div>
    </Section>
  );
}

function Bindings() {
  const { t } = useTranslation();
  const { data: member } = useMember();
  const none = <span className={styles.muted}>{t('account.notBound')}</span>;
  return (
    <Section title="account.bindings" testId="mc-bindings">
      <dl className={styles.list}>
        <dt>{t('register.field.mobileNum')}</dt>
        <dd data-testid="mc-mobile">{member?.mobileNum ? `${member.countryDialingCode ?? ''} ${member.mobileNum}`.trim() : none}</dd>
        <dt>{t('register.field.email')}</dt>
        <dd data-testid="mc-email">{member?.email ?? none}</dd>
      </dl>
    </Section>
  );
}

function TwoFactor() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data: member } = useMember();
  const [setup, setSetup] = useState<{ secret: string; qrCode: string } | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  const enabled = member?.twoFactorEnabled ?? false;

  async function run(work: () => Promise<unknown>, done: string) {
    setPending(true);
    try {
      await work();
      setSetup(null);
      setCode('');
      await queryClient.invalidateQueries({ queryKey: ['auth', 'memberInfo'] });
      showDialog({ icon: 'success', title: t('account.twoFactor'), text: done, autoCloseMs: 2500 });
    } catch (e) {
      showErrorDialog(e);
    } finally {
      setPending(false);
    }
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!/^[0-9]{6}$/.test(code)) {
      setError(t('account.totpCodeRule'));
      return;
    }
    setError(undefined);
    if (enabled) void run(() => call(totpDisable, { code }), t('account.twoFactorOff'));
    else void run(() => call(totpEnable, { code }), t('account.twoFactorOn'));
  }

  async function start() {
    setPending(true);
    try {
      setSetup(await call(totpSetup, {}));
    } catch (e) {
      showErrorDialog(e);
    } finally {
      setPending(false);
    }
  }

  const codeForm = (label: string, testId: string) => (
    <form className={styles.inline} onSubmit={submit} noValidate>
      <Input label={t('account.totpCode')} inputMode="numeric" maxLength={6} value={code} error={error} onChange={(e) => setCode(e.target.value.trim())} data-testid="mc-totp-code" />
      <Button type="submit" disabled={pending} data-testid={testId}>
        {label}
      </Button>
    </form>
  );

  return (
    <Section title="account.twoFactor" testId="mc-2fa">
      <p className={styles.muted}>
        <span className={enabled ? styles.on : styles.off} data-testid="mc-2fa-state">{enabled ? t('account.on') : t('account.off')}</span> {t('account.twoFactorText')}
      </p>
      {enabled ? (
        codeForm(t('account.disable'), 'mc-totp-disable')
      ) : setup ? (
        <>
          <div className={styles.profile}>
            <img className={styles.qr} src={`data:image/png;base64,${setup.qrCode}`} alt={t('account.qrCode')} data-testid="mc-totp-qr" />
            <div className={styles.muted}>
              {t('account.totpScan')}
              <div className={styles.secret}>{setup.secret}</div>
            </div>
          </div>
          {codeForm(t('account.verify'), 'mc-totp-enable')}
        </>
      ) : (
        <div>
          <Button variant="secondary" disabled={pending} onClick={() => void start()} data-testid="mc-totp-setup">
            {t('account.setUp')}
          </Button>
        </div>
      )}
    </Section>
  );
}

/** "Chrome 131 on Linux" from the kept User-Agent (the raw header shows on hover). */
function deviceName(ua: string, t: TFunction): string {
  const d = parseUserAgent(ua);
  const browser = browserLabel(d);
  if (!browser && !d.system) return t('account.unknownDevice');
  if (!d.system) return browser ?? '';
  return t('account.deviceOn', { browser: browser ?? t('account.otherBrowser'), system: d.system });
}

function LoginHistory() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const { data, isPending, isError } = useQuery({
    queryKey: ['auth', 'loginHistory', page],
    queryFn: () => call(loginHistory, { page, pageSize: HISTORY_PAGE_SIZE }),
    meta: { silent: true },
  });
  return (
    <Section title="account.loginHistory" testId="mc-history">
      {isPending ? (
        <Skeleton height={120} />
      ) : isError || !data?.list.length ? (
        <EmptyState compact text={t('account.noHistory')} />
      ) : (
        <>
          <table className={styles.table}>
            <thead>
              <tr>
                <th>{t('account.time')}</th>
                <th>IP</th>
                <th>{t('account.country')}</th>
                <th>{t('account.device')}</th>
              </tr>
            </thead>
            <tbody>
              {data.list.map((row, i) => (
                <tr key={`${row.time}-${i}`}>
                  <td>{formatDateTime(row.time, true)}</td>
                  <td>{row.ip}</td>
                  <td>{row.country}</td>
                  <td title={row.device}>{deviceName(row.device, t)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {data.total > HISTORY_PAGE_SIZE && (
            <div className={styles.inline}>
              <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                {t('common.previous')}
              </Button>
              <span className={styles.muted}>
                {page} / {Math.ceil(data.total / HISTORY_PAGE_SIZE)}
              </span>
              <Button variant="secondary" size="sm" disabled={page * HISTORY_PAGE_SIZE >= data.total} onClick={() => setPage(page + 1)}>
                {t('common.next')}
              </Button>
            </div>
          )}
        </>
      )}
    </Section>
  );
}
