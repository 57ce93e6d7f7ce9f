/**
 * A local webhook endpoint (node:http on port 0) that records each delivery
 * with its raw body, answering from a script (status, delay, redirect) and
 * 200 when the script is empty.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedDelivery {
  path: string;
  headers: IncomingHttpHeaders;
  rawBody: string;
  body: any;
}

export interface ReceiverAnswer {
  status?: number;
  delayMs?: number;
  location?: string;
}

export class WebhookReceiver {
  readonly received: ReceivedDelivery[] = [];
  private readonly script: ReceiverAnswer[] = [];
  private server: Server | null = null;
  url = '';

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const rawBody = Buffer.concat(chunks).toString('utf8');
        let body: unknown = null;
        try {
          body = JSON.parse(rawBody);
        } catch {
          // recorded raw
        }
        this.received.push({ path: req.url ?? '', headers: req.headers, rawBody, body });
        const answer = this.script.shift() ?? {};
        const send = () => {
          if (res.destroyed) return;
          res.writeHead(answer.status ?? 200, answer.location ? { location: answer.location } : {}).end('ok');
        };
        if (answer.delayMs) setTimeout(send, answer.delayMs).unref();
        else send();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  answer(...answers: ReceiverAnswer[]): this {
    this.script.push(...answers);
    return this;
  }

  reset(): void {
    this.received.length = 0;
    this.script.length = 0;
  }

  /** Resolves when `n` deliveries have arrived (or rejects after `timeoutMs`). */
  async waitFor(n: number, timeoutMs = 5000): Promise<ReceivedDelivery[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.received.length < n) {
      if (Date.now() > deadline) throw new Error(`expected ${n} webhook deliveries, got ${this.received.length}`);
      await new Promise((r) => setTimeout(r, 10));
    }
    return this.received;
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
