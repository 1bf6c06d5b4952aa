import { useTranslation } from 'react-i18next';
import { LOYALTY_CATEGORIES, type TVipLevel } from '@playhall/contract/calls/loyalty';
import { DataTable } from '../../../../components/ui/data-table.tsx';
import { formatMoney } from '../../../../lib/format.ts';
import { basisPointsText } from '../vip-progress.ts';
import styles from './vip.module.css';

/** Two or more labelled figures stacked in one cell. */
function Figures({ rows, columns = 1 }: { rows: readonly [string, string][]; columns?: 1 | 2 }) {
  return (
    <div className={columns === 2 ? `${styles.rates} ${styles.ratesTwo}` : styles.rates}>
      {rows.map(([label, value]) => (
        <span key={label}>
          <span className={styles.hint}>{label}</span> {value}
        </span>
      ))}
    </div>
  );
}

/** The level table of /vip: what each level takes to reach and keep, and what it gives. The member's level is marked. */
export function VipLevelTable({ levels, current }: { levels: readonly TVipLevel[]; current: number | null }) {
  const { t } = useTranslation();
  const money = (minor: number) => formatMoney(minor);
  return (
    <div className={styles.tableWrap}>
      <DataTable
        rows={levels}
        rowKey={(l) => l.level}
        testId="vip-levels"
        caption={t('vip.levels')}
        highlight={(l) => l.level === current}
        columns={[
          {
            key: 'level',
            header: t('vip.table.level'),
            cell: (l) => (
              <span data-testid={`vip-level-${l.level}`}>
                <span className={styles.gold}>VIP {l.level}</span>
                {l.name !== `VIP${l.level}` && l.name !== `VIP ${l.level}` && <span className={styles.hint}> · {l.name}</span>}
              </span>
            ),
          },
          {
            key: 'reach',
            wrap: true,
            header: t('vip.table.reach'),
            numeric: true,
            cell: (l) => (
              <Figures
                rows={[
                  [t('vip.validBet'), money(l.validBetRequired)],
                  ...(l.depositRequired > 0 ? ([[t('vip.deposit'), money(l.depositRequired)]] as [string, string][]) : []),
                ]}
              />
            ),
          },
          {
            key: 'keep',
            header: t('vip.table.keep'),
            wrap: true,
            numeric: true,
            cell: (l) => (l.keepValidBet > 0 ? money(l.keepValidBet) : '—'),
          },
          {
            key: 'bonuses',
            wrap: true,
            header: t('vip.table.bonuses'),
            numeric: true,
            cell: (l) => (
              <Figures
                rows={[
                  [t('vip.upgradeBonus'), money(l.upgradeBonus)],
                  [t('vip.monthlyBonus'), money(l.monthlyBonus)],
                  [t('vip.birthdayBonus'), money(l.birthdayBonus)],
                  [t('vip.table.turnover'), l.bonusTurnoverMultiple > 0 ? t('vip.turnoverTimes', { count: l.bonusTurnoverMultiple }) : t('vip.asCash')],
                ]}
              />
            ),
          },
          {
            key: 'rebate',
            wrap: true,
            header: t('vip.table.rebate'),
            cell: (l) => {
              const rates = LOYALTY_CATEGORIES.flatMap((c) => {
                const bp = l.rebateRates[c];
                return bp ? [[t(`category.${c}`), basisPointsText(bp)] as [string, string]] : [];
              });
              return rates.length > 0 ? <Figures rows={rates} columns={2} /> : '—';
            },
          },
          {
            key: 'withdrawals',
            wrap: true,
            header: t('vip.table.withdrawals'),
            numeric: true,
            cell: (l) => (
              <Figures
                rows={[
                  [t('vip.perDay'), l.withdrawalsPerDay > 0 ? String(l.withdrawalsPerDay) : t('vip.siteStandard')],
                  [t('vip.limitPerDay'), l.withdrawalLimitPerDay > 0 ? money(l.withdrawalLimitPerDay) : t('vip.unlimited')],
                ]}
              />
            ),
          },
        ]}
      />
    </div>
  );
}
