import { useMutation } from '@tanstack/react-query';
import type { TLoginValue } from '@playhall/contract/calls/auth';
import { call } from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { showErrorDialog } from '../../../lib/error-dialog.ts';
import { useDialogStore } from '../../../stores/dialog-store.ts';
import { openModal } from '../../../stores/ui-store.ts';
import { useSessionStore } from '../session-store.ts';

export interface TPasswordLogin {
  username: string;
  password: string;
  captcha?: string;
  captchaId?: string;
}

/**
 * POST /wps/session/login (encrypted). Usernames and passwords are trimmed (spec §5). The auth calls
 * load on first use so their schemas stay out of the home page's initial script.
 */
export async function loginWithPassword(input: TPasswordLogin): Promise<TLoginValue> {
  const { login } = await import('@playhall/contract/calls/auth');
  return call(login, {
    type: 'username',
    username: input.username.trim(),
    password: input.password.trim(),
    ...(input.captcha ? { captcha: input.captcha.trim(), captchaId: input.captchaId } : {}),
  });
}

/** Whether a failed login asks for the captcha from now on (spec §4, §8). */
export function failureWantsCaptcha(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  // The failure value is `{ captcha: boolean }` (ZLoginFailureValue of the contract).
  const value = error.value as { captcha?: unknown } | null;
  return value?.captcha === true || error.code === 'captcha_required';
}

export interface TSmsLogin {
  mobileNum: string;
  countryDialingCode: string;
  verificationCode: string;
  /** Provider-based flow (issue 22): the provider's ID token, sent in place of the code. */
  firebaseIdToken?: string;
  captcha?: string;
  captchaId?: string;
}

/** POST /wps/session/login with type sms (MOBILEVERCODELOGIN3). */
export async function loginWithSms(input: TSmsLogin): Promise<TLoginValue> {
  const { login } = await import('@playhall/contract/calls/auth');
  return call(login, {
    type: 'sms',
    mobileNum: input.mobileNum.trim(),
    countryDialingCode: input.countryDialingCode,
    ...(input.firebaseIdToken ? { firebaseChannel: 'sms' as const, firebaseIdToken: input.firebaseIdToken } : { verificationCode: input.verificationCode.trim() }),
    ...(input.captcha ? { captcha: input.captcha.trim(), captchaId: input.captchaId } : {}),
  });
}

/**
 * The after-login steps of spec §4: keep the session, run the first-login action once, then the
 * forced change-password modal when the server says so (never after an SMS login), or the
 * after-login modal.
 */
export function afterLogin(value: TLoginValue): void {
  useSessionStore.getState().signIn(value);
  if (value.firstTimeLogin) {
    void import('@playhall/contract/calls/auth')
      .then(({ firstLogin }) => call(firstLogin, {}))
      .catch(() => undefined);
  }
  if (value.mustChangePassword) openModal({ name: 'changePassword', forced: true });
  else openModal({ name: 'afterLogin' });
}

/**
 * Log in and keep the session; on failure ask for the captcha if the server wants it and show the
 * server's message. Returns whether it worked.
 */
export function performLogin(input: TPasswordLogin | (TSmsLogin & { sms: true })): Promise<boolean> {
  return completeLogin('sms' in input ? loginWithSms(input) : loginWithPassword(input));
}

/**
 * Every way in ends here (password, SMS, third party): the after-login steps on success; on failure
 * the captcha when asked, the second verification when asked, else the server's message.
 */
export async function completeLogin(attempt: Promise<TLoginValue>): Promise<boolean> {
  const session = useSessionStore.getState();
  try {
    afterLogin(await attempt);
    return true;
  } catch (error) {
    if (failureWantsCaptcha(error)) session.setCaptchaRequired(true);
    if (error instanceof ApiError && error.code === 'second_verification_required' && error.value) {
      openModal({ name: 'loginVerify', challenge: error.value as { challengeId: string; methods: string[]; mobileNum: string | null; email: string | null } });
      return false;
    }
    showErrorDialog(error);
    return false;
  }
}

/**
 * The top bar's form hands over to the login modal (a captcha is now needed) with what was typed,
 * once the refusal's dialog is closed: opened together, the later modal would cover the dialog.
 */
export function handOverToLoginModal(typed: { username: string; password: string }): void {
  const open = () => openModal({ name: 'login', ...typed });
  if (useDialogStore.getState().dialogs.length === 0) {
    open();
    return;
  }
  const stop = useDialogStore.subscribe((s) => {
    if (s.dialogs.length > 0) return;
    stop();
    open();
  });
}

/** The login modal's submit; the top bar's compact form calls performLogin directly. */
export function useLogin(opts: { onSuccess?: () => void } = {}) {
  return useMutation({
    mutationFn: performLogin,
    meta: { silent: true },
    onSuccess: (ok) => ok && opts.onSuccess?.(),
  });
}
