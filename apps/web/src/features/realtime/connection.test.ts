// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REALTIME_CLOSE } from '@playhall/contract/realtime';
import { endingOwnSession } from '../../lib/own-session-end.ts';
import { useDialogStore } from '../../stores/dialog-store.ts';
import { useSessionStore } from '../auth/session-store.ts';
import { startRealtime } from './connection.ts';

/** The browser's WebSocket, as far as the connection uses it: the test closes it as the server would. */
class FakeSocket {
  static last: FakeSocket | null = null;
  static readonly OPEN = 1;
  readyState = 0;
  onopen: (() => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.last = this;
  }
  send(): void {}
  close(): void {
    this.readyState = 3;
  }
  /** The server ends the socket with `code`. */
  serverCloses(code: number): void {
    this.readyState = 3;
    this.onclose?.({ code } as CloseEvent);
  }
}

const login = (token: string) => useSessionStore.setState({ token, account: 'player7' });

describe('a session the server revokes', () => {
  beforeEach(() => {
    Object.assign(globalThis, { WebSocket: FakeSocket });
    useDialogStore.setState({ dialogs: [] });
    startRealtime();
  });
  afterEach(() => useSessionStore.getState().signOut());

  it('signs out and says the session expired when it ended elsewhere', () => {
    login('tok-elsewhere');
    FakeSocket.last?.serverCloses(REALTIME_CLOSE.revoked);
    expect(useSessionStore.getState().token).toBeNull();
    expect(useDialogStore.getState().dialogs).toHaveLength(1);
  });

  it('signs out quietly while this tab changes the password (the change says so itself): one dialog, not two', async () => {
    login('tok-here');
    const socket = FakeSocket.last;
    await endingOwnSession('tok-here', async () => {
      // The socket hears the revocation before the call's answer.
      socket?.serverCloses(REALTIME_CLOSE.revoked);
    });
    expect(useSessionStore.getState().token).toBeNull();
    expect(useDialogStore.getState().dialogs).toHaveLength(0);
  });

  it('still speaks when another token is revoked during the change', async () => {
    login('tok-other');
    const socket = FakeSocket.last;
    await endingOwnSession('tok-previous', async () => socket?.serverCloses(REALTIME_CLOSE.revoked));
    expect(useDialogStore.getState().dialogs).toHaveLength(1);
  });
});
