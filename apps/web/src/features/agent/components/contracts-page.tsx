import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CONTRACT_KINDS, CONTRACT_STATUSES, type TContract, type TContractKind } from '@playhall/contract/calls/agent';
import { Button } from '../../../components/ui/button.tsx';
import { CardSection } from '../../../components/ui/card-section.tsx';
import { DataTable, type TColumn } from '../../../components/ui/data-table.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { showErrorDialog } from '../../../lib/error-dialog.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { showDialog } from '../../../stores/dialog-store.ts';
import { respondContract, useContracts, type TContractResponse } from '../api/contracts.ts';
import { autoTerminated } from '../contract-terms.ts';
import { useAgentNav } from './agent-nav.ts';
import { AutoTerminateDialog } from './auto-terminate-dialog.tsx';
import { Chip, type TChipTone } from './chip.tsx';
import { ListBody } from './list-body.tsx';
import { TermsText } from './terms-editor.tsx';
import styles from './agent-centre.module.css';

type TRole = 'upline' | 'downline';
type TStatus = (typeof CONTRACT_STATUSES)[number];

const TONE: Record<TStatus, TChipTone> = { awaitingConsent: 'pending', valid: 'ok', rejected: 'bad', invalid: 'neutral', expired: 'neutral' };

/**
 * agentContracts: the contracts this agent gave its downlines and the ones it received. A received
 * contract awaiting consent is accepted (with the auto-termination warning when lower terms end
 * downline contracts, spec §4, §6) or rejected; a valid one is terminated by either party.
 */
export function ContractsPage() {
  const { t } = useTranslation();
  const nav = useAgentNav();
  const queryClient = useQueryClient();
  const [role, setRole] = useState<TRole>(nav.account ? 'upline' : 'downline');
  const [kind, setKind] = useState<TContractKind | ''>('');
  const [status, setStatus] = useState<TStatus | ''>('');
  const [search, setSearch] = useState(nav.account ?? '');
  const [account, setAccount] = useState(nav.account ?? '');
  const [page, setPage] = useState(1);
  const [warning, setWarning] = useState<{ contract: TContract; ending: TContract[] } | null>(null);
  const list = useContracts({ role, ...(kind ? { kind } : {}), ...(status ? { status } : {}), ...(account ? { account } : {}) }, page);

  const respond = useMutation({
    mutationFn: ({ contract, response }: { contract: TContract; response: TContractResponse }) => respondContract(contract.kind, contract.id, response),
    // The auto-termination answer is a question to the agent, not a failure (handled below).
    meta: { silent: true },
    onSuccess: async (done) => {
      setWarning(null);
      await queryClient.invalidateQueries({ queryKey: ['agent'] });
      showDialog({ icon: 'success', text: t(`agent.contracts.done.${done.status === 'valid' ? 'valid' : done.status === 'rejected' ? 'rejected' : 'ended'}`), autoCloseMs: 2500 });
    },
    onError: (error, { contract }) => {
      const ending = autoTerminated(error);
      if (ending) setWarning({ contract, ending });
      else showErrorDialog(error);
    },
  });

  const act = (contract: TContract, response: TContractResponse) => respond.mutate({ contract, response });
  const confirmTerminate = (contract: TContract) =>
    showDialog({
      icon: 'warning',
      title: t('agent.contracts.terminateTitle'),
      text: t('agent.contracts.terminateText', { kind: t(`agent.kind.${contract.kind}`), account: role === 'upline' ? contract.downline.account : contract.upline.account }),
      buttons: [
        { label: t('common.cancel'), variant: 'secondary' },
        { label: t('agent.contracts.terminate'), variant: 'danger', onClick: () => act(contract, { action: 'terminate' }) },
      ],
    });

  const columns: TColumn<TContract>[] = [
    {
      key: 'party',
      header: role === 'upline' ? t('agent.contracts.downline') : t('agent.contracts.upline'),
      cell: (c) => (
        <span data-testid="contract-row" data-status={c.status} data-kind={c.kind} data-id={c.id} data-account={role === 'upline' ? c.downline.account : c.upline.account}>
          <bdi>{role === 'upline' ? c.downline.account : c.upline.id === 0 ? t('agent.platform') : c.upline.account}</bdi>
        </span>
      ),
    },
    { key: 'kind', header: t('agent.contracts.kind'), cell: (c) => t(`agent.kind.${c.kind}`) },
    { key: 'terms', header: t('agent.contracts.terms'), wrap: true, cell: (c) => <TermsText terms={c.terms} /> },
    {
      key: 'status',
      header: t('agent.status'),
      cell: (c) => (
        <>
          <Chip tone={TONE[c.status]} label={t(`agent.contractStatus.${c.status}`)} testId="contract-status" status={c.status} />
          {c.endedBy && c.endedAt && (
            <span className={styles.sub}>
              {t(`agent.contracts.endedBy.${c.endedBy}`)} · {formatDateTime(c.endedAt)}
            </span>
          )}
        </>
      ),
    },
    { key: 'createdAt', header: t('agent.createdAt'), cell: (c) => formatDateTime(c.createdAt) },
    { key: 'effectiveFrom', header: t('agent.contracts.effectiveFrom'), cell: (c) => (c.effectiveFrom ? formatDateTime(c.effectiveFrom) : '—') },
    {
      key: 'actions',
      header: '',
      numeric: true,
      cell: (c) => (
        <span className={styles.rowActions}>
          {role === 'downline' && c.status === 'awaitingConsent' && (
            <>
              <Button size="sm" disabled={respond.isPending} onClick={() => act(c, { action: 'accept', confirmAutoTerminate: false })} data-testid="contract-accept">
                {t('agent.contracts.accept')}
              </Button>
              <Button size="sm" variant="secondary" disabled={respond.isPending} onClick={() => act(c, { action: 'reject' })} data-testid="contract-reject">
                {t('agent.contracts.reject')}
              </Button>
            </>
          )}
          {c.status === 'valid' && (
            <Button size="sm" variant="ghost" disabled={respond.isPending} onClick={() => confirmTerminate(c)} data-testid="contract-terminate">
              {t('agent.contracts.terminate')}
            </Button>
          )}
        </span>
      ),
    },
  ];

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setAccount(search.trim());
    setPage(1);
  };

  return (
    <CardSection title={t('agent.nav.agentContracts')} testId="contracts-section">
      <Tabs
        label={t('agent.nav.agentContracts')}
        value={role}
        onChange={(r) => {
          setRole(r);
          setPage(1);
        }}
        variant="underline"
        items={[
          { value: 'downline', label: t('agent.contracts.received'), testId: 'contracts-tab-downline' },
          { value: 'upline', label: t('agent.contracts.given'), testId: 'contracts-tab-upline' },
        ]}
      />
      <form className={styles.filters} onSubmit={submit}>
        <Select
          className={styles.filter}
          label={t('agent.contracts.kind')}
          value={kind}
          onChange={(e) => {
            setKind(e.target.value as TContractKind | '');
            setPage(1);
          }}
          options={[{ value: '', label: t('agent.allKinds') }, ...CONTRACT_KINDS.map((k) => ({ value: k, label: t(`agent.kind.${k}`) }))]}
          data-testid="contracts-kind"
        />
        <Select
          className={styles.filter}
          label={t('agent.status')}
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as TStatus | '');
            setPage(1);
          }}
          options={[{ value: '', label: t('agent.allStatuses') }, ...CONTRACT_STATUSES.map((s) => ({ value: s, label: t(`agent.contractStatus.${s}`) }))]}
          data-testid="contracts-status"
        />
        {role === 'upline' && (
          <>
            <Input className={styles.filter} label={t('agent.account')} value={search} placeholder={t('agent.searchAccount')} onChange={(e) => setSearch(e.target.value)} data-testid="contracts-account" />
            <Button type="submit" variant="secondary" className={styles.filterButton}>
              <Search size={14} aria-hidden /> {t('agent.search')}
            </Button>
          </>
        )}
      </form>
      <ListBody query={list} page={page} onPage={setPage} empty={t(role === 'upline' ? 'agent.contracts.emptyGiven' : 'agent.contracts.emptyReceived')} testId="contracts">
        {(data) => <DataTable rows={data.list} rowKey={(c) => c.id} columns={columns} testId="contracts-table" />}
      </ListBody>
      {warning && (
        <AutoTerminateDialog
          contracts={warning.ending}
          pending={respond.isPending}
          onCancel={() => setWarning(null)}
          onConfirm={() => act(warning.contract, { action: 'accept', confirmAutoTerminate: true })}
        />
      )}
    </CardSection>
  );
}
