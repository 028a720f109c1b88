import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import type { Auth } from '../modules/auth/auth';

export type Realtime = {
  // Delivers an event to every open tab of one account, on whichever instance it is connected.
  toUser: (userId: string, event: string, payload: unknown) => void;
};

function userRoom(userId: string) {
  return `user:${userId}`;
}

export async function registerRealtime(
  app: FastifyInstance,
  { auth, redisUrl, publicUrl }: { auth: Auth; redisUrl?: string; publicUrl?: string },
): Promise<Realtime> {
  const io = new Server(app.server, { serveClient: false, cors: { origin: false } });

  if (redisUrl) {
    const publisher = new Redis(redisUrl, { lazyConnect: true });
    const subscriber = publisher.duplicate();
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
    await socket.join(userRoom(session.user.id));
    next();
  });

  // Open sockets would hold the HTTP server open; Fastify closes the server itself afterwards.
  app.addHook('preClose', async () => {
    io.local.disconnectSockets(true);
    io.engine.close();
  });

  return {
    toUser: (userId, event, payload) => {
      io.to(userRoom(userId)).emit(event, payload);
    },
  };
}
