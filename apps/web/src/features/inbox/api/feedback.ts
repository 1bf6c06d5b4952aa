import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { listFeedback } from '@playhall/contract/calls/inbox';
import { feedback } from '@playhall/contract/calls/system';
import type { z } from 'zod';
import { call } from '../../../lib/api-client.ts';

/**
 * feedback.list: the member's feedback with the operator's replies. Its key starts with 'messages' so that a reply,
 * which arrives as a message (an 'unread' signal), refreshes the history too.
 */
export const useFeedbackHistory = (page: number, pageSize: number) =>
  useQuery({
    queryKey: ['messages', 'feedback', page, pageSize],
    queryFn: () => call(listFeedback, { page, pageSize }),
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
  });

/** system.feedback (POST /wps/feedback): sends, then the history is asked again. */
export function useSendFeedback() {
  const queryClient = useQueryClient();
  return async (input: z.input<typeof feedback.request>) => {
    const answer = await call(feedback, input);
    await queryClient.invalidateQueries({ queryKey: ['messages', 'feedback'] });
    return answer;
  };
}
