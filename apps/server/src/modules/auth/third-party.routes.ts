import * as auth from '@playhall/contract/calls/auth';
import type { TCallRegistrar } from '../../plugins/contract-routes.ts';
import { clientOf } from './client.ts';
import type { TThirdPartyService } from './third-party.service.ts';

const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

/** Third-party login calls (docs/decisions.md, third-party login). */
export function registerThirdPartyRoutes(calls: TCallRegistrar, deps: { thirdParty: TThirdPartyService }): void {
  calls.serve(auth.thirdPartyProviders, (_input, { request }) => deps.thirdParty.providers(clientOf(request)), perMinute(60));
  calls.serve(auth.oauthStart, (input, { request }) => deps.thirdParty.start(input.provider, clientOf(request)), perMinute(20));
  calls.serve(auth.oauthLogin, (input, { request }) => deps.thirdParty.oauthLogin(input, clientOf(request)), perMinute(20));
  calls.serve(auth.telegramLogin, (input, { request }) => deps.thirdParty.telegramLogin(input, clientOf(request)), perMinute(20));
}
