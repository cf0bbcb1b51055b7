// The inbound event-socket server (mod_event_socket's listener), TCP on host:port.
import { createServer, type Server, type Socket } from 'node:net';
import { EslConnection, type EslBackend } from './connection.ts';

export class EslServer {
  private server: Server | undefined;
  private readonly connections = new Set<EslConnection>();

  constructor(private readonly backend: EslBackend) {}

  listen(host: string, port: number): Promise<number> {
    return new Promise((resolve, reject) => {
      const server = createServer((socket: Socket) => {
        const connection = new EslConnection(socket, this.backend);
        this.connections.add(connection);
        socket.on('close', () => this.connections.delete(connection));
      });
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        this.server = server;
        const address = server.address();
        resolve(typeof address === 'object' && address ? address.port : port);
      });
    });
  }

  async close(): Promise<void> {
    for (const connection of this.connections) connection.close();
    this.connections.clear();
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
