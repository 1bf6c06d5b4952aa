import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import {
  consoleConfigFlags,
  consoleConfigFlagsSet,
  consoleConfigPaymentChannels,
  consoleConfigPaymentChannelsSet,
  consoleConfigRegions,
  consoleConfigRegionsSet,
  consoleConfigRegisterFields,
  consoleConfigRegisterFieldsSet,
  consoleConfigStatus,
  consoleConfigStatusSet,
  ZRegisterFieldState,
  ZSiteMode,
  type TRegisterFieldState,
  type TSiteMode,
} from '@playhall/contract/console-config';
import type { TConsoleCallDef } from '@playhall/contract/console';
import { Button } from '../../../components/ui/button.tsx';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { MoneyText } from '../../../components/ui/money-text.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { useShowError } from '../../components/error-dialog.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { QueryView } from '../../components/query-view.tsx';
import { ReasonDialog } from '../../components/reason-dialog.tsx';
import { StatusChip } from '../../components/status-chip.tsx';
import { ConsoleError, consoleCall } from '../../lib/console-api.ts';
import type { TFieldErrors } from '../../lib/field-errors.ts';
import { formatTime } from '../../lib/time.ts';
import { consoleQuery } from '../../lib/use-console-query.ts';
import { useSession } from '../auth/session.tsx';
import { LimitsDialog } from './limits-dialog.tsx';
import { configErrors } from './config-messages.ts';
import common from '../../components/console.module.css';
import styles from './config-page.module.css';

type TTab = 'status' | 'regions' | 'flags' | 'register' | 'payments';
const TABS: readonly { value: TTab; label: string }[] = [
  { value: 'status', label: 'Site status' },
  { value: 'regions', label: 'Region rules' },
  { value: 'flags', label: 'Feature flags' },
  { value: 'register', label: 'Register fields' },
  { value: 'payments', label: 'Payment channels' },
];
const isTab = (v: string | null): v is TTab => TABS.some((t) => t.value === v);

/** A change waiting for the operator's confirmation: what it says, and the call that makes it. */
interface TPending {
  title: string;
  description: string;
  confirmLabel: string;
  danger?: boolean;
  run: () => Promise<unknown>;
  /** The calls whose answers change (their queries are fetched again). */
  refresh: readonly TConsoleCallDef[];
  /** Field errors the server answers go back to the form. */
  onFields?: (errors: TFieldErrors) => void;
}

/**
 * The site's configuration (issue 24): status and maintenance window, region rules, white-label flags, register
 * fields and deposit channels with their limits. Each change is confirmed, then made by the server through the CLI's
 * own command (audited, members see it on their next page load). Without `config.edit` the page only reads.
 */
export function ConfigPage() {
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: TTab = isTab(tabParam) ? tabParam : 'status';
  const [pending, setPending] = useState<TPending | null>(null);
  const queryClient = useQueryClient();
  const edit = useSession().allows('config.edit');

  return (
    <>
      <PageHeader title="Configuration">
        <p className={common.muted}>Changes reach members on their next page load; each one is kept in the audit log.</p>
      </PageHeader>
      <div className={styles.tabs}>
        <Tabs<TTab>
          label="Configuration sections"
          variant="underline"
          idPrefix="config"
          value={tab}
          onChange={(next) => setParams({ tab: next }, { replace: true })}
          items={TABS.map((t) => ({ ...t, testId: `config-tab-${t.value}` }))}
        />
      </div>
      <section id="config-panel" role="tabpanel" data-testid={`config-panel-${tab}`}>
        {tab === 'status' && <StatusSection edit={edit} ask={setPending} />}
        {tab === 'regions' && <RegionsSection edit={edit} ask={setPending} />}
        {tab === 'flags' && <FlagsSection edit={edit} ask={setPending} />}
        {tab === 'register' && <RegisterSection edit={edit} ask={setPending} />}
        {tab === 'payments' && <PaymentsSection edit={edit} ask={setPending} />}
      </section>
      <ReasonDialog
        open={pending !== null}
        onOpenChange={(o) => !o && setPending(null)}
        title={pending?.title ?? ''}
        description={pending?.description}
        withReason={false}
        confirmLabel={pending?.confirmLabel ?? 'Save'}
        variant={pending?.danger ? 'danger' : 'primary'}
        onConfirm={async () => {
          if (!pending) return;
          try {
            await pending.run();
          } catch (err) {
            // Bad input goes back under the form's fields (the dialog closes); anything else shows the error dialog.
            if (err instanceof ConsoleError && Object.keys(err.fields).length > 0 && pending.onFields) pending.onFields(configErrors(err.fields));
            else throw err;
          }
        }}
        onDone={() => {
          for (const def of pending?.refresh ?? []) void queryClient.invalidateQueries({ queryKey: [def.name] });
        }}
      />
    </>
  );
}

interface TSectionProps {
  edit: boolean;
  ask: (pending: TPending) => void;
}

// ---------------------------------------------------------------- site status

const MODE_LABELS: Record<TSiteMode, string> = {
  normal: 'Open (normal)',
  maintenance: 'Maintenance: closed to members',
  'region-block': 'Region block: only allowed countries',
};

/** An ISO moment as the datetime-local field shows it (the browser's zone, to the minute). */
function localInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

function StatusSection({ edit, ask }: TSectionProps) {
  const query = useQuery(consoleQuery(consoleConfigStatus, {}));
  return (
    <QueryView query={query}>
      {(status) => (
        <div className={styles.section}>
          <div className={common.card} data-testid="config-status-current">
            <dl className={styles.facts}>
              <dt>Status</dt>
              <dd>
                <StatusChip status={status.mode} /> <span data-testid="config-status-mode-now">{MODE_LABELS[status.mode]}</span>
              </dd>
              <dt>Maintenance ends</dt>
              <dd data-testid="config-status-end-now">{status.mode === 'maintenance' ? (status.maintenanceEnd ? formatTime(status.maintenanceEnd) : 'Not announced') : '—'}</dd>
              <dt>Last set</dt>
              <dd>{formatTime(status.updatedAt)}</dd>
            </dl>
          </div>
          {edit && <StatusForm key={`${status.mode}-${status.maintenanceEnd ?? ''}`} current={status} ask={ask} />}
        </div>
      )}
    </QueryView>
  );
}

function StatusForm({ current, ask }: { current: { mode: TSiteMode; maintenanceEnd: string | null }; ask: TSectionProps['ask'] }) {
  const [mode, setMode] = useState<TSiteMode>(current.mode);
  const [end, setEnd] = useState(localInput(current.maintenanceEnd));
  const [errors, setErrors] = useState<TFieldErrors>({});

  function submit() {
    const maintenanceEnd = mode === 'maintenance' && end ? new Date(end) : null;
    const local: TFieldErrors = {};
    if (maintenanceEnd && Number.isNaN(maintenanceEnd.getTime())) local.maintenanceEnd = 'Enter a date and time.';
    else if (maintenanceEnd && maintenanceEnd.getTime() <= Date.now()) local.maintenanceEnd = configErrors({ maintenanceEnd: 'maintenance_end_past' }).maintenanceEnd ?? '';
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    const closing = mode !== 'normal';
    ask({
      title: mode === 'maintenance' ? 'Put the site into maintenance?' : mode === 'region-block' ? 'Block every country not allowed?' : 'Open the site?',
      description:
        mode === 'maintenance'
          ? `Members see the maintenance page on their next page load${maintenanceEnd ? `, announced to end at ${formatTime(maintenanceEnd.toISOString())}` : ''}. The site does not reopen by itself.`
          : mode === 'region-block'
            ? 'Only visitors from countries with an "allow" rule can use the site.'
            : 'Members can use the site again on their next page load.',
      confirmLabel: closing ? 'Change status' : 'Open the site',
      danger: closing,
      run: () => consoleCall(consoleConfigStatusSet, { mode, maintenanceEnd: maintenanceEnd?.toISOString() ?? null }),
      refresh: [consoleConfigStatus],
      onFields: setErrors,
    });
  }

  return (
    <form
      className={`${common.card} ${styles.form}`}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      noValidate
      data-testid="config-status-form"
    >
      <Select label="New status" value={mode} onChange={(e) => setMode(e.target.value as TSiteMode)} options={ZSiteMode.options.map((m) => ({ value: m, label: MODE_LABELS[m] }))} error={errors.mode} data-testid="config-status-mode" />
      <Input
        label="Maintenance ends at"
        type="datetime-local"
        hint={mode === 'maintenance' ? 'Optional: shown to members. Your browser\u2019s time zone.' : 'Only for maintenance.'}
        disabled={mode !== 'maintenance'}
        value={mode === 'maintenance' ? end : ''}
        onChange={(e) => setEnd(e.target.value)}
        error={errors.maintenanceEnd}
        data-testid="config-status-end"
      />
      <div className={styles.formActions}>
        <Button type="submit" data-testid="config-status-save">
          Save status
        </Button>
      </div>
    </form>
  );
}

// ---------------------------------------------------------------- region rules

function RegionsSection({ edit, ask }: TSectionProps) {
  const query = useQuery(consoleQuery(consoleConfigRegions, {}));
  const [country, setCountry] = useState('');
  const [rule, setRule] = useState<'allow' | 'block'>('block');
  const [errors, setErrors] = useState<TFieldErrors>({});

  function submit() {
    const input = consoleConfigRegionsSet.request.safeParse({ country, rule });
    if (!input.success) {
      setErrors(configErrors(Object.fromEntries(input.error.issues.map((i) => [i.path.join('.'), i.message]))));
      return;
    }
    setErrors({});
    const code = input.data.country;
    ask({
      title: `${rule === 'block' ? 'Block' : 'Allow'} ${code}?`,
      description: rule === 'block' ? `Visitors from ${code} are refused while the site is open.` : `Visitors from ${code} pass while the site is in region-block mode.`,
      confirmLabel: 'Save rule',
      run: async () => {
        await consoleCall(consoleConfigRegionsSet, { country: code, rule });
        setCountry('');
      },
      refresh: [consoleConfigRegions],
      onFields: setErrors,
    });
  }

  return (
    <div className={styles.section}>
      <p className={common.muted}>While the site is open, countries with a block rule are refused; in region-block mode only countries with an allow rule pass.</p>
      {edit && (
        <form
          className={common.filters}
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
          noValidate
          data-testid="config-region-form"
        >
          <Input label="Country (two-letter code)" placeholder="VN" maxLength={2} value={country} onChange={(e) => setCountry(e.target.value.toUpperCase())} error={errors.country} data-testid="config-region-country" />
          <Select label="Rule" value={rule} onChange={(e) => setRule(e.target.value as 'allow' | 'block')} options={[{ value: 'block', label: 'Block' }, { value: 'allow', label: 'Allow' }]} error={errors.rule} data-testid="config-region-rule" />
          <Button type="submit" data-testid="config-region-save">
            Save rule
          </Button>
        </form>
      )}
      <QueryView query={query}>
        {({ list }) =>
          list.length === 0 ? (
            <EmptyState text="No region rules: every country is let in while the site is open." testId="config-regions-empty" />
          ) : (
            <DataTable
              caption="Region rules"
              testId="config-regions-table"
              rows={list}
              rowKey={(r) => r.country}
              columns={[
                { key: 'country', header: 'Country', cell: (r) => <span data-testid="config-region-row">{r.country}</span> },
                { key: 'rule', header: 'Rule', cell: (r) => <StatusChip status={r.rule === 'block' ? 'blocked' : 'allowed'} /> },
                {
                  key: 'actions',
                  header: <span className="sr-only">Actions</span>,
                  cell: (r) =>
                    edit && (
                      <Button
                        variant="danger"
                        size="sm"
                        data-testid="config-region-remove"
                        onClick={() =>
                          ask({
                            title: `Remove the rule for ${r.country}?`,
                            description: `${r.country} is then treated like any country without a rule.`,
                            confirmLabel: 'Remove',
                            danger: true,
                            run: () => consoleCall(consoleConfigRegionsSet, { country: r.country, rule: 'remove' }),
                            refresh: [consoleConfigRegions],
                          })
                        }
                      >
                        Remove
                      </Button>
                    ),
                },
              ]}
            />
          )
        }
      </QueryView>
    </div>
  );
}

// ---------------------------------------------------------------- white-label flags

type TFlag = z.output<typeof consoleConfigFlags.response>['list'][number];

function FlagsSection({ edit, ask }: TSectionProps) {
  const query = useQuery(consoleQuery(consoleConfigFlags, {}));
  const table = (rows: TFlag[], caption: string, testId: string) => (
    <DataTable
      caption={caption}
      testId={testId}
      rows={rows}
      rowKey={(r) => r.modId}
      columns={[
        { key: 'label', header: 'Feature', wrap: true, cell: (r) => <span data-testid={`config-flag-${r.modId}`}>{r.label}</span> },
        { key: 'id', header: 'Module id', cell: (r) => <code className={common.muted}>{r.modId}</code> },
        { key: 'state', header: 'State', cell: (r) => <StatusChip status={r.enabled ? 'on' : 'off'} /> },
        {
          key: 'actions',
          header: <span className="sr-only">Actions</span>,
          cell: (r) =>
            edit && (
              <Button
                variant={r.enabled ? 'secondary' : 'primary'}
                size="sm"
                data-testid="config-flag-toggle"
                onClick={() =>
                  ask({
                    title: `Turn ${r.enabled ? 'off' : 'on'} "${r.label}"?`,
                    description: `${r.modId} is ${r.enabled ? 'hidden from' : 'shown to'} members on their next page load.`,
                    confirmLabel: r.enabled ? 'Turn off' : 'Turn on',
                    run: () => consoleCall(consoleConfigFlagsSet, { modId: r.modId, on: !r.enabled }),
                    refresh: [consoleConfigFlags],
                  })
                }
              >
                {r.enabled ? 'Turn off' : 'Turn on'}
              </Button>
            ),
        },
      ]}
    />
  );
  return (
    <QueryView query={query}>
      {({ list }) => (
        <div className={styles.section}>
          <h2 className={styles.sectionTitle}>Site</h2>
          {table(
            list.filter((f) => f.group === 'site'),
            'Site features',
            'config-flags-site',
          )}
          <h2 className={styles.sectionTitle}>Agent centre menu</h2>
          {table(
            list.filter((f) => f.group === 'agent'),
            'Agent centre menu',
            'config-flags-agent',
          )}
        </div>
      )}
    </QueryView>
  );
}

// ---------------------------------------------------------------- register fields

const STATE_LABELS: Record<TRegisterFieldState, string> = { off: 'Off (not asked)', optional: 'Optional', required: 'Required' };

function RegisterSection({ edit, ask }: TSectionProps) {
  const query = useQuery(consoleQuery(consoleConfigRegisterFields, {}));
  return (
    <div className={styles.section}>
      <p className={common.muted}>Which fields the registration form asks for. Username and password are always required.</p>
      <QueryView query={query}>
        {({ list }) =>
          list.length === 0 ? (
            <EmptyState text="The site has no register fields." />
          ) : (
            <DataTable
              caption="Register fields"
              testId="config-register-table"
              rows={list}
              rowKey={(r) => r.field}
              columns={[
                { key: 'field', header: 'Field', cell: (r) => <span data-testid="config-register-row">{r.field}</span> },
                {
                  key: 'state',
                  header: 'Asked',
                  cell: (r) =>
                    edit && !r.fixed ? (
                      <Select
                        aria-label={`${r.field}: asked`}
                        value={r.state}
                        options={ZRegisterFieldState.options.map((s) => ({ value: s, label: STATE_LABELS[s] }))}
                        data-testid={`config-register-state-${r.field}`}
                        onChange={(e) => {
                          const state = e.target.value as TRegisterFieldState;
                          ask({
                            title: `Make ${r.field} ${STATE_LABELS[state].toLowerCase()}?`,
                            description: 'The registration form follows on the next page load.',
                            confirmLabel: 'Save',
                            run: () => consoleCall(consoleConfigRegisterFieldsSet, { field: r.field, state }),
                            refresh: [consoleConfigRegisterFields],
                          });
                        }}
                      />
                    ) : (
                      <span data-testid={`config-register-state-${r.field}`}>{STATE_LABELS[r.state]}</span>
                    ),
                },
                { key: 'length', header: 'Length', numeric: true, cell: (r) => (r.maxLength === 0 || r.maxLength >= 255 ? `${r.minLength}+` : `${r.minLength}–${r.maxLength}`) },
                { key: 'pattern', header: 'Must be', wrap: true, cell: (r) => r.pattern || <span className={common.muted}>Anything</span> },
              ]}
            />
          )
        }
      </QueryView>
    </div>
  );
}

// ---------------------------------------------------------------- payment channels

type TChannel = z.output<typeof consoleConfigPaymentChannels.response>['list'][number];

function PaymentsSection({ edit, ask }: TSectionProps) {
  const query = useQuery(consoleQuery(consoleConfigPaymentChannels, {}));
  const [limits, setLimits] = useState<TChannel | null>(null);
  const queryClient = useQueryClient();
  const showError = useShowError();
  return (
    <div className={styles.section}>
      <p className={common.muted}>The deposit channels members may choose, and the smallest and largest deposit on each.</p>
      <QueryView query={query}>
        {({ list }) =>
          list.length === 0 ? (
            <EmptyState text="No deposit channels are set up." testId="config-channels-empty" />
          ) : (
            <DataTable
              caption="Payment channels"
              testId="config-channels-table"
              rows={list}
              rowKey={(r) => r.id}
              columns={[
                { key: 'id', header: 'Id', numeric: true, cell: (r) => r.id },
                {
                  key: 'name',
                  header: 'Channel',
                  wrap: true,
                  cell: (r) => (
                    <span data-testid="config-channel-row">
                      {r.name}
                      {r.sandbox && <span className={styles.sandbox}> SANDBOX: no money moves</span>}
                    </span>
                  ),
                },
                { key: 'type', header: 'Type', cell: (r) => (r.type === 'bank' ? 'Bank transfer' : `Online (${r.gateway ?? '—'})`) },
                { key: 'state', header: 'State', cell: (r) => <StatusChip status={r.enabled ? 'on' : 'off'} /> },
                { key: 'min', header: 'Minimum', numeric: true, cell: (r) => <MoneyText minor={r.minAmount} testId="config-channel-min" /> },
                { key: 'max', header: 'Maximum', numeric: true, cell: (r) => <MoneyText minor={r.maxAmount} testId="config-channel-max" /> },
                {
                  key: 'actions',
                  header: <span className="sr-only">Actions</span>,
                  cell: (r) =>
                    edit && (
                      <div className={common.rowActions}>
                        <Button variant="ghost" size="sm" onClick={() => setLimits(r)} data-testid="config-channel-limits">
                          Limits
                        </Button>
                        <Button
                          variant={r.enabled ? 'secondary' : 'primary'}
                          size="sm"
                          data-testid="config-channel-toggle"
                          onClick={() =>
                            ask({
                              title: `${r.enabled ? 'Stop offering' : 'Offer'} "${r.name}"?`,
                              description: r.enabled
                                ? 'Members no longer see it on the deposit page; deposits already started on it go on.'
                                : r.sandbox
                                  ? 'A sandbox channel moves no money: any member could credit their own wallet through it. For demos and tests only.'
                                  : 'Members see it on the deposit page.',
                              confirmLabel: r.enabled ? 'Turn off' : 'Turn on',
                              danger: !r.enabled && r.sandbox,
                              run: () => consoleCall(consoleConfigPaymentChannelsSet, { id: r.id, on: !r.enabled }),
                              refresh: [consoleConfigPaymentChannels],
                            })
                          }
                        >
                          {r.enabled ? 'Turn off' : 'Turn on'}
                        </Button>
                      </div>
                    ),
                },
              ]}
            />
          )
        }
      </QueryView>
      <LimitsDialog
        channel={limits}
        onClose={() => setLimits(null)}
        onSaved={() => void queryClient.invalidateQueries({ queryKey: [consoleConfigPaymentChannels.name] })}
        onError={showError}
      />
    </div>
  );
}
