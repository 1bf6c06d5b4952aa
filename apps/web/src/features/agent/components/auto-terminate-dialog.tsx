import { TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TContract } from '@playhall/contract/calls/agent';
import { Button } from '../../../components/ui/button.tsx';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { TermsText } from './terms-editor.tsx';
import styles from './agent-centre.module.css';

/**
 * Spec §4, §6: accepting terms below what this agent gives its downlines automatically terminates
 * those downline contracts; the agent sees which ones and confirms (or keeps the offer waiting).
 */
export function AutoTerminateDialog({ contracts, pending, onCancel, onConfirm }: { contracts: TContract[]; pending: boolean; onCancel: () => void; onConfirm: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onCancel()}
      title={t('agent.autoTerminate.title')}
      width={640}
      minHeight={0}
      testId="auto-terminate-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} data-testid="contract-cancel-terminate">
            {t('common.cancel')}
          </Button>
          <Button variant="danger" disabled={pending} onClick={onConfirm} data-testid="contract-confirm-terminate">
            {t('agent.autoTerminate.confirm')}
          </Button>
        </>
      }
    >
      <div className={styles.dialogBody}>
        <p className={styles.warn}>
          <TriangleAlert size={16} aria-hidden /> {t('agent.autoTerminate.text', { count: contracts.length })}
        </p>
        <DataTable
          rows={contracts}
          rowKey={(c) => c.id}
          testId="auto-terminate-list"
          columns={[
            { key: 'account', header: t('agent.contracts.downline'), cell: (c) => c.downline.account },
            { key: 'kind', header: t('agent.contracts.kind'), cell: (c) => t(`agent.kind.${c.kind}`) },
            { key: 'terms', header: t('agent.contracts.terms'), wrap: true, cell: (c) => <TermsText terms={c.terms} /> },
          ]}
        />
      </div>
    </Modal>
  );
}
