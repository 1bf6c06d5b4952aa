import { useQuery } from '@tanstack/react-query';
import { ShieldCheck, ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TDrawResult } from '@playhall/contract/calls/games';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { isPendingDraw, useLottoResults } from '../api/get-lotto-results.ts';
import { lotoTails, specialPrize, verifyDraw } from '../draw-sheet.ts';
import { LottoNumber } from './lotto-number.tsx';
import styles from './lottery.module.css';

/**
 * The results of lottery.results: the latest draws as a list, and the chosen one as a results sheet
 * (ĐB, G1 … G8 with each number's lô highlighted, or the SEA prizes), its seed and commitment.
 */
export function ResultsTable({ token, gameCode }: { token: string | null; gameCode: string }) {
  const { t } = useTranslation();
  const results = useLottoResults(token, gameCode);
  const [chosen, setChosen] = useState<string | null>(null);

  if (token === null) return <EmptyState compact text={t('lottery.loginForResults')} testId="lotto-results" />;
  if (results.isPending) return <Skeleton height={320} radius={10} />;
  if (results.isError) return <LoadFailed onRetry={() => void results.refetch()} />;
  const draws = results.data.draws;
  if (draws.length === 0) return <EmptyState compact text={t('lottery.noResults')} testId="lotto-results" />;
  const shown = draws.find((d) => d.drawNo === chosen) ?? draws.find((d) => !isPendingDraw(d)) ?? draws[0];

  return (
    <div className={styles.results} data-testid="lotto-results">
      <ol className={styles.drawList}>
        {draws.map((d) => {
          const special = specialPrize(d);
          return (
            <li key={d.drawNo}>
              <button
                type="button"
                className={styles.drawRow}
                aria-pressed={d.drawNo === shown?.drawNo}
                onClick={() => setChosen(d.drawNo)}
                data-testid={`lotto-draw-${d.drawNo}`}
                data-status={d.status}
              >
                <span className={styles.drawNo}>#{d.drawNo}</span>
                <span className={styles.drawTime}>{formatDateTime(d.drawAt, true)}</span>
                <span className={styles.drawSpecial}>
                  {isPendingDraw(d) ? <DrawStatus status={d.status} /> : special ? <LottoNumber value={special} /> : <DrawStatus status={d.status} />}
                </span>
              </button>
            </li>
          );
        })}
      </ol>
      {shown && <DrawSheet draw={shown} />}
    </div>
  );
}

function DrawStatus({ status }: { status: TDrawResult['status'] }) {
  const { t } = useTranslation();
  return (
    <span className={styles.chip} data-tone={status === 'void' ? 'bad' : status === 'settled' || status === 'drawn' ? 'ok' : 'pending'}>
      {t(`lottery.drawStatus.${status}`)}
    </span>
  );
}

function DrawSheet({ draw }: { draw: TDrawResult }) {
  const { t } = useTranslation();
  const tails = lotoTails(draw.prizes);
  return (
    <section className={styles.sheet} data-testid="lotto-sheet" data-draw={draw.drawNo} aria-label={t('lottery.drawTitle', { drawNo: draw.drawNo })}>
      <header className={styles.sheetHead}>
        <div>
          <h3 className={styles.sheetTitle}>{t('lottery.drawTitle', { drawNo: draw.drawNo })}</h3>
          <p className={styles.muted}>{formatDateTime(draw.drawAt, true)}</p>
        </div>
        <DrawStatus status={draw.status} />
      </header>
      {draw.prizes.length === 0 ? (
        <p className={styles.sheetPending}>{draw.status === 'void' ? t('lottery.voidNote') : t('lottery.pendingNote')}</p>
      ) : (
        <table className={styles.sheetTable}>
          <tbody>
            {draw.prizes.map((p) => (
              <tr key={p.prize} data-prize={p.prize} className={p.prize === 'DB' || p.prize === 'first' ? styles.sheetSpecial : undefined}>
                <th scope="row">{t(`lottery.prize.${p.prize}`, { defaultValue: p.prize })}</th>
                <td>
                  <span className={styles.sheetNumbers}>
                    {p.numbers.map((n, i) => (
                      <LottoNumber key={`${n}-${i}`} value={n} size={p.prize === 'DB' || p.prize === 'first' ? 'lg' : 'md'} />
                    ))}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {tails.length > 0 && (
        <div className={styles.tails}>
          <span className={styles.pickLabel}>{t('lottery.loTails', { count: tails.length })}</span>
          <span className={styles.tailList}>{tails.join(' ')}</span>
        </div>
      )}
      <SeedProof seed={draw.seed} seedHash={draw.seedHash} prizes={draw.prizes} />
    </section>
  );
}

/**
 * The committed hash and, after the draw, the seed: the browser checks sha256(seed) against the hash and
 * recomputes every number of the sheet from the seed (draw-sheet.ts).
 */
export function SeedProof({ seed, seedHash, prizes }: { seed: string | null; seedHash: string | null; prizes: TDrawResult['prizes'] }) {
  const { t } = useTranslation();
  const check = useQuery({
    queryKey: ['lottery', 'verify', seed, seedHash, prizes],
    queryFn: () => verifyDraw(seed ?? '', seedHash ?? '', prizes),
    enabled: seed !== null && seedHash !== null && prizes.length > 0,
    staleTime: Infinity,
    meta: { silent: true },
  });
  if (!seedHash) return <p className={styles.proofNote}>{t('lottery.operatorResult')}</p>;
  const ok = check.data ? check.data.hashOk && check.data.tableOk : null;
  const count = prizes.reduce((n, p) => n + p.numbers.length, 0);
  return (
    <dl className={styles.proof} data-testid="lotto-proof" data-verified={ok === null ? undefined : String(ok)}>
      <dt>{t('lottery.seedHash')}</dt>
      <dd className={styles.mono}>{seedHash}</dd>
      <dt>{t('lottery.seed')}</dt>
      <dd className={styles.mono}>{seed ?? t('lottery.seedAfterDraw')}</dd>
      <dd className={styles.proofNote}>
        {ok === true && <ShieldCheck size={14} className={styles.okIcon} aria-hidden />}
        {ok === false && <ShieldAlert size={14} className={styles.badIcon} aria-hidden />}
        {ok === true ? t('lottery.verified', { count }) : ok === false ? t('lottery.notVerified') : t('lottery.verifyNote')}
      </dd>
    </dl>
  );
}
