import type { FastifyInstance } from 'fastify';
import websocket from '@fastify/websocket';
import type { WebSocket } from 'ws';
import { REALTIME_CLOSE, REALTIME_IDLE_MS, REALTIME_PATH, ZClientFrame, type TClientFrame, type TServerFrame } from '@playhall/contract/realtime';
import type { TDatabase } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TSessionService } from '../auth/session.service.ts';
import type { TSiteConfig } from '../system/site-config.ts';
import { createBus, type TBusMessage } from './bus.ts';
import type { TRealtimeHub } from './hub.ts';
import { changedKinds, readFigures, type TMemberFigures } from './signals.ts';

export interface TRealtimeOptions {
  /** How often the member signals are polled (REALTIME_POLL_MS, default 1 s). */
  pollMs?: number;
  /** A socket that sent no frame for this long is closed (default REALTIME_IDLE_MS of the contract). */
  idleMs?: number;
  /** Sockets one member may hold at once (tabs); one more is closed with 4003. */
  maxSocketsPerMember?: number;
  /** Sockets not (yet) signed in from one address; one more is closed with 4003. */
  maxVisitorsPerIp?: number;
}

/** Largest frame from a browser: the auth frame's token is at most 512 characters. */
const MAX_FRAME_BYTES = 2_048;
/** Frames a socket may send per window (pings every 25 s, a join now and then); beyond, each is a bad frame. */
const FRAME_RATE = { frames: 20, windowMs: 10_000 };
/** Bad frames (bad JSON, unknown shape, over the rate) a socket may send before it is closed with 4002. */
const MAX_BAD_FRAMES = 5;
/** Each process tells the others its room counts this often; a count older than three periods is dropped. */
const ONLINE_EVERY_MS = 3_000;

interface TConn {
  ws: WebSocket;
  ip: string;
  userId: number | null;
  sessionId: number | null;
  authing: boolean;
  roomId: number | null;
  /** A join waiting for its history: the room's frames meanwhile, sent after `joined`. */
  joining: { roomId: number; held: { frame: TServerFrame; authorUserId: number | null }[] } | null;
  lastFrameAt: number;
  windowStart: number;
  windowFrames: number;
  badFrames: number;
}

type TJoinHandler = Parameters<TRealtimeHub['onJoin']>[0];

/**
 * The `/ws` endpoint and the hub (ARCHITECTURE.md, Realtime; docs/decisions.md, issue 19). The socket's merchant is
 * this server's merchant, as for every HTTP call (one merchant per install: the site configuration).
 */
export async function registerRealtimeModule(
  app: FastifyInstance,
  deps: { database: TDatabase; sessions: TSessionService; site: { get(): Promise<TSiteConfig> }; options?: TRealtimeOptions },
): Promise<TRealtimeHub> {
  const pollMs = deps.options?.pollMs ?? 1_000;
  const idleMs = deps.options?.idleMs ?? REALTIME_IDLE_MS;
  const maxPerMember = deps.options?.maxSocketsPerMember ?? 10;
  const maxVisitorsPerIp = deps.options?.maxVisitorsPerIp ?? 50;
  const { db } = deps.database;

  const conns = new Set<TConn>();
  const byUser = new Map<number, Set<TConn>>();
  const bySession = new Map<number, Set<TConn>>();
  const byRoom = new Map<number, Set<TConn>>();
  const visitorsByIp = new Map<string, number>();
  /** Room counts of the other processes, by origin. */
  const remoteOnline = new Map<string, { counts: Record<string, number>; at: number }>();
  /** The last figures seen per session with a socket here. */
  const lastFigures = new Map<number, TMemberFigures>();
  let joinHandler: TJoinHandler | null = null;

  const addTo = <K>(map: Map<K, Set<TConn>>, key: K, c: TConn) => {
    let set = map.get(key);
    if (!set) map.set(key, (set = new Set()));
    set.add(c);
  };
  const removeFrom = <K>(map: Map<K, Set<TConn>>, key: K, c: TConn) => {
    const set = map.get(key);
    if (!set) return;
    set.delete(c);
    if (set.size === 0) map.delete(key);
  };
  const countVisitor = (ip: string, delta: number) => {
    const n = (visitorsByIp.get(ip) ?? 0) + delta;
    if (n <= 0) visitorsByIp.delete(ip);
    else visitorsByIp.set(ip, n);
  };

  function send(c: TConn, frame: TServerFrame | Buffer): void {
    if (c.ws.readyState !== c.ws.OPEN) return;
    c.ws.send(Buffer.isBuffer(frame) ? frame : JSON.stringify(frame), { binary: false });
  }

  /** A chat frame's `mine` is true on its author's sockets: two encodings, each made once for all sockets. */
  function encoder(frame: TServerFrame, authorUserId: number | null): (c: TConn) => Buffer {
    if (frame.t !== 'chat') {
      const buf = Buffer.from(JSON.stringify(frame));
      return () => buf;
    }
    let theirs: Buffer | null = null;
    let mine: Buffer | null = null;
    return (c) => {
      if (authorUserId !== null && c.userId === authorUserId) return (mine ??= Buffer.from(JSON.stringify({ ...frame, message: { ...frame.message, mine: true } })));
      return (theirs ??= Buffer.from(JSON.stringify({ ...frame, message: { ...frame.message, mine: false } })));
    };
  }

  function deliverRoom(roomId: number, frame: TServerFrame, authorUserId: number | null): void {
    const set = byRoom.get(roomId);
    if (!set) return;
    const encode = encoder(frame, authorUserId);
    for (const c of set) {
      if (c.joining?.roomId === roomId) c.joining.held.push({ frame, authorUserId });
      else if (c.roomId === roomId) send(c, encode(c));
    }
  }

  function deliverMember(userId: number, frame: TServerFrame): void {
    const set = byUser.get(userId);
    if (!set) return;
    const buf = Buffer.from(JSON.stringify(frame));
    for (const c of set) send(c, buf);
  }

  const bus = createBus(
    deps.database,
    (msg: TBusMessage, origin) => {
      if (msg.k === 'room') deliverRoom(msg.r, msg.f, msg.a);
      else if (msg.k === 'member') deliverMember(msg.u, msg.f);
      else remoteOnline.set(origin, { counts: msg.c, at: Date.now() });
    },
    (err) => app.log.warn({ err }, 'realtime: a bad notification was ignored'),
  );
  await bus.start();

  const hub: TRealtimeHub = {
    async publishRoom(roomId, frame, opts) {
      const author = opts?.authorUserId ?? null;
      deliverRoom(roomId, frame, author);
      await bus.notify({ k: 'room', r: roomId, a: author, f: frame });
    },
    async publishMember(userId, frame) {
      deliverMember(userId, frame);
      await bus.notify({ k: 'member', u: userId, f: frame });
    },
    roomOnline(roomId) {
      let n = byRoom.get(roomId)?.size ?? 0;
      const fresh = Date.now() - 3 * ONLINE_EVERY_MS;
      for (const [origin, r] of remoteOnline) {
        if (r.at < fresh) remoteOnline.delete(origin);
        else n += r.counts[String(roomId)] ?? 0;
      }
      return n;
    },
    onJoin(handler) {
      if (joinHandler) throw new Error('realtime: a join handler is registered already');
      joinHandler = handler;
    },
  };

  function leaveRoom(c: TConn): void {
    const room = c.joining?.roomId ?? c.roomId;
    if (room !== null) removeFrom(byRoom, room, c);
    c.roomId = null;
    c.joining = null;
  }

  function refuse(c: TConn, err: unknown): void {
    if (err instanceof AppError) send(c, { t: 'error', code: err.code });
    else {
      app.log.error({ err }, 'realtime: a frame failed');
      send(c, { t: 'error', code: 'system_error' });
    }
  }

  function badFrame(c: TConn, code: string): void {
    c.badFrames += 1;
    if (c.badFrames >= MAX_BAD_FRAMES) c.ws.close(REALTIME_CLOSE.badFrame, 'bad frames');
    else send(c, { t: 'error', code });
  }

  async function merchantId(): Promise<number> {
    return (await deps.site.get()).merchant.id;
  }

  async function onAuth(c: TConn, token: string): Promise<void> {
    if (c.userId !== null || c.authing) throw new AppError('validation_failed', null, 'already signed in');
    c.authing = true;
    try {
      const session = await deps.sessions.resolve(token);
      if (c.ws.readyState !== c.ws.OPEN) return;
      if (!session) {
        send(c, { t: 'error', code: 'session_expired' });
        c.ws.close(REALTIME_CLOSE.revoked, 'session expired');
        return;
      }
      if ((byUser.get(session.userId)?.size ?? 0) >= maxPerMember) {
        c.ws.close(REALTIME_CLOSE.tooManySockets, 'too many sockets');
        return;
      }
      // The first reading is taken before `hello`: the page refetches on hello, so nothing between is missed.
      if (!lastFigures.has(session.sessionId)) {
        const figures = await readFigures(db, await merchantId(), [session.sessionId], new Date());
        const f = figures.get(session.sessionId);
        if (f) lastFigures.set(session.sessionId, f);
      }
      if (c.ws.readyState !== c.ws.OPEN) return;
      countVisitor(c.ip, -1);
      c.userId = session.userId;
      c.sessionId = session.sessionId;
      addTo(byUser, session.userId, c);
      addTo(bySession, session.sessionId, c);
      send(c, { t: 'hello', member: true });
    } finally {
      c.authing = false;
    }
  }

  async function onJoinFrame(c: TConn, roomId: number): Promise<void> {
    leaveRoom(c);
    if (!joinHandler) throw new AppError('chat_room_not_found');
    const joining = { roomId, held: [] as { frame: TServerFrame; authorUserId: number | null }[] };
    c.joining = joining;
    addTo(byRoom, roomId, c);
    let answer: TServerFrame;
    try {
      answer = await joinHandler({ userId: c.userId, merchantId: await merchantId(), roomId });
    } catch (err) {
      if (c.joining === joining) leaveRoom(c);
      throw err;
    }
    if (c.joining !== joining) return; // left or joined another room meanwhile
    c.joining = null;
    c.roomId = roomId;
    send(c, answer);
    const seen = new Set(answer.t === 'joined' ? answer.history.map((m) => m.id) : []);
    for (const h of joining.held) {
      if (h.frame.t === 'chat' && seen.has(h.frame.message.id)) continue;
      send(c, encoder(h.frame, h.authorUserId)(c));
    }
  }

  async function onFrame(c: TConn, frame: TClientFrame): Promise<void> {
    switch (frame.t) {
      case 'ping':
        return send(c, { t: 'pong' });
      case 'auth':
        return onAuth(c, frame.token);
      case 'join':
        return onJoinFrame(c, frame.roomId);
      case 'leave':
        return leaveRoom(c);
    }
  }

  await app.register(websocket, { options: { maxPayload: MAX_FRAME_BYTES } });
  app.get(REALTIME_PATH, { websocket: true }, (ws, request) => {
    const now = Date.now();
    const c: TConn = {
      ws,
      ip: request.ip,
      userId: null,
      sessionId: null,
      authing: false,
      roomId: null,
      joining: null,
      lastFrameAt: now,
      windowStart: now,
      windowFrames: 0,
      badFrames: 0,
    };
    if ((visitorsByIp.get(c.ip) ?? 0) >= maxVisitorsPerIp) {
      ws.close(REALTIME_CLOSE.tooManySockets, 'too many sockets');
      return;
    }
    conns.add(c);
    countVisitor(c.ip, 1);
    ws.on('error', () => undefined);
    ws.on('close', () => {
      conns.delete(c);
      leaveRoom(c);
      if (c.userId === null) countVisitor(c.ip, -1);
      else {
        removeFrom(byUser, c.userId, c);
        if (c.sessionId !== null) {
          removeFrom(bySession, c.sessionId, c);
          if (!bySession.has(c.sessionId)) lastFigures.delete(c.sessionId);
        }
      }
    });
    ws.on('message', (data, isBinary) => {
      const t = Date.now();
      c.lastFrameAt = t;
      if (t - c.windowStart > FRAME_RATE.windowMs) {
        c.windowStart = t;
        c.windowFrames = 0;
      }
      if (++c.windowFrames > FRAME_RATE.frames) return badFrame(c, 'rate_limited');
      if (isBinary) return badFrame(c, 'validation_failed');
      let parsed: TClientFrame;
      try {
        const text = Array.isArray(data) ? Buffer.concat(data).toString() : Buffer.from(data as ArrayBuffer).toString();
        const result = ZClientFrame.safeParse(JSON.parse(text));
        if (!result.success) return badFrame(c, 'validation_failed');
        parsed = result.data;
      } catch {
        return badFrame(c, 'validation_failed');
      }
      onFrame(c, parsed).catch((err: unknown) => refuse(c, err));
    });
    send(c, { t: 'hello', member: false });
  });

  // Idle sockets: nothing (not even a ping) for idleMs.
  const idleTimer = setInterval(
    () => {
      const before = Date.now() - idleMs;
      for (const c of conns) if (c.lastFrameAt < before) c.ws.close(1001, 'idle');
    },
    Math.max(50, Math.min(idleMs / 4, 5_000)),
  );
  idleTimer.unref();

  // Member signals: one statement per period for the sessions with a socket here, none when there are none.
  let polling = false;
  async function poll(): Promise<void> {
    const sessionIds = [...lastFigures.keys()];
    if (sessionIds.length === 0) return;
    const figures = await readFigures(db, await merchantId(), sessionIds, new Date());
    const kindsByUser = new Map<number, Set<string>>();
    for (const [sid, after] of figures) {
      const before = lastFigures.get(sid);
      if (!before) continue; // its last socket closed meanwhile
      const socketsOfSession = [...(bySession.get(sid) ?? [])];
      if (!after.live) {
        lastFigures.delete(sid);
        // Self-excluded (on this device or another): the tab says why and until when, not only that it ended.
        const until = after.excludedUntil?.toISOString();
        for (const c of socketsOfSession) {
          if (until) send(c, { t: 'error', code: 'rg_self_excluded', until });
          c.ws.close(REALTIME_CLOSE.revoked, 'session ended');
        }
        continue;
      }
      lastFigures.set(sid, after);
      const kinds = changedKinds(before, after);
      const userId = socketsOfSession[0]?.userId;
      if (kinds.length === 0 || userId == null) continue;
      let set = kindsByUser.get(userId);
      if (!set) kindsByUser.set(userId, (set = new Set()));
      for (const k of kinds) set.add(k);
    }
    for (const [userId, kinds] of kindsByUser) deliverMember(userId, { t: 'signal', kinds: [...kinds] as TSignalKinds });
  }
  const pollTimer = setInterval(() => {
    if (polling) return;
    polling = true;
    poll()
      .catch((err: unknown) => app.log.warn({ err }, 'realtime: the signal poll failed'))
      .finally(() => (polling = false));
  }, pollMs);
  pollTimer.unref();

  // Room counts for the other processes: only when this process has or just had someone in a room.
  let lastSentEmpty = true;
  const onlineTimer = setInterval(() => {
    if (!bus.shared) return;
    const counts: Record<string, number> = {};
    for (const [room, set] of byRoom) counts[String(room)] = set.size;
    const empty = byRoom.size === 0;
    if (empty && lastSentEmpty) return;
    lastSentEmpty = empty;
    bus.notify({ k: 'online', c: counts }).catch((err: unknown) => app.log.warn({ err }, 'realtime: the online count was not sent'));
  }, ONLINE_EVERY_MS);
  onlineTimer.unref();

  app.addHook('onClose', async () => {
    clearInterval(idleTimer);
    clearInterval(pollTimer);
    clearInterval(onlineTimer);
  });
  return hub;
}

type TSignalKinds = Extract<TServerFrame, { t: 'signal' }>['kinds'];
