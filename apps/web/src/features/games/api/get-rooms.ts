import { useQuery } from '@tanstack/react-query';
import { roomList } from '@playhall/contract/calls/games';
import { call } from '../../../lib/api-client.ts';

/** GLS2_roomList: the PVP rooms of a vendor (players and status change, so they refresh often). */
export const useRooms = (vassalage: string | undefined) =>
  useQuery({
    queryKey: ['games', 'rooms', vassalage],
    queryFn: () => call(roomList, { vassalage }),
    enabled: vassalage !== undefined,
    refetchInterval: 10_000,
  });
