import { useMutation } from '@tanstack/react-query';
import { register, smsRegister, type TRegisterRequest } from '@playhall/contract/calls/auth';
import { call } from '../../../lib/api-client.ts';
import { showErrorDialog } from '../../../lib/error-dialog.ts';
import { useSessionStore } from '../session-store.ts';

/** PUT /wps/member/register (encrypted); registration logs the new member in (login=true). */
export function useRegister(opts: { onSuccess?: () => void } = {}) {
  const signIn = useSessionStore((s) => s.signIn);
  return useMutation({
    mutationFn: (payload: TRegisterRequest) => call(register, payload),
    meta: { silent: true },
    onSuccess(value) {
      signIn(value);
      opts.onSuccess?.();
    },
    // The server's error, translated, in the generic dialog (spec §8).
    onError: (error) => showErrorDialog(error),
  });
}

/** POST /wps/verification/sms/register: the SMS code for registration (REGMOBVERF3). */
export function useSendRegisterSms() {
  return useMutation({
    mutationFn: (input: { countryDialingCode: string; mobileNo: string; username?: string; captcha?: string; captchaId?: string }) =>
      call(smsRegister, { ...input, regType: 'username' }),
    meta: { silent: true },
    onError: (error) => showErrorDialog(error),
  });
}
