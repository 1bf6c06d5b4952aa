import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  consoleLotteryDraws,
  consoleLotteryGames,
  consoleLotteryResult,
  consoleLotteryVoid,
  type TConsoleDrawRow,
  type TConsoleLotteryGame,
} from '@playhall/contract/console-lottery-agents';
import { Button } from '../../../components/ui/button.tsx';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { useShowError } from '../../components/error-dialog.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Pager } from '../../components/pager.tsx';
import { QueryView } from '../../components/query-view.tsx';
import { ReasonDialog } from '../../components/reason-dialog.tsx';
import { StatusChip } from '../../components/status-chip.tsx';
import { consoleCall, ConsoleError } from '../../lib/console-api.ts';
import type { TFieldErrors } from '../../lib/field-errors.ts';
import { formatTime } from '../../lib/time.ts';
import { consoleQuery } from '../../lib/use-console-query.ts';
import { useSession } from '../auth/session.tsx';
import common from '../../components/console.module.css';

type TStatus = '' | TConsoleDrawRow['status'];
const PAGE_SIZE = 20;

const PRIZE_MESSAGES: Record<string, string> = {
  prize_unknown: 'Not a prize of this draw.',
  prize_missing: 'Enter the numbers of this prize.',
  prize_count: 'Wrong count of numbers.',
  prize_digits: 'Wrong count of digits.',
};

/** The draw's winning numbers in one line: the special prize first. */
const resultLine = (d: TConsoleDrawRow) => (d.result ? d.result.map((p) => `${p.prize} ${p.numbers.join(' ')}`).join(' · ') : '—');

/** A game's draws by state; a draw of an operator-sourced game that has closed takes its result here, any unsettled draw can be voided. */
export function LotteryPage() {
  const { allows } = useSession();
  const queryClient = useQueryClient();
  const manage = allows('lottery.manage');
  const gamesQuery = useQuery(consoleQuery(consoleLotteryGames, {}));
  const [game, setGame] = useState('');
  const [status, setStatus] = useState<TStatus>('');
  const [page, setPage] = useState(1);
  const [entering, setEntering] = useState<TConsoleDrawRow | null>(null);
  const [voiding, setVoiding] = useState<TConsoleDrawRow | null>(null);
  const games = gamesQuery.data?.list ?? [];
  const current = games.find((g) => g.code === game) ?? games[0];
  const code = current?.code ?? '';
  const drawsQuery = useQuery({ ...consoleQuery(consoleLotteryDraws, { game: code, ...(status ? { status } : {}), page, pageSize: PAGE_SIZE }), enabled: code !== '' });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: [consoleLotteryDraws.name] });

  return (
    <>
      <PageHeader title="Lottery draws" />
      <QueryView query={gamesQuery}>
        {({ list }) =>
          list.length === 0 || !current ? (
            <EmptyState text="No lottery games." testId="lottery-no-games" />
          ) : (
            <>
              <div className={common.filters}>
                <Select
                  label="Game"
                  value={code}
                  onChange={(e) => {
                    setGame(e.target.value);
                    setPage(1);
                  }}
                  options={list.map((g) => ({ value: g.code, label: `${g.code} — ${g.name}` }))}
                  data-testid="lottery-game"
                />
                <Select
                  label="State"
                  value={status}
                  onChange={(e) => {
                    setStatus(e.target.value as TStatus);
                    setPage(1);
                  }}
                  options={[
                    { value: '', label: 'All draws' },
                    { value: 'open', label: 'Open for bets' },
                    { value: 'closed', label: 'Closed, awaiting result' },
                    { value: 'drawn', label: 'Drawn' },
                    { value: 'settled', label: 'Settled' },
                    { value: 'void', label: 'Void' },
                  ]}
                  data-testid="lottery-status"
                />
                <p className={common.muted} data-testid="lottery-source">
                  Results: {current.resultSource === 'operator' ? 'entered by the operator' : 'house draw'}
                </p>
              </div>
              <QueryView query={drawsQuery}>
                {(result) =>
                  result.list.length === 0 ? (
                    <EmptyState text="No draws in this state." testId="lottery-empty" />
                  ) : (
                    <>
                      <DataTable
                        caption="Draws"
                        testId="lottery-draws"
                        rows={result.list}
                        rowKey={(d) => d.id}
                        columns={[
                          { key: 'no', header: 'Draw', cell: (d) => <span data-testid="lottery-draw-row">{d.drawNo}</span> },
                          { key: 'drawAt', header: 'Draw time', cell: (d) => formatTime(d.drawAt) },
                          { key: 'closeAt', header: 'Betting closes', cell: (d) => formatTime(d.closeAt) },
                          { key: 'status', header: 'State', cell: (d) => <StatusChip status={d.status} /> },
                          { key: 'result', header: 'Result', wrap: true, cell: (d) => resultLine(d) },
                          {
                            key: 'actions',
                            header: <span className="sr-only">Actions</span>,
                            cell: (d) => (
                              <div className={common.rowActions}>
                                {manage && current.resultSource === 'operator' && d.status === 'closed' && (
                                  <Button size="sm" onClick={() => setEntering(d)} data-testid="lottery-enter-result">
                                    Enter result
                                  </Button>
                                )}
                                {manage && d.status !== 'settled' && d.status !== 'void' && (
                                  <Button variant="danger" size="sm" onClick={() => setVoiding(d)} data-testid="lottery-void">
                                    Void
                                  </Button>
                                )}
                              </div>
                            ),
                          },
                        ]}
                      />
                      <Pager page={result.page} pageSize={result.pageSize} total={result.total} onChange={setPage} />
                    </>
                  )
                }
              </QueryView>
              {entering && <ResultDialog game={current} draw={entering} onClose={() => setEntering(null)} onDone={refresh} />}
            </>
          )
        }
      </QueryView>
      <ReasonDialog
        open={voiding !== null}
        onOpenChange={(o) => !o && setVoiding(null)}
        title={`Void draw ${voiding?.game ?? ''} ${voiding?.drawNo ?? ''}`}
        description="Every ticket of the draw is refunded to its member; the draw takes no more bets."
        confirmLabel="Void draw"
        variant="danger"
        onConfirm={(reason) => (voiding ? consoleCall(consoleLotteryVoid, { game: voiding.game, drawNo: voiding.drawNo, reason }) : Promise.resolve())}
        onDone={refresh}
      />
    </>
  );
}

/** One field per prize (its numbers separated by spaces or commas); the server's refusals shown under the prize. */
function ResultDialog({ game, draw, onClose, onDone }: { game: TConsoleLotteryGame; draw: TConsoleDrawRow; onClose: () => void; onDone: () => void }) {
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<TFieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<string | null>(null);
  const showError = useShowError();

  async function submit() {
    const prizes = Object.fromEntries(game.prizes.map((p) => [p.prize, (values[p.prize] ?? '').split(/[\s,]+/).filter((n) => n !== '')]));
    const local: TFieldErrors = {};
    for (const p of game.prizes) {
      const numbers = prizes[p.prize] ?? [];
      if (numbers.length !== p.count) local[`prizes.${p.prize}`] = `Enter ${p.count} number(s).`;
      else if (numbers.some((n) => !new RegExp(`^[0-9]{${p.digits}}$`).test(n))) local[`prizes.${p.prize}`] = `Each number has ${p.digits} digits.`;
    }
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    setBusy(true);
    try {
      const r = await consoleCall(consoleLotteryResult, { game: game.code, drawNo: draw.drawNo, prizes });
      setOutcome(r.message);
      onDone();
    } catch (err) {
      if (err instanceof ConsoleError && Object.keys(err.fields).length > 0) {
        setErrors(Object.fromEntries(Object.entries(err.fields).map(([k, v]) => [k.replace(/\.\d+$/, ''), PRIZE_MESSAGES[v] ?? v])));
      } else showError(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open
      onOpenChange={(o) => !o && onClose()}
      title={`Result of ${game.code} ${draw.drawNo}`}
      width={560}
      minHeight={0}
      testId="lottery-result-dialog"
      footer={
        outcome ? (
          <Button onClick={onClose} data-testid="lottery-result-done">
            Done
          </Button>
        ) : (
          <>
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={() => void submit()} disabled={busy} data-testid="confirm">
              Enter and settle
            </Button>
          </>
        )
      }
    >
      {outcome ? (
        <p data-testid="lottery-result-outcome">{outcome}</p>
      ) : (
        <form
          className={common.form}
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <p className={common.muted}>The draw is settled at once and winners are paid: check the numbers against the official result.</p>
          {game.prizes.map((p) => (
            <Input
              key={p.prize}
              label={`${p.prize} — ${p.count} × ${p.digits} digits`}
              value={values[p.prize] ?? ''}
              onChange={(e) => setValues((v) => ({ ...v, [p.prize]: e.target.value }))}
              error={errors[`prizes.${p.prize}`]}
              inputMode="numeric"
              autoComplete="off"
              data-testid={`lottery-prize-${p.prize}`}
            />
          ))}
          {Object.entries(errors)
            .filter(([field]) => !game.prizes.some((p) => `prizes.${p.prize}` === field))
            .map(([field, text]) => (
              <p key={field} role="alert" className={common.formError}>
                {text}
              </p>
            ))}
        </form>
      )}
    </Modal>
  );
}
