import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TConsoleCallDef } from '@playhall/contract/console';
import { consoleCall } from './console-api.ts';

/** Query options for a console GET call: keyed by the call's name and its payload; a page change keeps the last rows on screen. */
export function consoleQuery<Req extends z.ZodType, Res extends z.ZodType>(def: TConsoleCallDef<Req, Res>, payload: z.input<Req>) {
  return queryOptions({
    queryKey: [def.name, payload] as const,
    queryFn: ({ signal }) => consoleCall(def, payload, signal),
    placeholderData: keepPreviousData,
  });
}
