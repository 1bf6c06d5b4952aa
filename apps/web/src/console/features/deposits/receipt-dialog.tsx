import { useQuery } from '@tanstack/react-query';
import { consoleDepositReceipt } from '@playhall/contract/console';
import { Modal } from '../../../components/ui/modal.tsx';
import { QueryView } from '../../components/query-view.tsx';
import { consoleQuery } from '../../lib/use-console-query.ts';
import styles from './deposits-page.module.css';

/** The member's transfer receipt, fetched when opened. */
export function ReceiptDialog({ depositId, onClose }: { depositId: number; onClose: () => void }) {
  const query = useQuery(consoleQuery(consoleDepositReceipt, { id: depositId }));
  return (
    <Modal open onOpenChange={(o) => !o && onClose()} title={`Receipt of deposit #${depositId}`} width={720} minHeight={320} testId="receipt-dialog">
      <QueryView query={query}>{(r) => <img className={styles.receipt} src={`data:${r.mime};base64,${r.base64}`} alt={`Transfer receipt of deposit ${depositId}`} data-testid="receipt-image" />}</QueryView>
    </Modal>
  );
}
