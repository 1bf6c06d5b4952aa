import { consoleAudit, consoleAuditVerify, consoleOperatorCreate, consoleOperators, consoleOperatorUpdate } from '@playhall/contract/console';
import type { TDb } from '../../db/client.ts';
import { instantOf } from '../../lib/zoned-time.ts';
import type { TAuditRepository } from '../audit/audit.repository.ts';
import type { TConsoleRegistrar } from './console-registrar.ts';
import type { TOperatorService } from './operator.service.ts';

const DAY_MS = 86_400_000;
/** The first moment of a merchant's day (yyyy-MM-dd), or of the day after it. */
const dayStart = (tz: string, day: string, after = 0) => new Date(instantOf(tz, Date.parse(`${day}T00:00:00Z`) + after * DAY_MS));

/** operators.* and audit.*: the same operator service and audit repository as the CLI's `operator` and `audit` commands. */
export function registerConsoleOperatorRoutes(
  calls: TConsoleRegistrar,
  deps: { db: TDb; operators: TOperatorService; audit: Pick<TAuditRepository, 'list' | 'verify'>; timeZone: () => Promise<string> },
): void {
  calls.serve(consoleOperators, async () => ({ list: await deps.operators.list() }));
  calls.serve(consoleOperatorCreate, (input, { actor }) => deps.operators.create(actor, input));
  calls.serve(consoleOperatorUpdate, async (input, { actor }) => {
    const { id, ...change } = input;
    const { operator, changed } = await deps.operators.change(actor, id, change);
    return { message: changed ? `${operator.username} changed` : `${operator.username} already was so` };
  });

  calls.serve(consoleAudit, async (input) => {
    const tz = await deps.timeZone();
    const { rows, total } = await deps.audit.list(
      deps.db,
      {
        actor: input.actor,
        action: input.action,
        target: input.target,
        from: input.from ? dayStart(tz, input.from) : undefined,
        until: input.to ? dayStart(tz, input.to, 1) : undefined,
      },
      input,
    );
    return {
      list: rows.map((r) => ({ id: r.id, at: r.createdAt.toISOString(), actor: r.actor, action: r.action, target: r.target, before: r.before, after: r.after, reason: r.reason, hash: r.hash })),
      total,
      page: input.page,
      pageSize: input.pageSize,
    };
  });
  calls.serve(consoleAuditVerify, () => deps.audit.verify(deps.db));
}
