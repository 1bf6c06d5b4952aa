import type { TServerFrame } from '@playhall/contract/realtime';

/**
 * What other modules (chat) use of the realtime server (ARCHITECTURE.md, Realtime). Member change signals are
 * not sent through it: the state-diff poll (signals.ts) finds them for every path that moves money or writes
 * messages, so money and message code calls nothing here.
 */
export interface TRealtimeHub {
  /** Every socket that joined the room, on every process (NOTIFY on channel playhall_chat; in process too). For a 'chat' frame, `mine` is set true on the sockets of `authorUserId`. */
  publishRoom(roomId: number, frame: TServerFrame, opts?: { authorUserId?: number }): Promise<void>;
  /** Every socket of the member, on every process. */
  publishMember(userId: number, frame: TServerFrame): Promise<void>;
  /** Sockets joined to the room on every process (each process publishes its counts every few seconds; approximate). */
  roomOnline(roomId: number): number;
  /** The chat module registers what a join answers (history, online) and who may join; the hub sends the returned frame. Throws AppError to refuse. */
  onJoin(handler: (ctx: { userId: number | null; merchantId: number; roomId: number }) => Promise<TServerFrame>): void;
}
