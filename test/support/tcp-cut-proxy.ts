/**
 * A TCP forwarder to put between a process under test and a server it
 * depends on (PostgreSQL), so a test can take the server away from that one
 * process without touching the server other tests share.
 *
 *  - `cut('refuse')`: existing connections are reset and the port stops
 *    listening, so new connections are refused (a server that is down).
 *  - `cut('blackhole')`: existing connections are reset; new ones are
 *    accepted and never answered (a host that has gone silent, a firewall
 *    that drops packets).
 *  - `restore()`: forwarding again; connections held by the black hole are
 *    forwarded from where they stopped, like a healed network path.
 *  - `retarget(to)`: new connections go to another server (a load balancer
 *    sending a service's address to another replica); those open stay where they are.
 */
import { connect, createServer, type Server, type Socket } from 'node:net';

export type CutMode = 'refuse' | 'blackhole';

export interface TcpCutProxy {
  readonly port: number;
  /** `url` with its host and port replaced by the proxy's. */
  via(url: string): string;
  cut(mode: CutMode): Promise<void>;
  restore(): Promise<void>;
  /** Connections accepted from now on are forwarded to `to`. */
  retarget(to: { host: string; port: number }): void;
  /** Connections forwarded now (both directions open). */
  forwarded(): number;
  /** Connections the black hole holds. */
  held(): number;
  close(): Promise<void>;
}

export async function startTcpCutProxy(target: { host: string; port: number }): Promise<TcpCutProxy> {
  let state: 'open' | CutMode = 'open';
  const pairs = new Set<{ client: Socket; upstream: Socket }>();
  const holding = new Set<Socket>();
  let to = target;

  const forward = (client: Socket) => {
    const upstream = connect(to.port, to.host);
    const pair = { client, upstream };
    pairs.add(pair);
    const drop = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.pipe(upstream);
    upstream.pipe(client);
    client.resume();
  };

  const server: Server = createServer({ pauseOnConnect: true }, (client) => {
    client.setNoDelay(true);
    if (state === 'blackhole') {
      // Accepted, read from nobody, answered never; what the client sent waits in the socket.
      holding.add(client);
      client.on('error', () => {}).on('close', () => holding.delete(client));
      return;
    }
    forward(client);
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen(0);
  const port = (server.address() as { port: number }).port;

  const resetAll = () => {
    for (const { client, upstream } of [...pairs]) {
      client.resetAndDestroy();
      upstream.destroy();
    }
    pairs.clear();
  };

  return {
    port,
    via(url) {
      const u = new URL(url);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      return u.toString();
    },
    async cut(mode) {
      if (state !== 'open') throw new Error(`already cut (${state})`);
      state = mode;
      // Stop listening first, so nothing new is forwarded while the old connections go.
      // (close() stops accepting at once; its callback waits for the connections reset below.)
      if (mode === 'refuse') server.close();
      resetAll();
    },
    async restore() {
      if (state === 'open') return;
      const was = state;
      state = 'open';
      if (was === 'refuse') await listen(port);
      for (const client of [...holding]) {
        holding.delete(client);
        client.removeAllListeners('close');
        if (!client.destroyed) forward(client);
      }
    },
    retarget(next) {
      to = next;
    },
    forwarded: () => pairs.size,
    held: () => holding.size,
    async close() {
      state = 'open';
      resetAll();
      for (const client of holding) client.destroy();
      holding.clear();
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
