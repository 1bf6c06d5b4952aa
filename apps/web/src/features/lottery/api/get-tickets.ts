import { useQuery } from '@tanstack/react-query';
import { tickets } from '@playhall/contract/calls/games';
import { call } from '../../../lib/api-client.ts';

export const TICKETS_PAGE_SIZE = 20;
/** While a ticket waits for its draw the list is asked again this often. */
const OPEN_TICKETS_POLL_MS = 5_000;

/** lottery.tickets: the member's tickets (of one game when given), newest first. */
export const useLottoTickets = (token: string | null, gameCode: string | undefined, page: number) =>
  useQuery({
    queryKey: ['lottery', 'tickets', token, gameCode ?? null, page],
    queryFn: () => call(tickets, { ...(gameCode ? { gameCode } : {}), page, pageSize: TICKETS_PAGE_SIZE }),
    enabled: token !== null,
    refetchInterval: (q) => (q.state.data?.list.some((t) => t.status === 'open') ? OPEN_TICKETS_POLL_MS : false),
    refetchOnMount: 'always',
  });
