import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';

// A browser tab's live connection to this app instance, signed in with `cookie`. The app starts
// listening on a free loopback port the first time it is needed.
export async function connectRealtime(app: FastifyInstance, cookie: string): Promise<Socket> {
  if (!app.server.listening) await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return new Promise<Socket>((resolve, reject) => {
    const socket = io(`http://127.0.0.1:${port}`, {
      transports: ['websocket'],
      extraHeaders: { cookie },
    });
    socket.on('connect', () => resolve(socket));
    socket.on('connect_error', reject);
  });
}
