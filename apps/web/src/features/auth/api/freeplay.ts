import { call } from '../../../lib/api-client.ts';
import { showErrorDialog } from '../../../lib/error-dialog.ts';
import { sessionStore } from '../../../lib/storage.ts';
import { useSessionStore } from '../session-store.ts';

const DEVICE_KEY = 'freePlayKey';

/** The spec's random string: kept in this browser so it gets its guest back. */
function deviceKey(): string {
  try {
    const stored = window.localStorage.getItem(DEVICE_KEY);
    if (stored && stored.length >= 16) return stored;
    const bytes = crypto.getRandomValues(new Uint8Array(24));
    const key = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
    window.localStorage.setItem(DEVICE_KEY, key);
    return key;
  } catch {
    return Array.from(crypto.getRandomValues(new Uint8Array(24)), (b) => b.toString(16).padStart(2, '0')).join('');
  }
}

/** Spec §4 free play (FREEPLAY3): guest login, keep the session, clear cpw. Returns whether it worked. */
export async function performFreeplay(): Promise<boolean> {
  try {
    const { loginFreeplay } = await import('@playhall/contract/calls/auth');
    const value = await call(loginFreeplay, { os: navigator.platform || 'web', platform: 'W', deviceKey: deviceKey(), gatewayVersion: 3 });
    useSessionStore.getState().signIn(value);
    sessionStore.set('cpw', null);
    return true;
  } catch (error) {
    showErrorDialog(error);
    return false;
  }
}
