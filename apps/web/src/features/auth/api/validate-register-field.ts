import { validateRegisterField } from '@playhall/contract/calls/auth';
import { call } from '../../../lib/api-client.ts';

/** The fields the server can tell are already taken (GET /wps/member/register/validate). */
export const SERVER_CHECKED_FIELDS = ['username', 'mobileNum', 'email', 'idNumber'] as const;
export type TServerCheckedField = (typeof SERVER_CHECKED_FIELDS)[number];

export function isServerChecked(field: string): field is TServerCheckedField {
  return (SERVER_CHECKED_FIELDS as readonly string[]).includes(field);
}

/** The server's refusal of one value (`username_taken`, a rule key, a phone error), or null; a failed check says nothing. */
export async function registerFieldProblem(field: TServerCheckedField, value: string, countryDialingCode?: string): Promise<string | null> {
  try {
    const result = await call(validateRegisterField, { field, value, ...(countryDialingCode ? { countryDialingCode } : {}) });
    return result.valid ? null : result.code;
  } catch {
    return null;
  }
}
