import { Socket } from 'node:net';

/** Whether a TCP connection to host:port opens within the timeout (the switch's event port, from this host). */
export function tcpReachable(host: string, port: number, timeoutMs = 1_000): Promise<{ ok: boolean; error?: string }> {
  return new Promise((resolve) => {
    const socket = new Socket();
    const done = (result: { ok: boolean; error?: string }) => {
      socket.destroy();
      resolve(result);
    };
    socket.setTimeout(timeoutMs, () => done({ ok: false, error: `No answer from ${host}:${port} within ${timeoutMs} ms` }));
    socket.once('error', (error: NodeJS.ErrnoException) => done({ ok: false, error: `Cannot reach ${host}:${port} (${error.code ?? error.message})` }));
    socket.connect(port, host, () => done({ ok: true }));
  });
}
