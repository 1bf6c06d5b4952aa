import type { TDb } from '../../../db/client.ts';
import type { TConsoleRegistrar } from '../console-registrar.ts';
import { registerContentPages } from './content.page.ts';
import { registerConfigPages } from './config.page.ts';
import { registerDashboard } from './dashboard.page.ts';
import { registerMemberActions } from './member-actions.page.ts';
import { registerMemberDetail } from './member-detail.page.ts';
import { registerMemberSearch } from './member-search.page.ts';
import { registerMoneyQueues } from './money-queues.page.ts';
import { registerLotteryPages } from './lottery.page.ts';
import { registerAgentPages } from './agents.page.ts';
import { registerReportPages } from './reports.page.ts';
import { registerContentMorePages } from './content-more.page.ts';
import { registerDisputePages } from './disputes.page.ts';

export interface TConsolePagesDeps {
  db: TDb;
  merchantId: number;
}

/** The console's pages (dashboard, members, money queues, content): each call served from its contract definition. */
export function registerConsolePages(calls: TConsoleRegistrar, deps: TConsolePagesDeps): void {
  // A lock or password reset ends the member's sessions inside the ops command's own transaction (ops/user.ops.ts).
  const pageDeps = { db: deps.db, merchantId: deps.merchantId };
  registerDashboard(calls, pageDeps);
  registerMemberSearch(calls, pageDeps);
  registerMemberDetail(calls, pageDeps);
  registerMemberActions(calls, pageDeps);
  registerMoneyQueues(calls, pageDeps);
  registerContentPages(calls, pageDeps);
  registerReportPages(calls, pageDeps);
  registerConfigPages(calls, pageDeps);
  registerLotteryPages(calls, pageDeps);
  registerAgentPages(calls, pageDeps);
  registerContentMorePages(calls, pageDeps);
  registerDisputePages(calls, pageDeps);
}
