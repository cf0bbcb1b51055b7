// Socket.IO at /socket.io: the access token comes in the handshake's auth.token; it must be valid,
// carry a tenant and grant monitoring.view, or the connection is refused before any event. A socket
// joins only its own token's room, tenant:<id>; each event goes to one room, named by its type. The
// server disconnects a socket when its token expires or its session is revoked (session-watch.ts).
import { E } from '../http/error-codes.ts';
import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import type { Coordination } from '../coordination/coordination.ts';
import { authenticateToken, authorize } from '../auth/guard.ts';
import type { TokenService } from '../auth/tokens.ts';
import { unavailableDependency } from '../http/dependency-errors.ts';
import type { DependencyOutages } from '../http/dependency-outages.ts';
import { RETRY_AFTER_SECONDS, UNAVAILABLE } from '../http/error-handler.ts';
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
  deps: { tokens: TokenService; coordination: Coordination; hub: RealtimeHub; sessionCheckMs: number; outages?: DependencyOutages },
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
      next(refusal(error, deps.outages));
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

/** The handshake's refusal: its code as the message; an unreachable dependency is not a bad token. */
function refusal(error: unknown, outages: DependencyOutages | undefined): Error {
  const unreachable = unavailableDependency(error);
  if (unreachable) {
    outages?.report(unreachable, error);
    return Object.assign(new Error(UNAVAILABLE[unreachable].code), { data: { retryAfterSeconds: RETRY_AFTER_SECONDS } });
  }
  return new Error(error instanceof AppError && error.statusCode === 403 ? error.code : E.UNAUTHORIZED);
}
