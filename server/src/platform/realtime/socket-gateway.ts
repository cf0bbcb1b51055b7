// Socket.IO at /socket.io: the access token comes in the handshake's auth.token; it must be valid,
// carry a tenant and grant monitoring.view, or the connection is refused before any event. A socket
// joins only its own token's room, tenant:<id>; each event goes to one room, named by its type. The
// server disconnects a socket when its token expires or its session is revoked (session-watch.ts).
import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import type { Coordination } from '../coordination/coordination.ts';
import { authenticateToken, authorize } from '../auth/guard.ts';
import type { TokenService } from '../auth/tokens.ts';
import { AppError } from '../http/errors.ts';
import type { RealtimeHub } from './hub.ts';
import { watchSession } from './session-watch.ts';

export const tenantRoom = (tenantId: string) => `tenant:${tenantId}`;

interface SocketData {
  tenantId: string;
  sessionId: string;
  expiresAt: number;
}

export function attachSocketGateway(
  server: HttpServer,
  deps: { tokens: TokenService; coordination: Coordination; hub: RealtimeHub; sessionCheckMs: number },
): Server {
  const io = new Server(server, { path: '/socket.io', serveClient: false });

  // The same checks as an HTTP request to a route needing monitoring.view inside a tenant; a refusal
  // reaches the client as its error code (any 401 as UNAUTHORIZED).
  io.use((socket, next) => {
    const token = (socket.handshake.auth as { token?: unknown }).token;
    void (async () => {
      const auth = await authenticateToken(typeof token === 'string' ? token : undefined, deps);
      authorize(auth, { tenant: true, permission: 'monitoring.view' });
      Object.assign(socket.data as SocketData, { tenantId: auth.tenantId, sessionId: auth.sessionId, expiresAt: auth.expiresAt });
      next();
    })().catch((error: unknown) => {
      const refused = error instanceof AppError && error.statusCode === 403 ? error.code : 'UNAUTHORIZED';
      next(new Error(refused));
    });
  });

  io.on('connection', (socket) => {
    const data = socket.data as SocketData;
    void socket.join(tenantRoom(data.tenantId));
    const stop = watchSession({
      sessionId: data.sessionId,
      expiresAt: data.expiresAt,
      coordination: deps.coordination,
      revocations: deps.hub,
      checkEveryMs: deps.sessionCheckMs,
      onEnd: () => socket.disconnect(true),
    });
    socket.once('disconnect', stop);
  });

  const stopListening = deps.hub.listen((event) => {
    io.to(tenantRoom(event.tenantId)).emit(event.type, event);
  });
  server.once('close', stopListening);
  return io;
}
