import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Copy } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { affiliateCodes, CONTRACT_KINDS, createAffiliateCode, registerDownline, type TContractKind, type TContractTerms } from '@playhall/contract/calls/agent';
import type { TMemberType } from '@playhall/contract/calls/auth';
import { isSafeDisplayName } from '@playhall/contract/names';
import { patternMessage } from '@playhall/contract/patterns';
import { accountIssues, type TRuleIssue } from '@playhall/contract/validation';
import { Button } from '../../../components/ui/button.tsx';
import { CardSection } from '../../../components/ui/card-section.tsx';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { call } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useRegisterSetting } from '../../system/api/get-register-setting.ts';
import { showDialog } from '../../../stores/dialog-store.ts';
import { useMyContracts, useMyRates } from '../api/my-rates.ts';
import { useAgentQuery } from '../api/use-agent-query.ts';
import { newDraft, termsOf, type TDraftErrors, type TTermsDraft } from '../contract-terms.ts';
import { TermsEditor } from './terms-editor.tsx';
import styles from './agent-centre.module.css';

type TField = 'username' | 'nickname' | 'password' | 'confirm';
type TOffers = Partial<Record<TContractKind, TTermsDraft>>;

/** agentRegister: open an account under this agent, optionally proposing contracts; and the invitation codes. */
export function RegisterDownline() {
  return (
    <>
      <RegisterForm />
      <AffiliateCodes />
    </>
  );
}

function RegisterForm() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const rates = useMyRates();
  const mine = useMyContracts();
  // A downline's username and password follow the merchant's register rules, as the server checks them.
  const rules = useRegisterSetting().data?.rules ?? [];
  const [values, setValues] = useState({ username: '', password: '', confirm: '', nickname: '', type: 'member' as TMemberType });
  const [errors, setErrors] = useState<Partial<Record<TField, string>>>({});
  const [offers, setOffers] = useState<TOffers>({});
  const [offerErrors, setOfferErrors] = useState<Partial<Record<TContractKind, TDraftErrors>>>({});
  const register = useMutation({
    mutationFn: (payload: z.input<typeof registerDownline.request>) => call(registerDownline, payload),
    onSuccess: async (created) => {
      setValues({ username: '', password: '', confirm: '', nickname: '', type: values.type });
      setOffers({});
      await queryClient.invalidateQueries({ queryKey: ['agent'] });
      showDialog({ icon: 'success', title: t('agent.register.doneTitle'), text: t('agent.register.done', { account: created.account }) });
    },
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    const found: Partial<Record<TField, string>> = {};
    const ruleText = (issue: TRuleIssue): string =>
      issue.params
        ? patternMessage(t(`pattern.${issue.params.patternId}` as 'pattern.0'), issue.params.min, issue.params.max)
        : issue.message === 'required'
          ? t('validation.required')
          : t(`error.${issue.message}` as 'error.unknown_error');
    for (const issue of accountIssues(rules, { username: values.username.trim(), password: values.password })) {
      found[issue.path as TField] ??= ruleText(issue);
    }
    if (values.nickname.trim() && !isSafeDisplayName(values.nickname.trim())) found.nickname = t('error.name_characters');
    if (!values.confirm) found.confirm = t('validation.required');
    else if (values.confirm !== values.password) found.confirm = t('error.password_mismatch');
    const contracts: TContractTerms[] = [];
    const termErrors: Partial<Record<TContractKind, TDraftErrors>> = {};
    // Contracts go to agents only: a member has no agent centre to answer them in.
    for (const kind of values.type === 'agent' ? CONTRACT_KINDS : []) {
      const draft = offers[kind];
      if (!draft) continue;
      const out = termsOf(draft);
      if ('errors' in out) termErrors[kind] = out.errors;
      else contracts.push(out.terms);
    }
    setErrors(found);
    setOfferErrors(termErrors);
    if (Object.keys(found).length || Object.keys(termErrors).length) return;
    register.mutate({
      username: values.username.trim(),
      password: values.password,
      type: values.type,
      ...(values.nickname.trim() ? { nickname: values.nickname.trim() } : {}),
      ...(contracts.length ? { contracts } : {}),
    });
  }

  const set = (name: keyof typeof values, value: string) => setValues((v) => ({ ...v, [name]: value }));

  return (
    <CardSection title={t('agent.nav.agentRegister')} testId="register-section">
      <form className={styles.form} onSubmit={submit} noValidate data-testid="register-form">
        <Input label={t('agent.register.username')} required autoComplete="off" value={values.username} error={errors.username} onChange={(e) => set('username', e.target.value)} data-testid="register-username" />
        <Input label={t('agent.register.nickname')} autoComplete="off" value={values.nickname} error={errors.nickname} onChange={(e) => set('nickname', e.target.value)} data-testid="register-nickname" />
        <Input label={t('agent.register.password')} required type="password" autoComplete="new-password" value={values.password} error={errors.password} onChange={(e) => set('password', e.target.value)} data-testid="register-password" />
        <Input label={t('agent.register.confirm')} required type="password" autoComplete="new-password" value={values.confirm} error={errors.confirm} onChange={(e) => set('confirm', e.target.value)} data-testid="register-confirm" />
        <Select
          label={t('agent.register.type')}
          value={values.type}
          onChange={(e) => set('type', e.target.value)}
          options={[
            { value: 'member', label: t('agent.type.member') },
            { value: 'agent', label: t('agent.type.agent') },
          ]}
          data-testid="register-type"
        />
        {values.type === 'agent' && (
          <div className={`${styles.full} ${styles.offers}`}>
            <p className={styles.muted}>{t('agent.register.contractsHint')}</p>
            {CONTRACT_KINDS.map((kind) => {
              const draft = offers[kind];
              // A kind the agent holds no contract of is not its to offer (the server refuses it: contract_not_held).
              const notHeld = mine.ready && !mine.terms.has(kind);
              return (
                <div key={kind} className={styles.offer}>
                  <label className={styles.check}>
                    <input
                      type="checkbox"
                      checked={!!draft}
                      disabled={notHeld}
                      aria-describedby={notHeld ? `register-not-held-${kind}` : undefined}
                      onChange={(e) => setOffers((o) => ({ ...o, [kind]: e.target.checked ? newDraft(kind) : undefined }))}
                      data-testid={`register-offer-${kind}`}
                    />
                    {t('agent.register.offer', { kind: t(`agent.kind.${kind}`) })}
                  </label>
                  {notHeld && (
                    <p id={`register-not-held-${kind}`} className={styles.muted} data-testid={`register-not-held-${kind}`}>
                      {t('agent.register.notHeld')}
                    </p>
                  )}
                  {draft && (
                    <TermsEditor
                      draft={draft}
                      onChange={(d) => setOffers((o) => ({ ...o, [kind]: d }))}
                      errors={offerErrors[kind] ?? {}}
                      maxRate={rates.get(kind)}
                      testId={`register-terms-${kind}`}
                    />
                  )}
                </div>
              );
            })}
          </div>
        )}
        <div className={`${styles.full} ${styles.actions}`}>
          <Button type="submit" disabled={register.isPending} data-testid="register-submit">
            {t('agent.register.submit')}
          </Button>
        </div>
      </form>
    </CardSection>
  );
}

/** The register link as a visitor opens it: the server may answer a path on this site. */
const linkOf = (url: string): string => new URL(url, window.location.origin).href;

/** Copy text to the clipboard and say so. */
async function copy(text: string, done: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    showDialog({ icon: 'success', text: done, autoCloseMs: 1500 });
  } catch {
    // No clipboard permission (an insecure page): show the link to copy by hand.
    showDialog({ icon: 'info', text });
  }
}

function AffiliateCodes() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [type, setType] = useState<TMemberType>('member');
  const codes = useAgentQuery(affiliateCodes, {});
  const create = useMutation({
    mutationFn: () => call(createAffiliateCode, { type }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['agent', affiliateCodes.name] }),
  });

  return (
    <CardSection
      title={t('agent.affiliate.title')}
      testId="affiliate-section"
      actions={
        <div className={styles.actions}>
          <Select
            aria-label={t('agent.register.type')}
            value={type}
            onChange={(e) => setType(e.target.value as TMemberType)}
            options={[
              { value: 'member', label: t('agent.type.member') },
              { value: 'agent', label: t('agent.type.agent') },
            ]}
            data-testid="affiliate-type"
          />
          <Button size="sm" disabled={create.isPending} onClick={() => create.mutate()} data-testid="affiliate-create">
            {t('agent.affiliate.create')}
          </Button>
        </div>
      }
    >
      {codes.isPending ? (
        <Skeleton height={120} radius={10} />
      ) : codes.isError ? (
        <LoadFailed onRetry={() => void codes.refetch()} />
      ) : codes.data.list.length === 0 ? (
        <EmptyState compact text={t('agent.affiliate.empty')} testId="affiliate-empty" />
      ) : (
        <DataTable
          rows={codes.data.list}
          rowKey={(r) => r.code}
          testId="affiliate-table"
          columns={[
            { key: 'code', header: t('agent.affiliate.code'), cell: (r) => <span className={styles.code}>{r.code}</span> },
            { key: 'type', header: t('agent.register.type'), cell: (r) => t(`agent.type.${r.type}`) },
            { key: 'url', header: t('agent.affiliate.link'), cell: (r) => <span className={styles.url} title={linkOf(r.url)}>{linkOf(r.url)}</span> },
            { key: 'registrations', header: t('agent.affiliate.registrations'), numeric: true, cell: (r) => r.registrations },
            { key: 'createdAt', header: t('agent.createdAt'), cell: (r) => formatDateTime(r.createdAt)?.slice(0, 10) },
            {
              key: 'copy',
              header: '',
              numeric: true,
              cell: (r) => (
                <Button variant="ghost" size="sm" onClick={() => void copy(linkOf(r.url), t('agent.affiliate.copied'))} data-testid="affiliate-copy">
                  <Copy size={14} aria-hidden /> {t('agent.affiliate.copy')}
                </Button>
              ),
            },
          ]}
        />
      )}
    </CardSection>
  );
}
