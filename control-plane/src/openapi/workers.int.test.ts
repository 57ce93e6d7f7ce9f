import { verifyWebhookSignature } from '@plume/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/app.js';
import { completion, FakeChatCompletions } from '../testing/fake-chat-completions.js';
import { createUser, v1 } from '../testing/openapi.js';
import { WebhookReceiver } from '../testing/webhook-receiver.js';
import { silentLog } from '../db/polling-loops.js';
import { startOpenApiWorkers } from './workers.js';

let t: TestApp;
let fake: FakeChatCompletions;
let receiver: WebhookReceiver;

beforeAll(async () => {
  fake = await new FakeChatCompletions().start();
  receiver = await new WebhookReceiver().start();
  t = await createTestApp({ generation: { baseUrl: fake.url, model: 'm-1', apiKey: null, timeoutMs: 5000 } });
});
afterAll(async () => {
  await t?.close();
  await Promise.all([fake?.close(), receiver?.close()]);
});

describe('happy path', () => {
  it('generation → article → signed article.generation.succeeded webhook, all in the background', async () => {
    const user = await createUser(t.app, t.adminHeaders);
    const hook = await t.app.inject({ method: 'PUT', url: `/api/admin/users/${user.id}/webhook`, headers: t.adminHeaders, payload: { url: `${receiver.url}/in` } });
    const secret = hook.json().webhook.secret as string;
    fake.answer(completion('# Background Title\n\nBody.'));

    const workers = startOpenApiWorkers({ db: t.db.database.db, generation: { baseUrl: fake.url, model: 'm-1', apiKey: null, timeoutMs: 5000 }, log: silentLog });
    try {
      const started = await v1(t.app, user, 'POST', '/articles/generate', { customTopic: 'Background work' });
      const [delivery] = await receiver.waitFor(1, 10_000);
      expect(verifyWebhookSignature(secret, delivery!.headers, delivery!.rawBody).valid).toBe(true);
      expect(delivery!.body).toMatchObject({
        type: 'article.generation.succeeded',
        data: { task_id: started.body.task_id, status: 'done', title: 'Background Title', article_id: expect.stringMatching(/^art_/) },
      });
      expect(fake.requests[0]!.url).toBe('/chat/completions');
      const polled = await v1(t.app, user, 'GET', `/articles/generate/${started.body.task_id}`);
      expect(polled.body).toMatchObject({ status: 'done', article_id: delivery!.body.data.article_id });
    } finally {
      await Promise.all([workers.stop(), workers.stop()]);
    }
  });
});
