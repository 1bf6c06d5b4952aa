import { useQuery } from '@tanstack/react-query';
import { consoleWithdrawalProof } from '@playhall/contract/console-disputes';
import { Modal } from '../../../components/ui/modal.tsx';
import { QueryView } from '../../components/query-view.tsx';
import { consoleQuery } from '../../lib/use-console-query.ts';
import styles from './withdrawals-page.module.css';

/** The member's proof image of a partly received withdrawal, fetched when opened. */
export function ProofDialog({ withdrawalId, onClose }: { withdrawalId: number; onClose: () => void }) {
  const query = useQuery(consoleQuery(consoleWithdrawalProof, { id: withdrawalId }));
  return (
    <Modal open onOpenChange={(o) => !o && onClose()} title={`Proof of withdrawal #${withdrawalId}`} width={720} minHeight={320} testId="dispute-proof-dialog">
      <QueryView query={query}>
        {(r) => <img className={styles.proof} src={`data:${r.mime};base64,${r.base64}`} alt={`The member's proof for withdrawal ${withdrawalId}`} data-testid="dispute-proof-image" />}
      </QueryView>
    </Modal>
  );
}
