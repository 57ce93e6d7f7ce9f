/**
 * @plume/client against a real control plane (in-process, listening on a loopback port): the
 * package's generated types are those of the document the control plane serves, and waitForBatch
 * follows a real batch from `scheduled` to its end with the real clock (one 2 s wait), the
 * batch being canceled through the same typed client between two polls.
 */
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { CLIENT_PACKAGE_HEADER, generateClientTypes } from '@plume/openapi-codegen';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlumeClient, requestIdOf, unwrap, waitForBatch, type Batch } from '../client/src/index.js';
import { createTestApp, type TestApp } from '../control-plane/src/testing/app.js';
import { createUser } from '../control-plane/src/testing/openapi.js';
import { createArticle, createCmsSite, fixturesOf } from '../control-plane/src/testing/publish.js';

let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => t?.close());

describe('@plume/client against the control plane', () => {
  it('ships the types of the served document (client/src/openapi-v1.ts equals a fresh generation)', async () => {
    const document = await (await fetch(`${base}/api/openapi/v1/openapi.json`)).json();
    const fresh = await generateClientTypes(document as object, CLIENT_PACKAGE_HEADER);
    const committed = readFileSync(new URL('../client/src/openapi-v1.ts', import.meta.url), 'utf8');
    if (fresh !== committed) throw new Error('client/src/openapi-v1.ts is out of date with the served document: run npm run openapi:client');
  });

  it('waitForBatch polls a scheduled batch until it ends (canceled between two polls)', async () => {
    const f = fixturesOf(t);
    const user = await createUser(t.app, t.adminHeaders, { quotas: { cms: 5 } });
    const site = await createCmsSite(f, user.id);
    const articleId = await createArticle(f, user.id);
    const client = createPlumeClient({ baseUrl: base, apiKey: user.key });

    const published = await client.POST('/api/openapi/v1/publish', {
      body: { articleId, executor: 'web', accountIds: [site], publishAt: new Date(Date.now() + 3_600_000).toISOString() },
      headers: { 'x-request-id': 'client-wait-1' },
    });
    expect(published.response.status, JSON.stringify(published.error)).toBe(200);
    expect(requestIdOf(published)).toBe('client-wait-1');
    const batchId = published.data!.batch_id;

    const seen: Array<Batch['state']> = [];
    const canceled: Promise<unknown>[] = [];
    const done = await waitForBatch(client, batchId, {
      intervalMs: 2_000,
      timeoutMs: 30_000,
      onPoll: (batch) => {
        seen.push(batch.state);
        // The first read is still scheduled; cancel it, and the next poll sees the end.
        if (seen.length === 1) canceled.push(unwrap(client.POST('/api/openapi/v1/publish/{batch_id}/cancel', { params: { path: { batch_id: batchId } } })));
      },
    });
    await Promise.all(canceled);
    expect(done.batch_id).toBe(batchId);
    expect(done.state).toBe('canceled');
    // Scheduled until the cancel landed (one poll on a quiet machine; more if the cancel was slow), then canceled.
    expect(seen[0]).toBe('scheduled');
    expect(seen.at(-1)).toBe('canceled');
    expect(new Set(seen.slice(0, -1))).toEqual(new Set(['scheduled']));
  });

  it('a wrong batch id is a typed error, not a wait', async () => {
    const user = await createUser(t.app, t.adminHeaders);
    const client = createPlumeClient({ baseUrl: base, apiKey: user.key });
    await expect(waitForBatch(client, 'bat_doesnotexist000000', { timeoutMs: 10_000 })).rejects.toMatchObject({ name: 'PlumeApiError', status: 404, code: 'batch_not_found' });
  });
});
