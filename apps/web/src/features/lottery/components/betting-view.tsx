import { ArrowLeft, BarChart3, CalendarClock, Hash, ListChecks } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageSection } from '../../../components/layout/page-header.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { focusDropped } from '../../../lib/focus-return.ts';
import { createRequestIdSlot } from '../../../lib/money-input.ts';
import { openModal } from '../../../stores/ui-store.ts';
import { useSessionStore } from '../../auth/session-store.ts';
import { useLottoGame } from '../api/get-lotto-game.ts';
import { usePlaceBets } from '../api/place-bets.ts';
import { slipTotal, sortBetTypes, type TSlipBet } from '../bet-slip.ts';
import { lobbyGroupOf } from '../lottery-groups.ts';
import { clockPhase, useServerNow } from '../server-clock.ts';
import { BetPanel } from './bet-panel.tsx';
import { BetSlipPanel } from './bet-slip-panel.tsx';
import { LottoCountdown } from './lotto-countdown.tsx';
import { LottoTickets } from './lotto-tickets.tsx';
import { PopularNumbers } from './popular-numbers.tsx';
import { ResultsTable } from './results-table.tsx';
import styles from './lottery.module.css';

/**
 * One game's betting view: the draw header (number, countdowns to close and draw on the server clock,
 * seed hash), the bet panel, the slip with Place bets, then the results, the member's tickets and the
 * popular numbers. After close the game loads again until the next draw shows (get-lotto-game.ts).
 */
export function BettingView({ gameCode, backHref }: { gameCode: string; backHref: string }) {
  const { t } = useTranslation();
  const token = useSessionStore((s) => s.token);
  const game = useLottoGame(gameCode);
  const now = useServerNow();
  const place = usePlaceBets();
  const [bets, setBets] = useState<TSlipBet[]>([]);
  const [placed, setPlaced] = useState<number | null>(null);
  // Add leaves nothing picked, so it goes disabled under the focus: the focus goes on to Place bets (count of adds).
  const [added, setAdded] = useState(0);
  const placeButton = useRef<HTMLButtonElement>(null);
  const title = useRef<HTMLHeadingElement>(null);
  const nextId = useRef(1);
  // One request id per slip: a retry after a lost answer reuses it, any change of the slip takes a new one.
  const requestId = useRef(createRequestIdSlot());
  const qc = useQueryClient();
  const drawNo = game.data?.game.currentDraw?.drawNo ?? null;
  const shownDraw = useRef(drawNo);

  // A new current draw means the last one closed: its row joins the results (pending until drawn, then
  // polled), and the tickets and statistics load again.
  useEffect(() => {
    if (shownDraw.current === drawNo) return;
    const first = shownDraw.current === null;
    shownDraw.current = drawNo;
    if (first) return;
    for (const part of ['results', 'tickets', 'openedNumbers'] as const) void qc.invalidateQueries({ queryKey: ['lottery', part] });
  }, [drawNo, qc]);

  useEffect(() => {
    if (added > 0) placeButton.current?.focus();
  }, [added]);

  // Opened from the lobby's Bet link, which left the page with the lobby: the focus starts at the game's title.
  const loaded = game.data !== undefined;
  useEffect(() => {
    if (loaded && focusDropped()) title.current?.focus();
  }, [loaded]);

  function changeSlip(next: TSlipBet[]) {
    requestId.current.reset();
    setPlaced(null);
    setBets(next);
  }

  if (game.isPending) {
    return (
      <div className={styles.betting} data-testid="lotto-betting" aria-busy>
        <Skeleton height={120} radius={14} />
        <div className={styles.bettingGrid}>
          <Skeleton height={520} radius={10} />
          <Skeleton height={320} radius={10} />
        </div>
      </div>
    );
  }
  if (game.isError) {
    return (
      <div className={styles.betting} data-testid="lotto-betting">
        <LoadFailed onRetry={() => void game.refetch()} />
      </div>
    );
  }

  const { game: info } = game.data;
  const betTypes = sortBetTypes(game.data.betTypes);
  const draw = info.currentDraw;
  const phase = draw ? clockPhase(draw, now) : null;
  const closed = !draw || phase !== 'open';

  function onPlace() {
    if (!draw || bets.length === 0) return;
    if (token === null) return openModal({ name: 'login' });
    const totalAmount = slipTotal(bets, betTypes);
    place.mutate(
      {
        requestId: requestId.current.take(),
        gameCode,
        drawNo: draw.drawNo,
        bets: bets.map(({ betType, numbers, stake }) => ({ betType, numbers, stake })),
        totalAmount,
      },
      {
        onSuccess: (answer) => {
          requestId.current.reset();
          setBets([]);
          setPlaced(answer.tickets.length);
        },
      },
    );
  }

  return (
    <div className={styles.betting} data-testid="lotto-betting" data-game={gameCode}>
      <header className={styles.drawHeader} data-group={lobbyGroupOf(info)}>
        <Link className={styles.back} to={backHref} data-testid="lotto-back">
          <ArrowLeft size={16} aria-hidden className="flip-rtl" />
          {t('lottery.backToLobby')}
        </Link>
        <div className={styles.drawHeaderMain}>
          <span className={styles.cardBadge} aria-hidden>
            {info.gameCode.slice(0, 4)}
          </span>
          <div className={styles.cardTitles}>
            <h1 ref={title} tabIndex={-1} className={styles.gameTitle}>
              {info.name}
            </h1>
            <p className={styles.cardSub}>
              {info.province ?? t(`lottery.group.${lobbyGroupOf(info)}`)}
              {info.drawIntervalSeconds ? ` · ${t('lottery.every', { count: Math.round(info.drawIntervalSeconds / 60) })}` : ''}
            </p>
          </div>
          {draw ? (
            <dl className={styles.drawFacts}>
              <div>
                <dt>{t('lottery.drawNo')}</dt>
                <dd className="tabular" data-testid="lotto-drawno">
                  #{draw.drawNo}
                </dd>
              </div>
              <div>
                <dt>{t('lottery.closesIn')}</dt>
                <dd>
                  <LottoCountdown iso={draw.closeAt} doneText={t('lottery.status.closed')} testId="lotto-countdown" large />
                </dd>
              </div>
              <div>
                <dt>{t('lottery.drawIn')}</dt>
                <dd>
                  <LottoCountdown iso={draw.drawAt} doneText={t('lottery.drawing')} testId="lotto-countdown-draw" />
                </dd>
              </div>
            </dl>
          ) : (
            <p className={styles.muted}>{t('lottery.noDraw')}</p>
          )}
        </div>
        {draw?.seedHash && (
          <p className={styles.hashLine} title={t('lottery.verifyNote')}>
            <span>{t('lottery.seedHash')}</span>
            <code className={styles.mono} data-testid="lotto-seedhash">
              {draw.seedHash}
            </code>
          </p>
        )}
      </header>

      {betTypes.length === 0 ? (
        <EmptyState text={t('lottery.noBetTypes')} />
      ) : (
        <div className={styles.bettingGrid}>
          <BetPanel
            key={gameCode}
            types={betTypes}
            disabled={closed}
            onAdd={(bet) => {
              changeSlip([...bets, { ...bet, id: nextId.current++ }]);
              setAdded((n) => n + 1);
            }}
          />
          <BetSlipPanel
            bets={bets}
            types={betTypes}
            drawNo={draw?.drawNo ?? null}
            onRemove={(id) => changeSlip(bets.filter((b) => b.id !== id))}
            onClear={() => changeSlip([])}
            onPlace={onPlace}
            placing={place.isPending}
            closed={closed}
            placed={placed}
            placeRef={placeButton}
          />
        </div>
      )}

      <div className={styles.lowerGrid}>
        <PageSection icon={CalendarClock} title={t('lottery.results')}>
          <ResultsTable token={token} gameCode={gameCode} />
        </PageSection>
        <PageSection icon={BarChart3} title={t('lottery.popular')}>
          <PopularNumbers scope={{ gameCode }} />
        </PageSection>
      </div>
      <PageSection icon={ListChecks} title={t('lottery.tickets')}>
        <LottoTickets token={token} gameCode={gameCode} />
      </PageSection>
      <p className={styles.footNote}>
        <Hash size={12} aria-hidden /> {t('lottery.serverClockNote')}
      </p>
    </div>
  );
}
