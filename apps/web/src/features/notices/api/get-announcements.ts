import { queryOptions, useQuery } from '@tanstack/react-query';
import { listAnnouncements } from '@playhall/contract/calls/system';
import { ANNOUNCEMENT_PLATFORM, ANNOUNCEMENT_TYPES } from '@playhall/contract/constants';
import { call } from '../../../lib/api-client.ts';

/** Spec §7: types B,PL,PU,PR,H on platform W with execution B — player notices, banners, popup, promotions. */
export const getAnnouncements = () =>
  call(listAnnouncements, { types: ANNOUNCEMENT_TYPES.join(','), platform: ANNOUNCEMENT_PLATFORM, execution: 'B' });

export const getAnnouncementsQueryOptions = () =>
  queryOptions({ queryKey: ['notices', 'announcements'], queryFn: getAnnouncements, staleTime: 2 * 60_000 });

export const useAnnouncements = () => useQuery(getAnnouncementsQueryOptions());
