import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CONTRACT_KINDS, type TContractKind, type TContractTerms } from '@playhall/contract/calls/agent';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { showDialog } from '../../../stores/dialog-store.ts';
import { signContract } from '../api/contracts.ts';
import { useMyRates } from '../api/my-rates.ts';
import { newDraft, termsOf, type TDraftErrors, type TTermsDraft } from '../contract-terms.ts';
import { TermsEditor } from './terms-editor.tsx';
import styles from './agent-centre.module.css';

/**
 * Offer a contract to a direct downline (contract.<kind> sign): the kind, then its terms. The downline
 * accepts or rejects it; a rate above the agent's own is refused by the server (and hinted here).
 */
export function OfferContractDialog({ downline, onClose }: { downline: { id: number; account: string }; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const rates = useMyRates();
  const [kind, setKind] = useState<TContractKind>('dailySalary');
  const [drafts, setDrafts] = useState<Partial<Record<TContractKind, TTermsDraft>>>({});
  const [errors, setErrors] = useState<TDraftErrors>({});
  const draft = drafts[kind] ?? newDraft(kind);
  const sign = useMutation({
    mutationFn: (terms: TContractTerms) => signContract(downline.id, terms),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['agent'] });
      onClose();
      showDialog({ icon: 'success', title: t('agent.offer.title'), text: t('agent.offer.done', { account: downline.account }), autoCloseMs: 2500 });
    },
  });

  function submit() {
    const out = termsOf(draft);
    if ('errors' in out) {
      setErrors(out.errors);
      return;
    }
    setErrors({});
    sign.mutate(out.terms);
  }

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('agent.offer.titleFor', { account: downline.account })}
      width={720}
      minHeight={0}
      testId="offer-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button onClick={submit} disabled={sign.isPending} data-testid="offer-submit">
            {t('agent.offer.submit')}
          </Button>
        </>
      }
    >
      <div className={styles.dialogBody}>
        <Tabs
          label={t('agent.offer.kind')}
          value={kind}
          onChange={(k) => {
            setKind(k);
            setErrors({});
          }}
          variant="underline"
          items={CONTRACT_KINDS.map((k) => ({ value: k, label: t(`agent.kind.${k}`), testId: `offer-kind-${k}` }))}
        />
        <p className={styles.muted}>{t(`agent.kindHelp.${kind}`)}</p>
        <TermsEditor key={kind} draft={draft} onChange={(d) => setDrafts((all) => ({ ...all, [kind]: d }))} errors={errors} maxRate={rates.get(kind)} testId="offer-terms" />
      </div>
    </Modal>
  );
}
