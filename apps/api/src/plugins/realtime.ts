import { realtimeHeartbeatMs, realtimeTimeoutMs } from '@askwell/shared';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type pg from 'pg';
import { Server } from 'socket.io';
import type { Auth } from '../modules/auth/auth';
import { logRedisOutages } from '../lib/redis-outage';

export type Realtime = {
  // Delivers an event to every open tab of one account, on whichever instance it is connected.
  toUser: (userId: string, event: string, payload: unknown) => void;
  // Every signed-in tab, e.g. a notice staff published for all accounts.
  toEveryone: (event: string, payload: unknown) => void;
  // Accounts with a socket open now: every instance's with the Redis adapter, else this one's.
  // Worker processes have no sockets, so no answer.
  onlineAccounts?: () => Promise<{ ids: string[]; scope: 'all_instances' | 'this_instance' }>;
};

function userRoom(userId: string) {
  return `user:${userId}`;
}

// Worker processes (`npm run worker`) have no sockets of their own: they publish through
// PostgreSQL, and every API instance relays what it hears to the browsers connected to it.
const relayChannel = 'askwell_realtime';
// PostgreSQL refuses NOTIFY payloads of 8000 bytes or more.
const maxRelayBytes = 7900;

// A null userId is for everyone.
type RelayedEvent = { userId: string | null; event: string; payload: unknown };

export function createRealtimeRelay(pool: pg.Pool, logger: FastifyBaseLogger): Realtime {
  // Events wait here while a notification is on its way, then leave together: a bulk import's
  // thousands of progress events cost a few hundred round trips, not one each. One notification
  // at a time, in order: on separate connections a document's 'completed' could overtake its last
  // progress tick.
  const waiting: Array<{ message: string; bytes: number }> = [];
  let sending = false;
  const send = async () => {
    sending = true;
    while (waiting.length) {
      // The brackets, then each message and its comma.
      let bytes = 2;
      let count = 0;
      while (count < waiting.length && bytes + waiting[count]!.bytes + 1 <= maxRelayBytes) {
        bytes += waiting[count]!.bytes + 1;
        count++;
      }
      const batch = `[${waiting
        .splice(0, count)
        .map((entry) => entry.message)
        .join(',')}]`;
      await pool
        .query('select pg_notify($1, $2)', [relayChannel, batch])
        .catch((error: unknown) => logger.warn({ err: error }, 'realtime relay failed'));
    }
    sending = false;
  };
  const relay = (relayed: RelayedEvent) => {
    const message = JSON.stringify(relayed);
    const bytes = Buffer.byteLength(message);
    if (bytes + 2 > maxRelayBytes) {
      logger.warn({ event: relayed.event }, 'realtime event too large to relay; dropped');
      return;
    }
    waiting.push({ message, bytes });
    if (!sending) void send();
  };
  return {
    toUser: (userId, event, payload) => relay({ userId, event, payload }),
    toEveryone: (event, payload) => relay({ userId: null, event, payload }),
  };
}

// Holds one connection that LISTENs for relayed events, reconnecting after a database restart.
function listenForRelayedEvents(
  pool: pg.Pool,
  logger: FastifyBaseLogger,
  deliver: (event: RelayedEvent) => void,
) {
  let client: pg.PoolClient | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async () => {
    try {
      const connection = await pool.connect();
      if (stopped) {
        connection.release();
        return;
      }
      client = connection;
      connection.on('notification', (message) => {
        if (message.channel !== relayChannel || !message.payload) return;
        try {
          // An instance of the previous release (a rolling deploy) sends one event, not a list.
          const relayed = JSON.parse(message.payload) as RelayedEvent | RelayedEvent[];
          for (const event of Array.isArray(relayed) ? relayed : [relayed]) deliver(event);
        } catch (error) {
          logger.warn({ err: error }, 'unreadable realtime relay message');
        }
      });
      // A dying connection can report more than one error, or fail after shutdown released it;
      // it goes back to the pool only once.
      connection.on('error', (error) => {
        if (client !== connection) return;
        client = undefined;
        logger.warn({ err: error }, 'realtime relay connection lost');
        connection.release(error);
        if (!stopped) retry = setTimeout(() => void connect(), 1_000);
      });
      await connection.query(`listen ${relayChannel}`);
    } catch (error) {
      logger.warn({ err: error }, 'realtime relay could not listen; retrying');
      if (!stopped) retry = setTimeout(() => void connect(), 1_000);
    }
  };
  void connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const connection = client;
    client = undefined;
    if (!connection) return;
    await connection.query(`unlisten ${relayChannel}`).catch(() => undefined);
    connection.release();
  };
}

export async function registerRealtime(
  app: FastifyInstance,
  {
    auth,
    redisUrl,
    publicUrl,
    pool,
    twoFactorSetupPending,
  }: {
    auth: Auth;
    redisUrl?: string;
    publicUrl?: string;
    pool?: pg.Pool;
    // The same gate as plugins/access.ts: such a session may only set up TOTP, so it hears nothing.
    twoFactorSetupPending?: (
      user: { role?: string | null; twoFactorEnabled?: boolean | null },
      session: { createdAt: Date },
    ) => Promise<boolean>;
  },
): Promise<Realtime> {
  const io = new Server(app.server, {
    serveClient: false,
    cors: { origin: false },
    pingInterval: realtimeHeartbeatMs,
    pingTimeout: realtimeTimeoutMs,
  });

  if (redisUrl) {
    const publisher = new Redis(redisUrl, { lazyConnect: true });
    const subscriber = publisher.duplicate();
    logRedisOutages(publisher, app.log, 'realtime publisher');
    logRedisOutages(subscriber, app.log, 'realtime subscriber');
    await Promise.all([publisher.connect(), subscriber.connect()]);
    io.adapter(createAdapter(publisher, subscriber));
    app.addHook('onClose', async () => {
      await Promise.all([publisher.quit(), subscriber.quit()]);
    });
  }

  // Browsers do not apply CORS to WebSockets, so a foreign page could otherwise open a socket with
  // the visitor's cookie and read their live events.
  io.use(async (socket, next) => {
    const headers = socket.handshake.headers;
    const origin = headers.origin;
    const host = headers.host;
    const allowed = new Set<string>();
    if (host) {
      allowed.add(`http://${host}`);
      allowed.add(`https://${host}`);
    }
    if (publicUrl) allowed.add(new URL(publicUrl).origin);
    if (origin && !allowed.has(origin)) return next(new Error('forbidden'));

    // The whole handshake, not just the cookie: without PUBLIC_URL, better-auth derives its base
    // URL from the Host header and refuses to read a session without one.
    const forwarded = new Headers();
    for (const [name, value] of Object.entries(headers)) {
      if (value !== undefined) forwarded.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
    const session = await auth.api.getSession({ headers: forwarded }).catch(() => null);
    if (!session || !session.user.emailVerified) return next(new Error('unauthorized'));
    if (await twoFactorSetupPending?.(session.user, session.session)) {
      return next(new Error('two_factor_setup_required'));
    }
    await socket.join(userRoom(session.user.id));
    next();
  });

  if (pool) {
    // Each instance hears every relayed event, so it delivers to its own sockets only.
    const stopListening = listenForRelayedEvents(pool, app.log, ({ userId, event, payload }) => {
      if (userId === null) io.local.emit(event, payload);
      // socket.io encodes a packet before it looks for the room's sockets; most events reach an
      // instance with none of their account's (every instance hears every event, and a bulk
      // import's 10,000 progress events may have no page open at all).
      else if (io.of('/').adapter.rooms.has(userRoom(userId))) {
        io.local.to(userRoom(userId)).emit(event, payload);
      }
    });
    app.addHook('onClose', stopListening);
  }

  // Open sockets would hold the HTTP server open; Fastify closes the server itself afterwards.
  app.addHook('preClose', async () => {
    io.local.disconnectSockets(true);
    io.engine.close();
  });

  // Without Redis, socket.io reaches only this instance's sockets; the PostgreSQL relay reaches
  // every instance's (each listener above delivers to its own, this one included).
  const onlineAccounts = async () => {
    const rooms = redisUrl
      ? (await io.fetchSockets()).flatMap((socket) => [...socket.rooms])
      : [...io.of('/').adapter.rooms.keys()];
    const ids = new Set(
      rooms.filter((room) => room.startsWith('user:')).map((room) => room.slice(5)),
    );
    return {
      ids: [...ids],
      scope: redisUrl ? ('all_instances' as const) : ('this_instance' as const),
    };
  };
  if (!redisUrl && pool) return { ...createRealtimeRelay(pool, app.log), onlineAccounts };
  return {
    onlineAccounts,
    toUser: (userId, event, payload) => {
      io.to(userRoom(userId)).emit(event, payload);
    },
    toEveryone: (event, payload) => {
      io.emit(event, payload);
    },
  };
}
