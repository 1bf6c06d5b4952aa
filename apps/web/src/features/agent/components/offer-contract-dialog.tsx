import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CONTRACT_KINDS, type TContractKind, type TContractTerms } from '@playhall/contract/calls/agent';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { errorMessage, showErrorDialog } from '../../../lib/error-dialog.ts';
import { toMoneyInput } from '../../../lib/money-input.ts';
import { showDialog } from '../../../stores/dialog-store.ts';
import { signContract } from '../api/contracts.ts';
import { useMyContracts } from '../api/my-rates.ts';
import { newDraft, termsOf, type TDraftErrors, type TTermsDraft } from '../contract-terms.ts';
import { TermsEditor, TermsText } from './terms-editor.tsx';
import styles from './agent-centre.module.css';

/** The kind the dialog opens on: the first of these the agent holds. */
const OPEN_ORDER: readonly TContractKind[] = ['dailySalary', ...CONTRACT_KINDS.filter((k) => k !== 'dailySalary')];

/** Refusals about the terms themselves: said in the dialog, beside the terms, not as a failure dialog. */
const TERMS_REFUSALS = new Set(['contract_not_held', 'contract_rate_exceeds_upline', 'contract_pending', 'validation_failed']);

/** A new draft of a kind; real-time salary starts from the agent's own single bet amount, the lowest it may give. */
function startDraft(kind: TContractKind, own: TContractTerms | undefined): TTermsDraft {
  const draft = newDraft(kind);
  return own?.kind === 'realtimeSalary' ? { ...draft, minBetAmount: toMoneyInput(own.minBetAmount) } : draft;
}

/**
 * Offer a contract to a direct downline (contract.<kind> sign): the kind, then its terms, beside the agent's own
 * terms of that kind, which the offer may not exceed. A kind the agent holds no contract of cannot be offered: the
 * dialog says so and the offer stays disabled (the server refuses it as contract_not_held).
 */
export function OfferContractDialog({ downline, onClose }: { downline: { id: number; account: string }; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const mine = useMyContracts();
  const [picked, setPicked] = useState<TContractKind | null>(null);
  // Until the agent picks: the daily salary (the usual first contract) when it holds one, else the first kind it holds.
  const kind = picked ?? OPEN_ORDER.find((k) => mine.terms.has(k)) ?? 'dailySalary';
  const own = mine.terms.get(kind);
  const [drafts, setDrafts] = useState<Partial<Record<TContractKind, TTermsDraft>>>({});
  const [errors, setErrors] = useState<TDraftErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const draft = drafts[kind] ?? startDraft(kind, own);
  const notHeld = mine.ready && !own;
  const sign = useMutation({
    mutationFn: (terms: TContractTerms) => signContract(downline.id, terms),
    meta: { silent: true },
    onSuccess: () => {
      // Done once the server said so: the agent centre's lists refresh behind the notice, not before the dialog closes.
      onClose();
      showDialog({ icon: 'success', title: t('agent.offer.title'), text: t('agent.offer.done', { account: downline.account }), autoCloseMs: 2500 });
      void queryClient.invalidateQueries({ queryKey: ['agent'] });
    },
    onError: (error) => {
      if (error instanceof ApiError && TERMS_REFUSALS.has(error.code)) setRefusal(errorMessage(error));
      else showErrorDialog(error);
    },
  });

  function submit() {
    const out = termsOf(draft);
    if ('errors' in out) {
      setErrors(out.errors);
      return;
    }
    setErrors({});
    setRefusal(null);
    sign.mutate(out.terms);
  }

  const notHeldText = t('agent.offer.notHeld', { kind: t(`agent.kind.${kind}`) });
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
          <span title={notHeld ? notHeldText : undefined}>
            <Button onClick={submit} disabled={sign.isPending || !own} data-testid="offer-submit">
              {t('agent.offer.submit')}
            </Button>
          </span>
        </>
      }
    >
      <div className={styles.dialogBody}>
        <Tabs
          label={t('agent.offer.kind')}
          value={kind}
          onChange={(k) => {
            setPicked(k);
            setErrors({});
            setRefusal(null);
          }}
          variant="underline"
          items={CONTRACT_KINDS.map((k) => ({ value: k, label: t(`agent.kind.${k}`), testId: `offer-kind-${k}` }))}
        />
        <p className={styles.muted}>{t(`agent.kindHelp.${kind}`)}</p>
        {notHeld && (
          <p className={styles.warn} role="note" data-testid="offer-not-held">
            {notHeldText}
          </p>
        )}
        {own && (
          <>
            <p className={styles.note} data-testid="offer-own-terms">
              <span className={styles.noteLabel}>{t('agent.offer.ownTerms')}</span> <TermsText terms={own} />
            </p>
            <TermsEditor key={kind} draft={draft} onChange={(d) => setDrafts((all) => ({ ...all, [kind]: d }))} errors={errors} testId="offer-terms" />
          </>
        )}
        {refusal && (
          <p className={styles.refusal} role="alert" data-testid="offer-refusal">
            {refusal}
          </p>
        )}
      </div>
    </Modal>
  );
}
