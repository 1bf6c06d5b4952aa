import { BarChart3, CalendarClock } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { PageSection } from '../../../components/layout/page-header.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { useSessionStore } from '../../auth/session-store.ts';
import type { TPrizeMode } from '../api/get-lotto-menu.ts';
import { readLottoQuery, type TLobbyGroup } from '../lottery-groups.ts';
import { BettingView } from './betting-view.tsx';
import { LotteryLobby } from './lottery-lobby.tsx';
import { PopularNumbers } from './popular-numbers.tsx';
import { RecentLottoGames } from './recent-lotto-games.tsx';
import styles from './lottery.module.css';

const PRIZE_MODE_SET = new Set<string>(['Lott', 'ZY', 'Elott', 'SEA']);

interface TLotteryHomeProps {
  /** The banner strip and anything the page shows above the lobby. */
  header: ReactNode;
  /** The prize mode when the query names none (lottoPrizeMode filters the lobby). */
  prizeMode?: TPrizeMode;
  /** Lobby sections shown when no prize mode is asked for. */
  groups?: readonly TLobbyGroup[];
  /** Tabs over the lobby that set lottoPrizeMode (the lottery hall). */
  modeTabs?: boolean;
  children?: ReactNode;
}

/**
 * A lottery page (/lottery, /vnlottery, /elott) by its query (spec §3): the betting view when a game
 * code is given, else the lobby with the member's recent games and the popular numbers.
 */
export function LotteryHome({ header, prizeMode, groups, modeTabs, children }: TLotteryHomeProps) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const token = useSessionStore((s) => s.token);
  const query = readLottoQuery(params);
  const asked = query.prizeMode && PRIZE_MODE_SET.has(query.prizeMode) ? (query.prizeMode as TPrizeMode) : undefined;
  const mode = asked ?? prizeMode;

  if (query.view === 'betting' && query.gameCode) {
    // Back to the hall's tab the game was picked from; the other pages' lobbies take no filter back (a
    // launch answer carries the brand's prize mode, which is not how the member browsed).
    const back = asked && modeTabs ? `${pathname}?lottoPrizeMode=${asked}` : pathname;
    return (
      <div className="container">
        <BettingView key={query.gameCode} gameCode={query.gameCode} backHref={back} />
      </div>
    );
  }

  return (
    <div className={`container ${styles.page}`}>
      {header}
      {children}
      <div className={styles.pageRecent}>
        <RecentLottoGames token={token} />
      </div>
      <div className={styles.lobbyLayout}>
        <PageSection icon={CalendarClock} title={asked && !modeTabs ? t(`lottery.prizeMode.${asked}`) : t('lottery.draws')}>
          {modeTabs && (
            <div className={styles.modeTabs}>
              <Tabs
                variant="underline"
                label={t('lottery.draws')}
                value={asked ?? 'all'}
                onChange={(v) => setParams(v === 'all' ? {} : { lottoPrizeMode: v })}
                items={(['all', 'Lott', 'Elott', 'SEA'] as const).map((v) => ({
                  value: v,
                  testId: `lotto-mode-${v}`,
                  label: v === 'all' ? t('lottery.allModes') : t(`lottery.prizeMode.${v}`),
                }))}
              />
            </div>
          )}
          <LotteryLobby prizeMode={mode} groups={asked ? undefined : groups} />
        </PageSection>
        <PageSection icon={BarChart3} title={t('lottery.popular')}>
          <PopularNumbers scope={mode ? { prizeMode: mode } : {}} />
        </PageSection>
      </div>
    </div>
  );
}
