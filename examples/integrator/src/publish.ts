/**
 * Imports an article, publishes it to one CMS site, and waits for the batch to end.
 *
 *   PLUME_URL=https://plume.example.com PLUME_API_KEY=plm_… PLUME_SITE_ID=42 node dist/publish.js
 *
 * Prints one JSON line per step; exits 1 when the batch did not succeed.
 */
import { randomUUID } from 'node:crypto';
import { createPlumeClient, requestIdOf, unwrap, waitForBatch } from '@plume/client';

function env(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`set ${name}`);
  return value;
}

const client = createPlumeClient({ baseUrl: env('PLUME_URL'), apiKey: env('PLUME_API_KEY') });
const siteId = Number(env('PLUME_SITE_ID'));
const log = (step: string, fields: Record<string, unknown>) => console.log(JSON.stringify({ step, ...fields }));

const me = await unwrap(client.GET('/api/openapi/v1/me'));
log('me', { permissions: me.permissions, cms_remaining: me.quotas.cms.remaining });

const imported = await unwrap(
  client.POST('/api/openapi/v1/articles', {
    body: { title: 'Hello from the example', content: '# Hello\n\nPublished with **@plume/client**.', contentProvenance: 'human' },
  }),
);
log('imported', { article_id: imported.article_id });

// One Idempotency-Key per intended publish: a retry of this call (after a timeout, a 503) reuses it.
const publish = await client.POST('/api/openapi/v1/publish', {
  body: { articleId: imported.article_id, executor: 'web', accountIds: [siteId] },
  headers: { 'idempotency-key': randomUUID() },
});
if (publish.error) {
  log('refused', { status: publish.response.status, code: publish.error.error.code, message: publish.error.error.message, request_id: requestIdOf(publish) });
  process.exit(1);
}
log('published', { batch_id: publish.data.batch_id, request_id: requestIdOf(publish) });

const batch = await waitForBatch(client, publish.data.batch_id, {
  timeoutMs: 10 * 60_000,
  onPoll: (b) => log('poll', { state: b.state }),
});
const job = batch.jobs[0];
log('done', { state: batch.state, platform_url: job?.platform_url ?? null, error: job?.error ?? null });
process.exit(batch.state === 'succeeded' ? 0 : 1);
