import { REALTIME_CLOSE, REALTIME_PATH, REALTIME_PING_MS, ZServerFrame, type TClientFrame, type TServerFrame } from '@playhall/contract/realtime';
import { useSessionStore } from '../auth/session-store.ts';
import { ApiError } from '../../lib/api-error.ts';
import { showErrorDialog } from '../../lib/error-dialog.ts';
import { endsOwnSession } from '../../lib/own-session-end.ts';
import { selfExclusionNoted } from '../../lib/self-exclusion-note.ts';
import { queryClient } from '../../lib/query-client.ts';
import { reconnectDelay } from './backoff.ts';
import { emitRealtimeFrame, useRealtimeStore } from './realtime-store.ts';
import { isMemberQuery, queryKeysOfSignal } from './signal-keys.ts';

// The tab's one WebSocket (ARCHITECTURE.md, Realtime; docs/decisions.md, issue 19). A member's tab keeps it open
// for change signals; a visitor's only while the chat modal is open. Loaded lazily: the home page never carries it.

/** A socket that heard nothing for a ping interval plus this long is taken as dead and replaced. */
const SILENCE_GRACE_MS = 10_000;

let socket: WebSocket | null = null;
let attempt = 0;
let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
let pingTimer: ReturnType<typeof setInterval> | undefined;
let lastHeard = 0;
let started = false;

const setStatus = (status: 'idle' | 'connecting' | 'open' | 'closed') => useRealtimeStore.setState({ status });

/** A member is logged in, or a chat modal is open. */
function wanted(): boolean {
  return useSessionStore.getState().token !== null || useRealtimeStore.getState().chatOpen > 0;
}

function send(frame: TClientFrame): void {
  if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(frame));
}

function stopTimers(): void {
  clearTimeout(reconnectTimer);
  clearInterval(pingTimer);
  reconnectTimer = undefined;
  pingTimer = undefined;
}

/** Drop the socket without reconnecting (the caller decides what comes next). */
function drop(): void {
  stopTimers();
  const old = socket;
  socket = null;
  if (old && old.readyState <= WebSocket.OPEN) old.close(1000);
  useRealtimeStore.setState({ status: 'idle', member: false });
}

function scheduleReconnect(): void {
  clearTimeout(reconnectTimer);
  if (!wanted()) return setStatus('idle');
  setStatus('closed');
  reconnectTimer = setTimeout(connect, reconnectDelay(attempt++));
}

function onFrame(frame: TServerFrame): void {
  switch (frame.t) {
    case 'hello': {
      // The server greets every socket as a visitor first; a member's tab waits for the answer to its auth.
      if (!frame.member && useSessionStore.getState().token !== null) break;
      attempt = 0;
      useRealtimeStore.setState({ status: 'open', member: frame.member });
      // Whatever changed while no socket listened: refetch it (a lost signal never leaves a wrong figure).
      if (frame.member) void queryClient.invalidateQueries({ predicate: (q) => isMemberQuery(q.queryKey) });
      const { roomId } = useRealtimeStore.getState();
      if (roomId !== null) send({ t: 'join', roomId });
      break;
    }
    case 'signal':
      for (const queryKey of queryKeysOfSignal(frame.kinds)) void queryClient.invalidateQueries({ queryKey });
      break;
    case 'pong':
      break;
    case 'error':
      // The session is about to end because the member self-excluded (on any device): remembered for revoked().
      if (frame.code === 'rg_self_excluded' && frame.until) excludedUntilFromServer = frame.until;
      emitRealtimeFrame(frame);
      break;
    default:
      emitRealtimeFrame(frame);
  }
}

/** Until when the member self-excluded, when the server said so just before closing the socket. */
let excludedUntilFromServer: string | null = null;

/** The session was revoked on the server (logout elsewhere, password change, operator lock): as an expired session. */
function revoked(token: string): void {
  // Already signed out (a call answered 401 first, or the member logged out): nothing more to say.
  if (useSessionStore.getState().token !== token) return;
  useSessionStore.getState().signOut();
  queryClient.removeQueries({ queryKey: ['auth'] });
  queryClient.removeQueries({ queryKey: ['wallet'] });
  // This tab changed the password: the page that did says so once its answer arrives.
  if (endsOwnSession(token)) return;
  // Self-excluded on any device (the server's frame) or in another tab of this browser (issue 22): say so and until
  // when, not just "expired".
  const excludedUntil = excludedUntilFromServer ?? selfExclusionNoted();
  excludedUntilFromServer = null;
  if (excludedUntil) showErrorDialog(new ApiError('rg_self_excluded', 'This account is self-excluded', 403, { until: excludedUntil }));
  else showErrorDialog(new ApiError('session_expired', 'Your session has expired, please login again', 401), undefined, 'session_expired');
}

function connect(): void {
  stopTimers();
  if (!wanted()) return setStatus('idle');
  const url = new URL(REALTIME_PATH, window.location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  const token = useSessionStore.getState().token;
  const ws = new WebSocket(url);
  socket = ws;
  setStatus('connecting');
  ws.onopen = () => {
    lastHeard = Date.now();
    // The token travels in the first frame, never in the URL (logs and proxies keep URLs).
    if (token) send({ t: 'auth', token });
    pingTimer = setInterval(() => {
      if (Date.now() - lastHeard > REALTIME_PING_MS + SILENCE_GRACE_MS) return ws.close();
      send({ t: 'ping' });
    }, REALTIME_PING_MS);
  };
  ws.onmessage = (event: MessageEvent) => {
    if (socket !== ws) return;
    lastHeard = Date.now();
    let data: unknown;
    try {
      data = JSON.parse(String(event.data));
    } catch {
      return;
    }
    const frame = ZServerFrame.safeParse(data);
    if (frame.success) onFrame(frame.data);
  };
  ws.onclose = (event: CloseEvent) => {
    if (socket !== ws) return;
    socket = null;
    stopTimers();
    useRealtimeStore.setState({ member: false });
    if (event.code === REALTIME_CLOSE.revoked && token) {
      setStatus('idle');
      revoked(token);
      return;
    }
    scheduleReconnect();
  };
}

/** Open the socket if the tab needs one and has none; close it if it no longer needs one. */
export function syncRealtime(): void {
  if (!wanted()) return drop();
  if (!socket && reconnectTimer === undefined) connect();
}

/** Want a room's messages (one room at a time); joined again after each reconnect. */
export function joinRoom(roomId: number): void {
  useRealtimeStore.setState({ roomId });
  send({ t: 'join', roomId });
}

export function leaveRoom(): void {
  if (useRealtimeStore.getState().roomId === null) return;
  useRealtimeStore.setState({ roomId: null });
  send({ t: 'leave' });
}

/** Start once per tab: follows login and logout (a new socket per session) and the browser's network state. */
export function startRealtime(): void {
  if (!started) {
    started = true;
    useSessionStore.subscribe((state, prev) => {
      if (state.token === prev.token) return;
      drop();
      attempt = 0;
      syncRealtime();
    });
    useRealtimeStore.subscribe((state, prev) => {
      if (state.chatOpen !== prev.chatOpen) syncRealtime();
    });
    // Offline: the socket may not notice for a while. Back online: reconnect now rather than after the back-off.
    window.addEventListener('offline', () => {
      if (!socket) return;
      const old = socket;
      socket = null;
      stopTimers();
      old.close();
      useRealtimeStore.setState({ member: false });
      scheduleReconnect();
    });
    window.addEventListener('online', () => {
      if (socket) return;
      attempt = 0;
      clearTimeout(reconnectTimer);
      reconnectTimer = undefined;
      syncRealtime();
    });
  }
  syncRealtime();
}
