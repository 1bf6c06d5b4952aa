import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MessagesSquare, Users, X } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TChatRoom } from '@playhall/contract/calls/inbox';
import { Modal } from '../../../components/ui/modal.tsx';
import { useSessionStore } from '../../auth/session-store.ts';
import { startRealtime } from '../../realtime/connection.ts';
import { useRealtimeStore } from '../../realtime/realtime-store.ts';
import { getChatRoomsQueryOptions } from '../api/chat-calls.ts';
import type { TChatRights } from '../chat-messages.ts';
import { useChatRoom } from '../use-chat-room.ts';
import { ChatComposer } from './chat-composer.tsx';
import { ChatMessageList } from './chat-message-list.tsx';
import styles from './chat-modal.module.css';

/** A room's translated name when the locale has one for its code, else the operator's name. */
function useRoomName(): (room: TChatRoom) => string {
  const { t, i18n } = useTranslation();
  return (room) => (i18n.exists(`chat.room.${room.code}`) ? t(`chat.room.${room.code}` as 'chat.room.lobby') : room.name);
}

/** The socket's state when it is not plainly open: shown under the header so a quiet room is not mistaken for one. */
function ConnectionNote() {
  const { t } = useTranslation();
  const status = useRealtimeStore((s) => s.status);
  if (status === 'open' || status === 'idle') return null;
  return (
    <p className={styles.connection} data-testid="chat-reconnecting" role="status">
      {status === 'connecting' ? t('chat.connecting') : t('chat.reconnecting')}
    </p>
  );
}

interface THeaderProps {
  title: string;
  online: number;
  rooms: TChatRoom[];
  roomId: number | null;
  onRoom: (id: number) => void;
  onClose: () => void;
}

/** The #6142bf bar of spec §2: the room's name, its online count, the room switcher and the close button. */
function ChatHeader({ title, online, rooms, roomId, onRoom, onClose }: THeaderProps) {
  const { t } = useTranslation();
  const roomName = useRoomName();
  return (
    <header className={styles.header}>
      <MessagesSquare size={22} aria-hidden />
      <div className={styles.heading}>
        <h2 className={styles.title} data-testid="chat-room-name">
          {title}
        </h2>
        <span className={styles.online} data-testid="chat-online">
          <Users size={14} aria-hidden />
          {t('chat.online', { count: online })}
        </span>
      </div>
      {rooms.length > 1 && (
        <label className={styles.switcher}>
          <span className="sr-only">{t('chat.switchRoom')}</span>
          <select value={roomId ?? ''} onChange={(e) => onRoom(Number(e.target.value))} data-testid="chat-room-select">
            {rooms.map((r) => (
              <option key={r.id} value={r.id}>
                {roomName(r)}
              </option>
            ))}
          </select>
        </label>
      )}
      <button type="button" className={styles.close} onClick={onClose} aria-label={t('common.close')} data-testid="chat-close">
        <X size={18} aria-hidden />
      </button>
    </header>
  );
}

interface TRoomProps extends Omit<THeaderProps, 'title' | 'online' | 'roomId'> {
  room: TChatRoom;
  /** When the rooms call counted `room.online`: the newer of it and the join's count is shown. */
  countedAt: number;
  /** null for a visitor. */
  rights: TChatRights | null;
  onRights: (rights: TChatRights) => void;
}

/** One room: keyed by the room, so switching starts from a clean list. */
function ChatRoomPane({ room, countedAt, rights, onRights, ...header }: TRoomProps) {
  const roomName = useRoomName();
  const view = useChatRoom(room.id, onRights);
  return (
    <>
      <ChatHeader {...header} title={roomName(room)} online={view.online !== null && view.onlineAt > countedAt ? view.online : room.online} roomId={room.id} />
      <ConnectionNote />
      <ChatMessageList view={view} loading={!view.joined} />
      <ChatComposer roomId={room.id} rights={rights} onSent={view.add} onRights={onRights} />
    </>
  );
}

/**
 * The chat room modal (spec §2, header #6142bf): public rooms over the tab's socket. Members write; visitors read
 * and are asked to log in. Text is rendered as text, never as HTML.
 */
export function ChatModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const token = useSessionStore((s) => s.token);
  const queryClient = useQueryClient();
  const roomsOptions = getChatRoomsQueryOptions(token);
  const rooms = useQuery(roomsOptions);
  const [chosen, setChosen] = useState<number | null>(null);
  const list = rooms.data?.rooms ?? [];
  const room = list.find((r) => r.id === chosen) ?? list.find((r) => r.code === 'lobby') ?? list[0] ?? null;

  // A visitor's tab holds a socket only while the chat is open.
  useEffect(() => {
    useRealtimeStore.setState((s) => ({ chatOpen: s.chatOpen + 1 }));
    startRealtime();
    return () => useRealtimeStore.setState((s) => ({ chatOpen: s.chatOpen - 1 }));
  }, []);

  const queryKey = roomsOptions.queryKey;
  // The member's rights change in place; the rooms' online counts keep the time they were counted.
  const setRights = useCallback(
    (me: TChatRights) => queryClient.setQueryData(queryKey, (old) => (old ? { ...old, me } : old), { updatedAt: queryClient.getQueryState(queryKey)?.dataUpdatedAt }),
    [queryClient, queryKey],
  );

  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={t('chat.title')} hideHeader width={760} height={640} testId="chat-modal" bodyClassName={styles.body}>
      {room ? (
        <ChatRoomPane key={room.id} room={room} countedAt={rooms.dataUpdatedAt} rooms={list} onRoom={setChosen} onClose={onClose} rights={token ? (rooms.data?.me ?? null) : null} onRights={setRights} />
      ) : (
        <>
          <ChatHeader title={t('chat.title')} online={0} rooms={[]} roomId={null} onRoom={setChosen} onClose={onClose} />
          <ChatMessageList loading={rooms.isPending} />
        </>
      )}
    </Modal>
  );
}
