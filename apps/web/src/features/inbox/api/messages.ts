import { keepPreviousData, queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { deleteMessages, listMessages, markAllMessagesRead, markMessagesRead, readMessage, type MESSAGE_FILTERS } from '@playhall/contract/calls/inbox';
import { call } from '../../../lib/api-client.ts';
import { UNREAD_KEY } from './unread-count.ts';

export type TMessageFilter = (typeof MESSAGE_FILTERS)[number];

/** messages.list: a page of the member's messages under a filter, with the unread count of all of them. */
export const useMessages = (filter: TMessageFilter, page: number, pageSize: number) =>
  useQuery(
    queryOptions({
      queryKey: ['messages', 'list', filter, page, pageSize],
      queryFn: () => call(listMessages, { filter, page, pageSize }),
      placeholderData: keepPreviousData,
      refetchOnMount: 'always',
    }),
  );

/** messages.read: one message whole. The server marks it read, so the list and the badges are asked again after. */
export function useMessage(id: number) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['messages', 'detail', id],
    queryFn: async () => {
      const message = await call(readMessage, { id });
      void refreshCounts(queryClient);
      return message;
    },
    staleTime: Infinity,
  });
}

/** After a change: the lists and the badges (not the open message, which the change does not alter). */
function refreshCounts(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'messages' && q.queryKey[1] !== 'detail' });
}

/** The member's changes to its messages; each answers the new unread count, which goes straight into the badges. */
export function useMessageActions() {
  const queryClient = useQueryClient();
  async function after(answer: { unread: number }): Promise<void> {
    queryClient.setQueriesData({ queryKey: UNREAD_KEY }, answer.unread);
    await refreshCounts(queryClient);
  }
  return {
    markRead: async (ids: number[]) => after(await call(markMessagesRead, { ids })),
    markAllRead: async () => after(await call(markAllMessagesRead, {})),
    remove: async (ids: number[]) => after(await call(deleteMessages, { ids })),
  };
}
