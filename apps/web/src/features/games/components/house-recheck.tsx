import { CheckCircle2, ShieldCheck, XCircle } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import styles from './house-recheck.module.css';

interface TFairness {
  serverSeedHash: string;
  serverSeed: string | null;
  clientSeed: string;
  nonce: number;
}

type TState =
  | { kind: 'idle' }
  | { kind: 'running' }
  | { kind: 'hidden' }
  | { kind: 'unknown' }
  | { kind: 'done'; commitMatches: boolean; outcomeMatches: boolean };

/**
 * Re-runs a house round in the browser (issue 21): the game's rules and the fair stream are the same module the
 * server played it with (`@playhall/contract/house-rules`), imported only when the member asks, so the portal's
 * first chunk does not carry them.
 */
export async function recheckHouseRound(houseGame: string, detail: Record<string, unknown>, fairness: TFairness | null): Promise<Exclude<TState, { kind: 'idle' | 'running' }>> {
  const [{ titleOfHouseGame }, { recheckRound }] = await Promise.all([import('@playhall/contract/house-rules/catalog'), import('@playhall/contract/house-rules/registry')]);
  const title = titleOfHouseGame(houseGame);
  if (!title) return { kind: 'unknown' };
  const result = recheckRound(title.engine, { detail, fairness });
  if (!result) return { kind: 'hidden' };
  return { kind: 'done', ...result };
}

function Line({ pass, label, testId }: { pass: boolean; label: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <li className={pass ? styles.pass : styles.fail} data-testid={testId} data-pass={pass ? 'true' : 'false'}>
      {pass ? <CheckCircle2 size={18} aria-hidden /> : <XCircle size={18} aria-hidden />}
      <span>{label}</span>
      <strong className={styles.verdict}>{pass ? t('games.record.recheck.pass') : t('games.record.recheck.fail')}</strong>
    </li>
  );
}

interface TRecheckProps {
  houseGame: string;
  detail: Record<string, unknown>;
  fairness: TFairness | null;
  /** Reads the round again: a seed rotated since the detail was loaded is revealed in the fresh answer. */
  reload?: () => Promise<{ detail: Record<string, unknown>; fairness: TFairness | null } | undefined>;
}

/** The "Re-check in the browser" button of a house round's detail and its result. */
export function HouseRecheck({ houseGame, detail, fairness, reload }: TRecheckProps) {
  const { t } = useTranslation();
  const [state, setState] = useState<TState>({ kind: 'idle' });
  const run = async () => {
    setState({ kind: 'running' });
    try {
      // A seed not revealed when the detail loaded may be by now (the member rotated it in the game meanwhile).
      const round = !fairness?.serverSeed && reload ? ((await reload()) ?? { detail, fairness }) : { detail, fairness };
      setState(await recheckHouseRound(houseGame, round.detail, round.fairness));
    } catch {
      setState({ kind: 'unknown' });
    }
  };
  return (
    <div className={styles.box} data-testid="bet-recheck-box">
      <div className={styles.head}>
        <p className={styles.intro}>{t('games.record.recheck.intro')}</p>
        <Button variant="secondary" size="sm" onClick={() => void run()} disabled={state.kind === 'running'} data-testid="bet-recheck">
          <ShieldCheck size={16} aria-hidden />
          {state.kind === 'running' ? t('games.record.recheck.running') : t('games.record.recheck.button')}
        </Button>
      </div>
      <div aria-live="polite">
        {state.kind === 'done' && (
          <ul className={styles.results} data-testid="bet-recheck-result" data-pass={state.commitMatches && state.outcomeMatches ? 'true' : 'false'}>
            <Line pass={state.commitMatches} label={t('games.record.recheck.commit')} testId="bet-recheck-commit" />
            <Line pass={state.outcomeMatches} label={t('games.record.recheck.outcome')} testId="bet-recheck-outcome" />
          </ul>
        )}
        {state.kind === 'hidden' && (
          <p className={styles.note} data-testid="bet-recheck-hidden">
            {t('games.record.recheck.hidden')}
          </p>
        )}
        {state.kind === 'unknown' && (
          <p className={styles.note} data-testid="bet-recheck-unknown">
            {t('games.record.recheck.unknown')}
          </p>
        )}
      </div>
    </div>
  );
}
