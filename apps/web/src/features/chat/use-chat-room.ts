import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import { CHAT_HISTORY_SIZE, type TChatMessage } from '@playhall/contract/calls/inbox';
import type { TServerFrame } from '@playhall/contract/realtime';
import { showErrorDialog } from '../../lib/error-dialog.ts';
import { ApiError } from '../../lib/api-error.ts';
import { joinRoom, leaveRoom } from '../realtime/connection.ts';
import { onRealtimeFrame } from '../realtime/realtime-store.ts';
import { getChatHistory } from './api/chat-calls.ts';
import { mergeMessages, missedSince, removeMessages, type TChatRights } from './chat-messages.ts';

/** At most this many `after` pages on one catch-up; a tab away longer starts from the room's last messages. */
const CATCH_UP_PAGES = 10;

export interface TChatRoomView {
  messages: TChatMessage[];
  /** The room answered the join (its last messages are in). */
  joined: boolean;
  online: number | null;
  /** When `online` was counted (the join's answer), to tell it from a newer count of the rooms call. */
  onlineAt: number;
  moreBefore: boolean;
  loadingOlder: boolean;
  loadOlder: () => void;
  /** The send's answer, before (or instead of) its push. */
  add: (message: TChatMessage) => void;
}

/**
 * One room over the tab's socket: joins it (again after every reconnect), keeps its messages in id order, catches
 * up with `after` when a reconnect's history starts past what this tab saw, and applies the operator's deletions
 * and this member's rights (`chatMe`, written into the rooms query) as they come.
 */
export function useChatRoom(roomId: number, onRights: (rights: TChatRights) => void): TChatRoomView {
  const [messages, setMessages] = useState<TChatMessage[]>([]);
  const [joined, setJoined] = useState(false);
  const [online, setOnline] = useState<{ count: number | null; at: number }>({ count: null, at: 0 });
  const [moreBefore, setMoreBefore] = useState(false);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const mounted = useRef(true);
  const queryClient = useQueryClient();

  const catchUp = async (after: number) => {
    try {
      for (let page = 0, from = after; page < CATCH_UP_PAGES && mounted.current; page++) {
        const { list, more } = await getChatHistory(roomId, { after: from });
        if (!mounted.current) return;
        setMessages((m) => mergeMessages(m, list));
        const last = list.at(-1)?.id;
        if (!more || last === undefined) return;
        from = last;
      }
    } catch {
      // The room's last messages are shown; the gap stays until the next reconnect.
    }
  };

  const onFrame = useEffectEvent((frame: TServerFrame) => {
    if (frame.t === 'joined' && frame.roomId === roomId) {
      const missed = missedSince(messages, frame.history);
      setMessages((m) => mergeMessages(m, frame.history));
      if (!joined) setMoreBefore(frame.history.length >= CHAT_HISTORY_SIZE);
      setOnline({ count: frame.online, at: Date.now() });
      setJoined(true);
      if (missed !== null) void catchUp(missed);
    } else if (frame.t === 'chat' && frame.message.roomId === roomId) {
      setMessages((m) => mergeMessages(m, [frame.message]));
    } else if (frame.t === 'chatDeleted' && frame.roomId === roomId) {
      setMessages((m) => removeMessages(m, frame.ids));
    } else if (frame.t === 'chatMe') {
      onRights({ canWrite: frame.canWrite, mutedUntil: frame.mutedUntil, banned: frame.banned });
    } else if (frame.t === 'error' && frame.code === 'chat_room_not_found') {
      showErrorDialog(new ApiError(frame.code, '', 404));
      void queryClient.invalidateQueries({ queryKey: ['chat', 'rooms'] });
    }
  });

  // The caller keys this hook's component by room, so a new room starts from a clean state.
  useEffect(() => {
    mounted.current = true;
    const off = onRealtimeFrame(onFrame);
    joinRoom(roomId);
    return () => {
      mounted.current = false;
      off();
      leaveRoom();
    };
  }, [roomId]);

  const loadOlder = useCallback(() => {
    const firstId = messages[0]?.id;
    if (firstId === undefined || loadingOlder || !moreBefore) return;
    setLoadingOlder(true);
    getChatHistory(roomId, { before: firstId })
      .then(({ list, more }) => {
        setMessages((m) => mergeMessages(m, list));
        setMoreBefore(more);
      })
      .catch((error: unknown) => showErrorDialog(error))
      .finally(() => setLoadingOlder(false));
  }, [roomId, messages, loadingOlder, moreBefore]);

  const add = useCallback((message: TChatMessage) => setMessages((m) => mergeMessages(m, [message])), []);

  return { messages, joined, online: online.count, onlineAt: online.at, moreBefore, loadingOlder, loadOlder, add };
}
