// Socket.IO at /socket.io: the access token comes in the handshake's auth.token; it must be valid,
// carry a tenant and grant monitoring.view, or the connection is refused before any event. A socket
// joins only its own token's room, tenant:<id>; each event goes to one room, named by its type. The
// server disconnects a socket when its token expires or its session is revoked (session-watch.ts).
import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import type { Coordination } from '../coordination/coordination.ts';
import { revokedSessionFlag } from '../auth/guard.ts';
import { permissionsFor } from '../auth/permissions.ts';
import type { TokenService } from '../auth/tokens.ts';
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

  io.use((socket, next) => {
    const token = (socket.handshake.auth as { token?: unknown }).token;
    void (async () => {
      const claims = typeof token === 'string' ? await deps.tokens.verify(token) : null;
      if (!claims || (await deps.coordination.hasFlag(revokedSessionFlag(claims.sid)))) return next(new Error('UNAUTHORIZED'));
      if (!claims.tenantId) return next(new Error('TENANT_REQUIRED'));
      if (claims.mustChangePassword || !permissionsFor(claims.platformRole, claims.tenantRole).includes('monitoring.view')) {
        return next(new Error('FORBIDDEN'));
      }
      Object.assign(socket.data as SocketData, { tenantId: claims.tenantId, sessionId: claims.sid, expiresAt: claims.expiresAt });
      next();
    })().catch(() => next(new Error('UNAUTHORIZED')));
  });

  io.on('connection', (socket) => {
    const data = socket.data as SocketData;
    void socket.join(tenantRoom(data.tenantId));
    const stop = watchSession({
      sessionId: data.sessionId,
      expiresAt: data.expiresAt,
      coordination: deps.coordination,
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
