/**
 * Receives Plume's webhooks: verifies each delivery on its raw body, answers 2xx at once, and
 * handles each event id once.
 *
 *   PLUME_WEBHOOK_SECRET=whsec_… PORT=8080 node dist/webhooks.js
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { parseWebhook, type WebhookEnvelope } from '@plume/client';

const seen = new Set<string>();

export function handleEvent(event: WebhookEnvelope): string {
  switch (event.type) {
    case 'publish.batch.updated':
      return `batch ${event.data.batch_id} is ${event.data.state}`;
    case 'publish.job.updated':
      return `job ${event.data.job_id} of ${event.data.batch_id} is ${event.data.state}`;
    case 'account.session_expired':
      return `account ${event.data.account_id} (${event.data.platform}) must be logged in again`;
    default:
      return event.type;
  }
}

export function receiver(secret: string, onEvent: (event: WebhookEnvelope) => void) {
  return (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const verified = parseWebhook(secret, req.headers, Buffer.concat(chunks));
      if (!verified.valid) {
        res.writeHead(400).end(verified.reason);
        return;
      }
      res.writeHead(204).end();
      if (seen.has(verified.event.id)) return;
      seen.add(verified.event.id);
      onEvent(verified.event);
    });
  };
}

if (process.argv[1] && import.meta.url === new URL(process.argv[1], 'file:').href) {
  const secret = process.env.PLUME_WEBHOOK_SECRET;
  if (!secret) throw new Error('set PLUME_WEBHOOK_SECRET');
  createServer(receiver(secret, (event) => console.log(handleEvent(event)))).listen(Number(process.env.PORT ?? 8080));
}
