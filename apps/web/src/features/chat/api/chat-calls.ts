import { queryOptions } from '@tanstack/react-query';
import { chatHistory, chatRooms, chatSend } from '@playhall/contract/calls/inbox';
import { call } from '../../../lib/api-client.ts';

/** The open rooms and, for a member, whether it may write; the online counts move, so they are read again now and then. */
export const getChatRoomsQueryOptions = (token: string | null) =>
  queryOptions({ queryKey: ['chat', 'rooms', token], queryFn: () => call(chatRooms, {}), refetchInterval: 20_000, staleTime: 0 });

/** Older messages (`before`, scrolling up) or missed ones (`after`, catching up after a reconnect), oldest first. */
export const getChatHistory = (roomId: number, at: { before: number } | { after: number }) => call(chatHistory, { roomId, ...at });

export const sendChat = (roomId: number, text: string, clientId: string) => call(chatSend, { roomId, text, clientId });
