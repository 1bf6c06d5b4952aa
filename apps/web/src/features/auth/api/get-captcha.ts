import { queryOptions, useQuery } from '@tanstack/react-query';
import { captcha } from '@playhall/contract/calls/auth';
import { CAPTCHA_REFRESH_MIN_MS } from '@playhall/contract/constants';
import { call } from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-error.ts';

export const getCaptcha = () => call(captcha, {});

/** The server gives one captcha per address a second (spec §9): two fields opening together wait their turn. */
const retryWhenTooSoon = (failures: number, err: unknown) => failures < 2 && err instanceof ApiError && err.code === 'rate_limited';

/** A captcha is single-use: never cached, a fresh one each time the field mounts or refreshes. */
export const getCaptchaQueryOptions = (purpose: string) =>
  queryOptions({
    queryKey: ['auth', 'captcha', purpose],
    queryFn: getCaptcha,
    staleTime: 0,
    gcTime: 0,
    retry: retryWhenTooSoon,
    retryDelay: CAPTCHA_REFRESH_MIN_MS,
    meta: { silent: true },
  });

export const useCaptcha = (purpose: string) => useQuery(getCaptchaQueryOptions(purpose));
