import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { MoneyText } from '../../../components/ui/money-text.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useBetDetail } from '../api/get-bets.ts';
import styles from './betting-record.module.css';
import { HouseRecheck } from './house-recheck.tsx';
import { recordLegs, SportsBetLegs } from './sports-bet-legs.tsx';

/**
 * One round of the betting record: its figures, the game's own record, and the provably-fair data
 * (server seed hash, the seed once revealed, client seed, nonce) to check it (docs/decisions.md).
 */
export function BetDetailDialog({ roundId, onClose }: { roundId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = useBetDetail(roundId);
  const d = detail.data;
  // A sports bet (issue 20) shows its legs; its fairness is the virtual round's seed, checked in the book.
  const sportsLegs = d ? recordLegs(d.detail) : null;
  return (
    <Modal open onOpenChange={(o) => !o && onClose()} title={t('games.record.detailTitle')} width={680} testId="bet-detail">
      {detail.isPending ? (
        <Skeleton height={220} radius={10} />
      ) : detail.isError || !d ? (
        <LoadFailed onRetry={() => void detail.refetch()} />
      ) : (
        <div className={styles.detail}>
          <dl className={styles.facts}>
            <dt>{t('games.record.round')}</dt>
            <dd className={styles.mono}>{d.roundId}</dd>
            <dt>{t('games.record.game')}</dt>
            <dd>
              {d.gameName} · {d.vassalage}
            </dd>
            <dt>{t('records.time')}</dt>
            <dd>{formatDateTime(d.time, true)}</dd>
            <dt>{t('games.record.bet')}</dt>
            <dd>
              <MoneyText minor={d.betAmount} />
            </dd>
            <dt>{t('games.record.validBet')}</dt>
            <dd>
              <MoneyText minor={d.validBet} />
            </dd>
            <dt>{t('games.record.payout')}</dt>
            <dd>
              <MoneyText minor={d.payout} />
            </dd>
            <dt>{t('games.record.winLoss')}</dt>
            <dd>
              <MoneyText minor={d.winLoss} signed />
            </dd>
          </dl>
          {sportsLegs ? (
            <SportsBetLegs legs={sportsLegs} settled={d.status !== 'open'} />
          ) : (
            <section>
              <h4 className={styles.subTitle}>{t('games.record.fairness')}</h4>
              {d.fairness ? (
                <dl className={styles.facts} data-testid="bet-fairness">
                  <dt>{t('games.record.serverSeedHash')}</dt>
                  <dd className={styles.mono}>{d.fairness.serverSeedHash}</dd>
                  <dt>{t('games.record.serverSeed')}</dt>
                  {d.fairness.serverSeed ? <dd className={styles.mono}>{d.fairness.serverSeed}</dd> : <dd className={styles.sub}>{t('games.record.serverSeedHidden')}</dd>}
                  <dt>{t('games.record.clientSeed')}</dt>
                  <dd className={styles.mono}>{d.fairness.clientSeed}</dd>
                  <dt>{t('games.record.nonce')}</dt>
                  <dd className={styles.mono}>{d.fairness.nonce}</dd>
                </dl>
              ) : (
                <p className={styles.sub}>{t('games.record.noFairness')}</p>
              )}
              {d.houseGame && <HouseRecheck houseGame={d.houseGame} detail={d.detail} fairness={d.fairness} reload={async () => (await detail.refetch()).data} />}
            </section>
          )}
          {Object.keys(d.detail).length > 0 && (
            <details className={styles.raw}>
              <summary>{t('games.record.gameRecord')}</summary>
              <pre>{JSON.stringify(d.detail, null, 2)}</pre>
            </details>
          )}
        </div>
      )}
    </Modal>
  );
}
