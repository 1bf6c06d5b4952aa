import type { THouseRefusal } from '@playhall/contract/house-rules/refusals';
import { AppError } from '../../lib/app-error.ts';

/** The catalogue codes a house game refuses a call with; the reason says why. */
type TRefusalCode = 'operation_not_allowed' | 'conflict' | 'duplicate_request' | 'not_found';

/**
 * A house game's refusal (issue 23): the catalogue code, `{ reason }` (with the figures its words need) for the game
 * page to say in the player's language, and the English sentence for logs and API readers (house-rules/refusals.ts).
 */
export function houseRefusal(reason: THouseRefusal, message: string, value: Record<string, unknown> = {}, code: TRefusalCode = 'operation_not_allowed'): AppError {
  return new AppError(code, { reason, ...value }, message);
}
