import { queryOptions, useQuery } from '@tanstack/react-query';
import { helpCenter } from '@playhall/contract/calls/system';
import { call } from '../../../lib/api-client.ts';
import { currentLanguageCode } from '../../../lib/i18n.ts';

export const getHelpCenter = (language: string) => call(helpCenter, { language });

export const getHelpCenterQueryOptions = (language: string) =>
  queryOptions({ queryKey: ['system', 'helpCenter', language], queryFn: () => getHelpCenter(language), staleTime: 5 * 60_000 });

export const useHelpCenter = () => useQuery(getHelpCenterQueryOptions(currentLanguageCode()));
