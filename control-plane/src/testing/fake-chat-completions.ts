/**
 * A local stand-in for an OpenAI-compatible chat-completions endpoint
 * (node:http on port 0). It records every request and answers from a script:
 * queue answers with `answer(...)`; when the queue is empty it answers `fallback`.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: any;
}

export interface ScriptedAnswer {
  status?: number;
  /** A string is sent as is; anything else as JSON. */
  body?: unknown;
  /** Wait this long before answering (a slow or hanging provider). */
  delayMs?: number;
}

/** The body of a successful completion whose message is `content`. */
export function completion(content: string): ScriptedAnswer {
  return {
    body: {
      id: 'chatcmpl-test',
      object: 'chat.completion',
      choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 10, completion_tokens: 20, total_tokens: 30 },
    },
  };
}

export class FakeChatCompletions {
  readonly requests: RecordedRequest[] = [];
  private readonly script: ScriptedAnswer[] = [];
  fallback: ScriptedAnswer = completion('# Generated Title\n\nGenerated body paragraph.\n\n## Section\n\nMore text.');
  private server: Server | null = null;
  url = '';

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          // recorded as text
        }
        this.requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
        const answer = this.script.shift() ?? this.fallback;
        const send = () => {
          if (res.destroyed) return;
          const payload = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body ?? {});
          res.writeHead(answer.status ?? 200, { 'content-type': 'application/json' }).end(payload);
        };
        if (answer.delayMs) setTimeout(send, answer.delayMs).unref();
        else send();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  answer(...answers: ScriptedAnswer[]): this {
    this.script.push(...answers);
    return this;
  }

  reset(): void {
    this.requests.length = 0;
    this.script.length = 0;
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
