import { Clock, Ticket, Zap } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { TLottoGame } from '@playhall/contract/calls/games';
import { buttonClass } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useLottoGame } from '../api/get-lotto-game.ts';
import { useLottoMenu, type TPrizeMode } from '../api/get-lotto-menu.ts';
import { specialPrize } from '../draw-sheet.ts';
import { bettingHref, groupGames, lobbyGroupOf, type TLobbyGroup } from '../lottery-groups.ts';
import { clockPhase, useServerNow } from '../server-clock.ts';
import { useSeen } from '../use-seen.ts';
import { LottoCountdown } from './lotto-countdown.tsx';
import { LottoNumber } from './lotto-number.tsx';
import styles from './lottery.module.css';

/**
 * The lottery lobby: the games of lottery.menu by section (fast e-lottery, north, south, central, SEA),
 * each card with its countdown to close on the server clock, the last special prize and a Bet button
 * that opens the betting view on the same page.
 */
export function LotteryLobby({ prizeMode, groups }: { prizeMode?: TPrizeMode; groups?: readonly TLobbyGroup[] }) {
  const { t } = useTranslation();
  const menu = useLottoMenu(prizeMode);
  const games = (menu.data?.games ?? []).filter((g) => !groups || groups.includes(lobbyGroupOf(g)));

  return (
    <div className={styles.lobby} data-testid="lottery-lobby">
      {menu.isPending ? (
        <div className={styles.cardGrid}>
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} height={196} radius={10} />
          ))}
        </div>
      ) : menu.isError ? (
        <LoadFailed onRetry={() => void menu.refetch()} />
      ) : games.length === 0 ? (
        <EmptyState text={t('lottery.noGames')} testId="lottery-lobby-empty" />
      ) : (
        groupGames(games).map(({ group, games: list }) => (
          <section key={group} className={styles.group} data-testid={`lotto-group-${group}`} data-group={group}>
            <h2 className={styles.groupTitle}>
              <span className={styles.groupMark} aria-hidden>
                {group === 'fast' ? <Zap size={16} /> : <Ticket size={16} />}
              </span>
              {t(`lottery.group.${group}`)}
              <span className={styles.groupCount}>{list.length}</span>
            </h2>
            <div className={styles.cardGrid}>
              {list.map((g) => (
                <LottoGameCard key={g.gameCode} game={g} />
              ))}
            </div>
          </section>
        ))
      )}
    </div>
  );
}

function LottoGameCard({ game }: { game: TLottoGame }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const ref = useRef<HTMLElement>(null);
  // The detail carries the last result (the menu does not) and a fresh current draw; a card asks for it
  // when it comes into view, so a lobby of forty games does not send forty calls at once.
  const detail = useLottoGame(game.gameCode, { silent: true, enabled: useSeen(ref) });
  const now = useServerNow();
  const draw = detail.data?.game.currentDraw ?? game.currentDraw;
  const phase = draw ? clockPhase(draw, now) : null;
  const special = specialPrize(detail.data?.lastResult);
  const group = lobbyGroupOf(game);

  return (
    <article ref={ref} className={styles.card} data-testid={`lotto-game-${game.gameCode}`} data-group={group}>
      <div className={styles.cardTop}>
        <span className={styles.cardBadge} aria-hidden>
          {game.gameCode.slice(0, 4)}
        </span>
        <div className={styles.cardTitles}>
          <h3 className={styles.cardName} title={game.name}>
            {game.name}
          </h3>
          <p className={styles.cardSub}>
            {game.province ?? t(`lottery.group.${group}`)}
            {game.drawIntervalSeconds ? ` · ${t('lottery.every', { count: Math.round(game.drawIntervalSeconds / 60) })}` : ''}
          </p>
        </div>
      </div>
      <div className={styles.cardRow}>
        <span className={styles.cardLabel}>
          <Clock size={14} aria-hidden />
          {phase === 'open' || phase === null ? t('lottery.closesIn') : t('lottery.status.closed')}
        </span>
        {draw ? <LottoCountdown iso={phase === 'open' ? draw.closeAt : draw.drawAt} doneText={t('lottery.drawing')} /> : <span className={styles.muted}>{t('lottery.notScheduled')}</span>}
      </div>
      <div className={styles.cardRow}>
        <span className={styles.cardLabel}>{group === 'sea' ? t('lottery.lastFirst') : t('lottery.lastSpecial')}</span>
        {detail.isLoading ? <Skeleton width={90} height={22} /> : special ? <LottoNumber value={special} /> : <span className={styles.muted}>{t('lottery.noResultYet')}</span>}
      </div>
      <Link className={buttonClass('primary', 'md', true)} to={bettingHref(pathname, game.gameCode)} data-testid="lotto-bet">
        {t('lottery.bet')}
      </Link>
    </article>
  );
}
