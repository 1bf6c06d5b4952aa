import type { TConsoleCallDef } from './console-define.ts';

/** The console's reports (daily GGR by category and vendor, per agent team, per member) calls (issue 24). */
export const REPORT_CALLS: readonly TConsoleCallDef[] = [];
