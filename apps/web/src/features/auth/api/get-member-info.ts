import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { call } from '../../../lib/api-client.ts';
import { useSessionStore } from '../session-store.ts';

/** GET /wps/member/info; the auth calls load on first use, outside the home page's initial script. */
export async function getMemberInfo() {
  const { memberInfo } = await import('@playhall/contract/calls/auth');
  return call(memberInfo, {});
}

export const getMemberInfoQueryOptions = (token: string | null) =>
  queryOptions({ queryKey: ['auth', 'memberInfo', token], queryFn: getMemberInfo, enabled: token !== null });

/** Spec §4: on start, a stored token loads member info; login state follows once it is stored. */
export function useMemberInfoSync(): void {
  const token = useSessionStore((s) => s.token);
  const setMember = useSessionStore((s) => s.setMember);
  const { data } = useQuery(getMemberInfoQueryOptions(token));
  useEffect(() => {
    if (data) setMember(data);
  }, [data, setMember]);
}
