import { chatHistory, chatRooms, chatSend } from '@playhall/contract/calls/inbox';
import { TRIAL_ACCOUNT_TYPE } from '@playhall/contract/constants';
import type { TDb } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TCallRegistrar } from '../../plugins/contract-routes.ts';
import type { TRealtimeHub } from '../realtime/hub.ts';
import type { TSiteConfigLoader } from '../system/site-config.ts';
import { attachLocalHub } from './chat.publish.ts';
import { createChatRepository } from './chat.repository.ts';
import { createChatService } from './chat.service.ts';

/**
 * The chat room (issue 19): chat.rooms and chat.history for everyone, chat.send for members with a real account
 * (a free-play guest reads only: the registrar refuses it `in_need_true_account`), and what a socket's join answers.
 */
export function registerChatModule(
  calls: TCallRegistrar,
  deps: { db: TDb; site: Pick<TSiteConfigLoader, 'get'>; hub: TRealtimeHub; log?: (err: unknown) => void },
): void {
  const { db, site, hub } = deps;
  const service = createChatService({ db, repo: createChatRepository(), hub, log: deps.log });
  const merchantId = async () => (await site.get()).merchant.id;

  calls.serve(chatRooms, async (_input, { session }) =>
    service.rooms(await merchantId(), session ? { userId: session.userId, guest: session.accountType === TRIAL_ACCOUNT_TYPE } : null),
  );
  calls.serve(chatHistory, async (input, { session }) => service.history(await merchantId(), session?.userId ?? null, input));
  calls.serve(chatSend, async (input, { session }) => {
    if (!session) throw new AppError('not_logged_in');
    return service.send(await merchantId(), session.userId, input);
  });
  hub.onJoin((ctx) => service.joined(ctx));
  attachLocalHub(db, hub);
}
