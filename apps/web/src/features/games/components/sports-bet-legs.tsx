import { useTranslation } from 'react-i18next';
import type { TBookBetLeg } from '@playhall/contract/sportsbook-api';
import { formatOdds } from '@playhall/contract/sportsbook-odds';
import { formatDateTime } from '../../../lib/format.ts';
import styles from './betting-record.module.css';

/** A sports bet's leg as its round's record keeps it (`detail.legs`, apps/server/src/modules/sportsbook/sportsbook.service.ts TRecordLeg). */
type TRecordLeg = Omit<TBookBetLeg, 'fixtureState' | 'result'>;

const HANDICAPS = new Set(['asianHandicap', 'mapHandicap']);
const SELECTIONS = ['draw', 'over', 'under', 'yes', 'no', 'other'] as const;
const isNamedSelection = (s: string): s is (typeof SELECTIONS)[number] => (SELECTIONS as readonly string[]).includes(s);
const TOTALS = new Set(['overUnder', 'totalMaps']);

/** A line in quarters as players read it: −3 → "-0.75", 1 → "+0.25" for a handicap. */
const lineText = (quarters: number, signed: boolean) => `${signed && quarters > 0 ? '+' : ''}${quarters / 4}`;

function isRecordLeg(v: unknown): v is TRecordLeg {
  const l = v as Partial<TRecordLeg> | null;
  return typeof l === 'object' && l !== null && typeof l.kind === 'string' && typeof l.selection === 'string' && typeof l.odds === 'number' && typeof l.line === 'number';
}

/** The legs of a sports bet's record, or null when the round is not one. */
export function recordLegs(detail: Record<string, unknown>): TRecordLeg[] | null {
  const legs = detail.legs;
  return Array.isArray(legs) && legs.length > 0 && legs.every(isRecordLeg) ? legs : null;
}

/** The legs of a sports bet in the betting record's detail: match, market and line, selection, odds, outcome. */
export function SportsBetLegs({ legs, settled }: { legs: TRecordLeg[]; settled: boolean }) {
  const { t } = useTranslation();
  const selection = (l: TRecordLeg) => {
    const team = l.selection === 'home' ? l.home : l.selection === 'away' ? l.away : null;
    if (team !== null) return HANDICAPS.has(l.kind) ? `${team} ${lineText(l.selection === 'home' ? l.line : -l.line, true)}` : team;
    if (!isNamedSelection(l.selection)) return l.selection; // a correct score, "2-1"
    const name = t(`games.record.sports.sel.${l.selection}`);
    return TOTALS.has(l.kind) ? `${name} ${lineText(l.line, false)}` : name;
  };
  return (
    <section>
      <h4 className={styles.subTitle}>
        {t('games.record.sports.title')} · {legs.length === 1 ? t('games.record.sports.single') : t('games.record.sports.parlay', { count: legs.length })}
      </h4>
      <table className={styles.legs} data-testid="bet-legs">
        <thead>
          <tr>
            <th scope="col">{t('games.record.sports.match')}</th>
            <th scope="col">{t('games.record.sports.market')}</th>
            <th scope="col">{t('games.record.sports.selection')}</th>
            <th scope="col" className={styles.num}>
              {t('games.record.sports.odds')}
            </th>
            <th scope="col">{t('games.record.sports.outcome')}</th>
          </tr>
        </thead>
        <tbody>
          {legs.map((l) => {
            const outcome = l.outcome ?? (settled ? null : 'pending');
            return (
              <tr key={l.legNo} data-testid="bet-leg">
                <td>
                  <strong>
                    {l.home} – {l.away}
                  </strong>
                  <span className={styles.sub}>
                    {l.league} · {formatDateTime(l.kickoffAt, false)}
                  </span>
                </td>
                <td>
                  {String(t(`games.record.sports.kind.${l.kind}`))}
                  {HANDICAPS.has(l.kind) || TOTALS.has(l.kind) ? ` ${lineText(l.line, HANDICAPS.has(l.kind))}` : ''}
                </td>
                <td>{selection(l)}</td>
                <td className={styles.num}>{formatOdds(l.odds, 'decimal')}</td>
                <td>
                  <span className={styles.legOutcome} data-outcome={outcome ?? 'none'} data-testid="bet-leg-outcome">
                    {outcome ? t(`games.record.sports.outcomeName.${outcome}`) : '–'}
                  </span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
