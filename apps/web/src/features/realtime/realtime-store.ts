import { create } from 'zustand';
import type { TServerFrame } from '@playhall/contract/realtime';

export type TRealtimeStatus = 'idle' | 'connecting' | 'open' | 'closed';

interface TRealtimeState {
  status: TRealtimeStatus;
  /** The server's `hello`: this socket speaks for a member (true) or a visitor (false). */
  member: boolean;
  /** The chat room this tab wants to be in; joined again after every reconnect. */
  roomId: number | null;
  /** Open chat modals: a visitor's tab keeps a socket only while one is open. */
  chatOpen: number;
}

/** The tab's one socket as the chat modal sees it (connection.ts drives it). */
export const useRealtimeStore = create<TRealtimeState>(() => ({ status: 'idle', member: false, roomId: null, chatOpen: 0 }));

type TFrameListener = (frame: TServerFrame) => void;
const listeners = new Set<TFrameListener>();

/** Chat frames (chat, chatDeleted, chatMe, joined, error) for whoever shows them. */
export function onRealtimeFrame(listener: TFrameListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function emitRealtimeFrame(frame: TServerFrame): void {
  listeners.forEach((l) => l(frame));
}
