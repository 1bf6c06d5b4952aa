import { useMutation } from '@tanstack/react-query';
import { register, registerMobile, smsRegister, type TRegisterRequest } from '@playhall/contract/calls/auth';
import { call } from '../../../lib/api-client.ts';
import { showErrorDialog } from '../../../lib/error-dialog.ts';
import { useSessionStore } from '../session-store.ts';

/**
 * PUT /wps/member/register or /register/mobile (encrypted); registration logs the new member in
 * (login=true). A refused invitation code comes back as `invitation_code_error`, shown in the dialog.
 */
export function useRegister(opts: { onSuccess?: () => void } = {}) {
  const signIn = useSessionStore((s) => s.signIn);
  return useMutation({
    mutationFn: ({ mode, payload }: { mode: 'username' | 'mobile'; payload: TRegisterRequest }) =>
      call(mode === 'mobile' ? registerMobile : register, payload),
    meta: { silent: true },
    onSuccess(value) {
      signIn(value);
      opts.onSuccess?.();
    },
    // The server's error, translated, in the generic dialog (spec §8).
    onError: (error) => showErrorDialog(error),
  });
}

/** POST /wps/verification/sms/register: the SMS code for registration (REGMOBVERF3, mobile tab). */
export function useSendRegisterSms() {
  return useMutation({
    mutationFn: (input: {
      countryDialingCode: string;
      mobileNo: string;
      regType: 'username' | 'mobile';
      username?: string;
      captcha?: string;
      captchaId?: string;
    }) => call(smsRegister, input),
    meta: { silent: true },
    onError: (error) => showErrorDialog(error),
  });
}
