import { FEEDBACK_MAX_CHARS } from '@playhall/contract/calls/system';

/**
 * Why feedback content cannot be sent (spec §5: "between {0} and {1} words", also stated as 140 characters): empty,
 * or longer than 140 characters as the server counts them (after trimming, UTF-16 units, as zod's max does).
 */
export function feedbackProblem(content: string): 'empty' | 'long' | null {
  const length = content.trim().length;
  if (length === 0) return 'empty';
  if (length > FEEDBACK_MAX_CHARS) return 'long';
  return null;
}
