import type { TConsoleCallDef } from './console-define.ts';

/** The console's lottery (draws, results, void) and agents (tree, contracts, bills, frozen accounts) calls (issue 24). */
export const LOTTERY_AGENT_CALLS: readonly TConsoleCallDef[] = [];
