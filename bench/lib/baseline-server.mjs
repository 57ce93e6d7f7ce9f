/**
 * The baseline of bench/license-http.mjs: a bare Fastify 5 app whose POST
 * routes (same paths as the license routes, JSON body parsed by Fastify's
 * default parser) answer a fixed JSON object of exactly the byte size the
 * real route answers. Runs as a child process, like the control plane, and
 * reports its port over IPC.
 *
 * argv[2]: JSON { "status": bytes, "consume": bytes }
 */
import Fastify from 'fastify';

const sizes = JSON.parse(process.argv[2] ?? '{}');

function answerOf(size) {
  const skeleton = { success: true, message: '' };
  const answer = { ...skeleton, message: 'x'.repeat(size - JSON.stringify(skeleton).length) };
  if (!Number.isInteger(size) || JSON.stringify(answer).length !== size) throw new Error(`cannot build a ${size}-byte answer`);
  return answer;
}

const app = Fastify({ logger: false });
for (const [kind, size] of Object.entries(sizes)) {
  const answer = answerOf(size);
  app.post(`/api/license/v2/${kind}`, async () => answer);
}
await app.listen({ port: 0, host: '127.0.0.1' });
process.send({ port: app.server.address().port });
// Ends on SIGTERM from the parent, or when the parent's IPC channel closes.
process.on('disconnect', () => process.exit(0));
