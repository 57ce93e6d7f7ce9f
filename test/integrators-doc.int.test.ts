/**
 * docs/integrators.md's "Batches and jobs" against the API: the status and
 * Location each publish call answers (the table), the served OpenAPI document
 * saying the same, and the example batch answer having the fields, types and
 * nested shapes of a real one (a job the node reported published). The table
 * and the example are read from the document, so editing either without the
 * API, or the API without them, fails here.
 */
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../control-plane/src/testing/app.js';
import { v1 } from '../control-plane/src/testing/openapi.js';
import { publishWorld } from '../control-plane/src/testing/publish.js';

const doc = readFileSync(new URL('../docs/integrators.md', import.meta.url), 'utf8');
const section = doc.slice(doc.indexOf('## Batches and jobs'), doc.indexOf('\n## ', doc.indexOf('## Batches and jobs') + 3));

/** The table rows: `POST /publish/x` | 200 … [and `Location: …`]. */
function documentedAnswers(): Array<{ path: string; status: number; location: string | null }> {
  return [...section.matchAll(/^\| `POST (\/publish[^`]*)` \| (\d{3})([^|\n]*)\|$/gm)].map((m) => ({
    path: m[1]!,
    status: Number(m[2]),
    location: /`Location: ([^`]+)`/.exec(m[3]!)?.[1] ?? null,
  }));
}

function documentedBatch(): Record<string, any> {
  const block = /```json\n([\s\S]*?)```/.exec(section);
  if (!block) throw new Error('no JSON example in "Batches and jobs"');
  return JSON.parse(block[1]!) as Record<string, any>;
}

/** The second JSON example: a job's `retry` while it waits for its next attempt. */
function documentedRetry(): Record<string, any> {
  const block = [...section.matchAll(/```json\n([\s\S]*?)```/g)][1];
  if (!block) throw new Error('no retry example in "Batches and jobs"');
  return JSON.parse(block[1]!) as Record<string, any>;
}

/** Each field of `example` is in `real` with the same JSON type; objects compare key for key, arrays by their first item. */
function shapeDifferences(example: unknown, real: unknown, at = '$'): string[] {
  const kind = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
  if (kind(example) !== kind(real)) return [`${at}: the docs show ${kind(example)}, the API answers ${kind(real)}`];
  if (Array.isArray(example)) return example.length && (real as unknown[]).length ? shapeDifferences(example[0], (real as unknown[])[0], `${at}[0]`) : [];
  if (kind(example) !== 'object') return [];
  const e = example as Record<string, unknown>;
  const r = real as Record<string, unknown>;
  return Object.keys(e).flatMap((k) => (k in r ? shapeDifferences(e[k], r[k], `${at}.${k}`) : [`${at}.${k}: not in the API's answer`]));
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('docs/integrators.md: batches and jobs', () => {
  it('documents each publish call once', () => {
    expect(documentedAnswers().map((a) => a.path).sort()).toEqual(['/publish', '/publish/dynamic', '/publish/video']);
  });

  it('each publish call answers the status and Location the table gives', async () => {
    const w = await publishWorld(t);
    const bodies: Record<string, unknown> = {
      '/publish': { articleId: w.article, executor: 'edge', accountIds: [w.acc.zhihu] },
      '/publish/video': { executor: 'edge', accountIds: [w.acc.bilibili], title: 'Clip', localVideoPath: w.video, platformSettings: { bilibili: { partitionName: '知识', tags: ['知识'] } } },
      '/publish/dynamic': { executor: 'edge', accountIds: [w.acc.weibo], content: 'Hello from Plume' },
    };
    for (const documented of documentedAnswers()) {
      const res = await v1(t.app, w.user, 'POST', documented.path, bodies[documented.path]);
      expect(res.status, `${documented.path}: ${JSON.stringify(res.body)}`).toBe(documented.status);
      expect(res.body, documented.path).toMatchObject({ batch_id: expect.stringMatching(/^bat_/), jobs: [expect.objectContaining({ state: 'queued' })] });
      const location = documented.location?.replace('{batch_id}', res.body.batch_id as string) ?? undefined;
      expect(res.headers.location, documented.path).toBe(location);
    }
  });

  it('the served OpenAPI document gives the same status and Location header for each call', async () => {
    const served = (await t.app.inject({ method: 'GET', url: '/api/openapi/v1/openapi.json' })).json();
    for (const documented of documentedAnswers()) {
      const responses = served.paths[`/api/openapi/v1${documented.path}`].post.responses as Record<string, { headers?: Record<string, unknown> }>;
      const success = Object.keys(responses).filter((s) => s.startsWith('2'));
      expect(success, documented.path).toEqual([String(documented.status)]);
      expect(Boolean(responses[String(documented.status)]!.headers?.Location), documented.path).toBe(documented.location !== null);
    }
  });

  it("the example batch has a real finished job's fields, types and feedback shape", async () => {
    const w = await publishWorld(t);
    const published = await v1(t.app, w.user, 'POST', '/publish', { articleId: w.article, executor: 'edge', accountIds: [w.acc.zhihu] });
    expect(published.status).toBe(200);
    // What a node's "succeeded" result leaves on the job (job-reports.repository.ts).
    await t.db.database.db.execute(sql`update publish_jobs set state = 'succeeded', platform_status = 'published', platform_post_id = '1790000000000000001',
      platform_url = 'https://zhuanlan.zhihu.com/p/1790000000000000001', feedback = '{"step":"publish","message":"published"}'::jsonb
      where batch_id = ${published.body.batch_id}`);
    const real = await v1(t.app, w.user, 'GET', `/publish/${published.body.batch_id}`);
    expect(real.status).toBe(200);
    const example = documentedBatch();
    expect(shapeDifferences(example, real.body)).toEqual([]);
    // Nested objects: the docs show every field the API gives them (feedback is {message, step}, not the post).
    expect(Object.keys(example.jobs[0].feedback).sort()).toEqual(Object.keys(real.body.jobs[0].feedback).sort());
    expect(real.body).toMatchObject({ state: example.state, jobs: [{ state: example.jobs[0].state, feedback: example.jobs[0].feedback, platform_status: 'published' }] });
    // The failed job's error has the shape the text gives: code and message.
    await t.db.database.db.execute(sql`update publish_jobs set state = 'failed', error_code = 'login_required', error_message = 'the account is logged out'
      where batch_id = ${published.body.batch_id}`);
    const failed = await v1(t.app, w.user, 'GET', `/publish/${published.body.batch_id}`);
    expect(Object.keys(failed.body.jobs[0].error).sort()).toEqual(['code', 'message']);
  });

  it("the example retry has the fields and types of a job waiting for its next attempt", async () => {
    const w = await publishWorld(t);
    const published = await v1(t.app, w.user, 'POST', '/publish', { articleId: w.article, executor: 'edge', accountIds: [w.acc.zhihu] });
    expect(published.status).toBe(200);
    // What a failed attempt queued again leaves on the job (cms-jobs.repository.ts retry).
    await t.db.database.db.execute(sql`update publish_jobs set state = 'queued', attempt = 1, lease_until = now() + interval '30 seconds',
      feedback = '{"step":"retry","message":"the site could not be reached; trying again in 30 s","retry":{"attempt":1,"code":"cms_unreachable","message":"the site could not be reached"}}'::jsonb
      where batch_id = ${published.body.batch_id}`);
    const real = await v1(t.app, w.user, 'GET', `/publish/${published.body.batch_id}`);
    expect(real.status).toBe(200);
    const example = documentedRetry();
    expect(real.body.jobs[0]).toMatchObject({ state: 'queued', error: null, retry: { attempt: 1, error: { code: 'cms_unreachable' } } });
    expect(shapeDifferences(example, real.body.jobs[0].retry)).toEqual([]);
    expect(Object.keys(real.body.jobs[0].retry).sort()).toEqual(Object.keys(example).sort());
  });
});
