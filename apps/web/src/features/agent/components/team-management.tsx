import { FilePlus2, ScrollText, Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { team, type TTeamMember } from '@playhall/contract/calls/agent';
import type { TMemberType } from '@playhall/contract/calls/auth';
import { Button } from '../../../components/ui/button.tsx';
import { CardSection } from '../../../components/ui/card-section.tsx';
import { DataTable, type TColumn } from '../../../components/ui/data-table.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { MoneyText } from '../../../components/ui/money-text.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useMyContracts } from '../api/my-rates.ts';
import { AGENT_PAGE_SIZE, useAgentQuery } from '../api/use-agent-query.ts';
import { useAgentNav } from './agent-nav.ts';
import { Chip } from './chip.tsx';
import { ListBody } from './list-body.tsx';
import { OfferContractDialog } from './offer-contract-dialog.tsx';
import styles from './agent-centre.module.css';

type TCrumb = { id: number; account: string };

/**
 * agentTeamManagement: the direct downlines, drilling down a downline's own team (parentId), or a
 * search by account over the whole team; a direct downline can be offered a contract.
 */
export function TeamManagement() {
  const { t } = useTranslation();
  const nav = useAgentNav();
  const [trail, setTrail] = useState<TCrumb[]>([]);
  const [search, setSearch] = useState('');
  const [account, setAccount] = useState('');
  const [type, setType] = useState<TMemberType | ''>('');
  const [page, setPage] = useState(1);
  const [offerTo, setOfferTo] = useState<TCrumb | null>(null);
  // An agent holding no contract has none to give: the offer is off, and the page says why.
  const mine = useMyContracts();
  const noneHeld = mine.ready && mine.terms.size === 0;
  const parent = trail[trail.length - 1];
  const list = useAgentQuery(team, {
    ...(parent && !account ? { parentId: parent.id } : {}),
    ...(account ? { account } : {}),
    ...(type ? { type } : {}),
    page,
    pageSize: AGENT_PAGE_SIZE,
  });

  const drill = (next: TCrumb[]) => {
    setTrail(next);
    setAccount('');
    setSearch('');
    setPage(1);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setAccount(search.trim());
    setPage(1);
  };

  const columns: TColumn<TTeamMember>[] = [
    {
      key: 'account',
      header: t('agent.account'),
      cell: (r) => (
        <span data-testid="team-row" data-account={r.account} data-type={r.type}>
          {r.directCount > 0 ? (
            <button type="button" className={styles.link} onClick={() => drill([...trail, { id: r.id, account: r.account }])} data-testid="team-drill">
              <bdi>{r.account}</bdi>
            </button>
          ) : (
            r.account
          )}
          {r.nickname && r.nickname !== r.account && <span className={styles.sub}>{r.nickname}</span>}
        </span>
      ),
    },
    { key: 'type', header: t('agent.register.type'), cell: (r) => <Chip tone={r.type === 'agent' ? 'brand' : 'neutral'} label={t(`agent.type.${r.type}`)} /> },
    // The path above the table names the level and upline while drilling down; a search needs the columns.
    ...(account
      ? [
          { key: 'level', header: t('agent.team.level'), numeric: true, cell: (r: TTeamMember) => r.level },
          { key: 'upline', header: t('agent.team.upline'), cell: (r: TTeamMember) => r.uplineAccount },
        ]
      : []),
    { key: 'teamSize', header: t('agent.overview.teamSize'), numeric: true, cell: (r) => r.teamSize },
    { key: 'balance', header: t('agent.team.balance'), numeric: true, cell: (r) => <MoneyText minor={r.balance} /> },
    {
      key: 'status',
      header: t('agent.status'),
      cell: (r) => <Chip tone={r.status === 'active' ? 'ok' : 'bad'} label={t(`agent.team.status.${r.status}`)} />,
    },
    { key: 'registeredAt', header: t('agent.team.registeredAt'), cell: (r) => formatDateTime(r.registeredAt)?.slice(0, 10) },
    {
      key: 'actions',
      header: '',
      numeric: true,
      cell: (r) => (
        <span className={styles.rowActions}>
          {r.level === 1 && r.type === 'agent' && (
            <span title={noneHeld ? t('agent.team.noContracts') : t('agent.team.offer')}>
              <Button size="sm" variant="secondary" disabled={noneHeld} onClick={() => setOfferTo({ id: r.id, account: r.account })} aria-describedby={noneHeld ? 'team-no-contracts' : undefined} data-testid="team-offer">
                <FilePlus2 size={14} aria-hidden /> {t('agent.team.offerShort')}
              </Button>
            </span>
          )}
          <Button size="sm" variant="ghost" onClick={() => nav.go('agentContracts', r.account)} aria-label={t('agent.team.contracts')} title={t('agent.team.contracts')} data-testid="team-contracts">
            <ScrollText size={14} aria-hidden />
          </Button>
        </span>
      ),
    },
  ];

  return (
    <CardSection title={t('agent.nav.agentTeamManagement')} testId="team-section">
      <form className={styles.filters} onSubmit={submit}>
        <Input className={styles.filter} label={t('agent.account')} value={search} onChange={(e) => setSearch(e.target.value)} placeholder={t('agent.searchAccount')} data-testid="team-search" />
        <Select
          className={styles.filter}
          label={t('agent.register.type')}
          value={type}
          onChange={(e) => {
            setType(e.target.value as TMemberType | '');
            setPage(1);
          }}
          options={[
            { value: '', label: t('agent.type.all') },
            { value: 'member', label: t('agent.type.member') },
            { value: 'agent', label: t('agent.type.agent') },
          ]}
          data-testid="team-type"
        />
        <Button type="submit" variant="secondary" className={styles.filterButton} data-testid="team-search-submit">
          <Search size={14} aria-hidden /> {t('agent.search')}
        </Button>
      </form>
      {noneHeld && (
        <p className={styles.warn} id="team-no-contracts" data-testid="team-no-contracts">
          {t('agent.team.noContracts')}
        </p>
      )}
      <nav className={styles.crumbs} aria-label={t('agent.team.path')} data-testid="team-crumbs">
        {trail.length === 0 && !account ? (
          <span className={styles.crumbCurrent}>{t('agent.team.direct')}</span>
        ) : (
          <button type="button" className={styles.link} onClick={() => drill([])}>
            {t('agent.team.direct')}
          </button>
        )}
        {trail.map((c, i) => (
          <span key={c.id} className={styles.crumbs}>
            <span className={styles.crumbSep}>/</span>
            {i === trail.length - 1 && !account ? (
              <bdi className={styles.crumbCurrent}>{c.account}</bdi>
            ) : (
              <button type="button" className={styles.link} onClick={() => drill(trail.slice(0, i + 1))}>
                <bdi>{c.account}</bdi>
              </button>
            )}
          </span>
        ))}
        {account && (
          <>
            <span className={styles.crumbSep}>/</span>
            <span className={styles.crumbCurrent}>{t('agent.team.searchFor', { account })}</span>
          </>
        )}
      </nav>
      <ListBody query={list} page={page} onPage={setPage} empty={t('agent.team.empty')} testId="team">
        {(data) => <DataTable rows={data.list} rowKey={(r) => r.id} columns={columns} testId="team-table" />}
      </ListBody>
      {offerTo && <OfferContractDialog downline={offerTo} onClose={() => setOfferTo(null)} />}
    </CardSection>
  );
}

