/**
 * Once the server is closing (SIGTERM), every answer ends its connection: a
 * keep-alive client would otherwise keep an idle connection, and the process
 * with it, until the shutdown's grace period cuts it.
 */
import type { FastifyInstance } from 'fastify';

export function endConnectionsWhenClosing(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  // Callback style, like the request-id hook: nothing to await on the way out.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
}
