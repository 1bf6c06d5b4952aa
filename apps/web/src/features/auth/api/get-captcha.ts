import { queryOptions, useQuery } from '@tanstack/react-query';
import { captcha } from '@playhall/contract/calls/auth';
import { call } from '../../../lib/api-client.ts';

export const getCaptcha = () => call(captcha, {});

/** A captcha is single-use: never cached, a fresh one each time the field mounts or refreshes. */
export const getCaptchaQueryOptions = (purpose: string) =>
  queryOptions({ queryKey: ['auth', 'captcha', purpose], queryFn: getCaptcha, staleTime: 0, gcTime: 0, retry: false, meta: { silent: true } });

export const useCaptcha = (purpose: string) => useQuery(getCaptchaQueryOptions(purpose));
