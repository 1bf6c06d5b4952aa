import { envelopeRains, openEnvelope as openCall } from '@playhall/contract/calls/promotions';
import type { TDb } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TCallRegistrar, TSession } from '../../plugins/contract-routes.ts';
import type { TSiteConfigLoader } from '../system/site-config.ts';
import { openEnvelope, rainsFor } from './envelopes.service.ts';

function me(session: TSession | null): number {
  if (!session) throw new AppError('not_logged_in');
  return session.userId;
}

/** Red envelope rains (issue 17): the rains a member sees and the one envelope they open per rain. */
export function registerEnvelopesModule(calls: TCallRegistrar, deps: { db: TDb; site: Pick<TSiteConfigLoader, 'get'> }): void {
  const merchantId = async () => (await deps.site.get()).merchant.id;
  calls.serve(envelopeRains, async (_input, { session }) => ({ list: await rainsFor(deps.db, await merchantId(), session?.userId ?? null, new Date()) }));
  calls.serve(openCall, async (input, { session }) =>
    openEnvelope(deps.db, { merchantId: await merchantId(), userId: me(session) }, input.rainId, input.requestId, new Date()),
  );
}
