import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type AdapterContext, AdapterError, type ArticleJob, type Flow, type PublishJob, type VideoJob } from './contract.js';
import { defineAdapter } from './define.js';
import type { Provenance } from './provenance.js';

/** No facts: these adapters drive no site. */
const NO_FACTS: Provenance = { sources: [], facts: [] };
const page = {} as Page;
const ctx = {} as AdapterContext;

function job<T extends PublishJob['contentType']>(contentType: T, jobId = 'job_1'): Extract<PublishJob, { contentType: T }> {
  const payload = contentType === 'video' ? { title: 't', localVideoPath: '/v.mp4' } : contentType === 'article' ? { title: 't', content: 'c' } : { content: 'c' };
  return { jobId, attemptId: 'att_1', platform: 'demo', account: { id: '1', externalRef: 'me' }, settings: {}, settingsHash: 'h', createdAt: '2026-01-01T00:00:00Z', contentType, payload } as never;
}

/** An article flow that saves a numbered draft and records what each step was given. */
function draftFlow() {
  const seen: Array<{ step: string; value: unknown }> = [];
  let drafts = 0;
  const flow: Flow<ArticleJob, { draftId: number }> = {
    async prepare(_page, _job, _ctx, earlier) {
      seen.push({ step: 'prepare', value: earlier });
      return { draftId: earlier?.draftId ?? ++drafts };
    },
    async publish(_page, _job, _ctx, prepared) {
      seen.push({ step: 'publish', value: prepared });
      return { postId: `p${prepared.draftId}`, url: `https://example.com/${prepared.draftId}` };
    },
    async verify() {
      return { found: false };
    },
    async discardDraft(_page, _job, _ctx, prepared) {
      seen.push({ step: 'discard', value: prepared });
    },
  };
  return { flow, seen };
}

const videoFlow: Flow<VideoJob> = {
  prepare: async () => undefined,
  publish: async () => ({ postId: 'v1', url: 'https://example.com/v1' }),
  verify: async () => ({ found: false }),
};

function demo(article = draftFlow()) {
  const adapter = defineAdapter({
    platform: 'demo',
    defaultBaseUrl: 'https://example.com',
    settingKeys: [],
    provenance: NO_FACTS,
    checkLogin: async () => ({ externalRef: 'me', displayName: 'Me' }),
    flows: { article: article.flow, video: videoFlow },
  });
  return { adapter, seen: article.seen };
}

describe('happy path', () => {
  it('the content types are the flows; publish gets exactly what the last prepare returned', async () => {
    const { adapter, seen } = demo();
    expect(adapter.contentTypes).toEqual(['article', 'video']);
    const first = await adapter.prepare(page, job('article'), ctx);
    const again = await adapter.prepare(page, job('article'), ctx, first);
    expect(await adapter.publish(page, job('article'), ctx, again)).toEqual({ postId: 'p1', url: 'https://example.com/1' });
    expect(seen).toEqual([
      { step: 'prepare', value: undefined },
      { step: 'prepare', value: { draftId: 1 } },
      { step: 'publish', value: { draftId: 1 } },
    ]);
  });

  it('discardDraft gets the prepared value; an adapter without a flow that discards has none', async () => {
    const { adapter, seen } = demo();
    const prepared = await adapter.prepare(page, job('article'), ctx);
    await adapter.discardDraft!(page, job('article'), ctx, prepared);
    expect(seen.at(-1)).toEqual({ step: 'discard', value: { draftId: 1 } });
    const plain = defineAdapter({ platform: 'plain', defaultBaseUrl: 'https://example.com', settingKeys: [], provenance: NO_FACTS, checkLogin: async () => ({ externalRef: 'me', displayName: 'Me' }), flows: { video: videoFlow } });
    expect(plain.discardDraft).toBeUndefined();
  });
});

describe('errors', () => {
  it('a content type without a flow is setting_unavailable before anything opens', async () => {
    const { adapter } = demo();
    const err = await adapter.prepare(page, job('dynamic'), ctx).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AdapterError);
    expect(err).toMatchObject({ code: 'setting_unavailable', step: 'open_editor' });
  });

  it("publish refuses a value prepare did not return for the job's flow, and nothing is published", async () => {
    const { adapter, seen } = demo();
    const video = await adapter.prepare(page, job('video'), ctx);
    await expect(adapter.publish(page, job('article'), ctx, video)).rejects.toThrow('not a value prepare returned');
    await expect(adapter.publish(page, job('article'), ctx, undefined)).rejects.toThrow('not a value prepare returned');
    await expect(adapter.publish(page, job('article'), ctx, { draftId: 1 })).rejects.toThrow('not a value prepare returned');
    expect(seen.filter((s) => s.step === 'publish')).toEqual([]);
  });

  it('a value already published, or whose draft was discarded, is editor_changed and publishes nothing; a new prepare starts afresh', async () => {
    const { adapter, seen } = demo();
    const published = await adapter.prepare(page, job('article'), ctx);
    await adapter.publish(page, job('article'), ctx, published);
    await expect(adapter.publish(page, job('article'), ctx, published)).rejects.toMatchObject({ code: 'editor_changed', step: 'publish' });
    const discarded = await adapter.prepare(page, job('article', 'job_2'), ctx, published);
    await adapter.discardDraft!(page, job('article', 'job_2'), ctx, discarded);
    await expect(adapter.publish(page, job('article', 'job_2'), ctx, discarded)).rejects.toMatchObject({ code: 'editor_changed', step: 'publish' });
    expect(seen.filter((s) => s.step === 'publish')).toHaveLength(1);
    // The published draft was not handed to the next prepare as one to save into.
    expect(seen.filter((s) => s.step === 'prepare').map((s) => s.value)).toEqual([undefined, undefined]);
  });
});
