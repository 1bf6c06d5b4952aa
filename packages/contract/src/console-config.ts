import type { TConsoleCallDef } from './console-define.ts';

/** The console's configuration (site status and maintenance, region rules, white-label flags, register field rules, payment channels) calls (issue 24). */
export const CONFIG_CALLS: readonly TConsoleCallDef[] = [];
