import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.js';
import { createTestApp, type TestApp } from '../../testing/app.js';
import { createUser, type TestUser, v1 } from '../../testing/openapi.js';
import { articlesRepository } from './articles.repository.js';

let t: TestApp;
let user: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  user = await createUser(t.app, t.adminHeaders);
});
afterAll(async () => t?.close());

const article = (o: Record<string, unknown> = {}) => ({
  title: 'Spring in the hills',
  content: '# Spring\n\nThe hills turn green.\n\n![meadow](https://cdn.example/meadow.jpg)\n\n![map](https://cdn.example/map.png)',
  contentProvenance: 'human',
  ...o,
});

const articleCount = async (userId: number) =>
  (await rows<{ n: number }>(t.db.database.db, sql`select count(*)::int as n from articles where user_id = ${userId}`))[0]!.n;

describe('happy path', () => {
  it('imports a human article: 201, Location, provenance and an aigc object without a label', async () => {
    const res = await v1(t.app, user, 'POST', '/articles', article({ coverImage: 'https://cdn.example/cover.jpg' }));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      article_id: expect.stringMatching(/^art_[A-Za-z0-9_-]{22}$/),
      title: 'Spring in the hills',
      created_at: expect.any(String),
      content_provenance: 'human',
      aigc: { label_required: false, display_label: '', applies_to: { text: false, images: false } },
      cover_image: 'https://cdn.example/cover.jpg',
      coverImage: 'https://cdn.example/cover.jpg',
      ai_provider: null,
      ai_model: null,
      ai_image_count: 0,
      source: 'import',
    });
    expect(res.headers.location).toBe(`/api/openapi/v1/articles/${res.body.article_id}`);
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('labels AI text and AI images separately and shows the same aigc in detail and list', async () => {
    const res = await v1(
      t.app,
      user,
      'POST',
      '/articles',
      article({
        contentProvenance: 'ai_assisted',
        aiProvider: 'api.openai.com',
        aiModel: 'gpt-4o',
        aiImageCount: 1,
        images: [
          { url: 'https://cdn.example/meadow.jpg', origin: 'ai_generated' },
          { url: 'https://cdn.example/map.png', origin: 'library' },
        ],
      }),
    );
    expect(res.status).toBe(201);
    const aigc = { label_required: true, display_label: 'AI-assisted text, AI-generated images', applies_to: { text: true, images: true } };
    expect(res.body).toMatchObject({ content_provenance: 'ai_assisted', aigc, ai_provider: 'api.openai.com', ai_model: 'gpt-4o', ai_image_count: 1 });

    const detail = await v1(t.app, user, 'GET', `/articles/${res.body.article_id}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ article_id: res.body.article_id, content: article().content, content_provenance: 'ai_assisted', aigc });

    const list = await v1(t.app, user, 'GET', '/articles');
    const item = list.body.items.find((i: { article_id: string }) => i.article_id === res.body.article_id);
    expect(item).toEqual({
      article_id: res.body.article_id,
      title: 'Spring in the hills',
      created_at: res.body.created_at,
      content_provenance: 'ai_assisted',
      aigc,
      cover_image: null,
      coverImage: null,
    });
  });

  it('only library, product and uploaded images: no image label', async () => {
    const res = await v1(
      t.app,
      user,
      'POST',
      '/articles',
      article({ images: [{ url: 'https://cdn.example/meadow.jpg', origin: 'product' }, { url: 'https://cdn.example/map.png', origin: 'uploaded' }] }),
    );
    expect(res.body.aigc).toEqual({ label_required: false, display_label: '', applies_to: { text: false, images: false } });
  });

  it('lists newest first with paging, total and page_size, no content', async () => {
    const pager = await createUser(t.app, t.adminHeaders);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push((await v1(t.app, pager, 'POST', '/articles', article({ title: `Post ${i}` }))).body.article_id);
      await new Promise((r) => setTimeout(r, 5));
    }
    const first = await v1(t.app, pager, 'GET', '/articles?page=1&page_size=2');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: 5, page: 1, page_size: 2 });
    expect(first.body.items.map((i: { title: string }) => i.title)).toEqual(['Post 4', 'Post 3']);
    expect(first.body.items[0]).not.toHaveProperty('content');
    const third = await v1(t.app, pager, 'GET', '/articles?page=3&page_size=2');
    expect(third.body.items.map((i: { article_id: string }) => i.article_id)).toEqual([ids[0]]);
    const beyond = await v1(t.app, pager, 'GET', '/articles?page=9');
    expect(beyond.body).toEqual({ items: [], total: 5, page: 9, page_size: 20 });
  });

  it('accepts a 1,000,000-character CJK article sent with ASCII-escaped JSON', async () => {
    const content = '春'.repeat(1_000_000);
    const payload = JSON.stringify(article({ content })).replace(/春/g, '\\u6625');
    expect(payload.length).toBeGreaterThan(6_000_000);
    const res = await v1(t.app, user, 'POST', '/articles', payload);
    expect(res.status).toBe(201);
    const detail = await v1(t.app, user, 'GET', `/articles/${res.body.article_id}`);
    expect(detail.body.content).toHaveLength(1_000_000);
  });
});

describe('idempotency', () => {
  it('replays the first answer with idempotent-replayed and creates one article', async () => {
    const u = await createUser(t.app, t.adminHeaders);
    const headers = { 'idempotency-key': 'a6b1c1d8-7f1e-4c55-9d43-3c1f0f6d2a10' };
    const first = await v1(t.app, u, 'POST', '/articles', article(), headers);
    const second = await v1(t.app, u, 'POST', '/articles', article(), headers);
    expect(first.status).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(second.status).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.body).toEqual(first.body);
    expect(second.headers.location).toBe(first.headers.location);
    expect(await articleCount(u.id)).toBe(1);
  });

  it('the same key with another body is 409 idempotency_key_reused; keys are per user', async () => {
    const u = await createUser(t.app, t.adminHeaders);
    const other = await createUser(t.app, t.adminHeaders);
    const headers = { 'idempotency-key': 'shared-key-1' };
    await v1(t.app, u, 'POST', '/articles', article(), headers);
    const reused = await v1(t.app, u, 'POST', '/articles', article({ title: 'Different' }), headers);
    expect(reused).toMatchObject({ status: 409, body: { error: { code: 'idempotency_key_reused' } } });
    expect((await v1(t.app, other, 'POST', '/articles', article(), headers)).status).toBe(201);
    expect(await articleCount(u.id)).toBe(1);
  });

  it('a malformed key is 400 invalid_idempotency_key', async () => {
    const res = await v1(t.app, user, 'POST', '/articles', article(), { 'idempotency-key': 'x'.repeat(256) });
    expect(res).toMatchObject({ status: 400, body: { error: { code: 'invalid_idempotency_key' } } });
  });
});

describe('errors', () => {
  it('malformed JSON, an empty body and a wrong content type are clear 4xx, nothing stored', async () => {
    const u = await createUser(t.app, t.adminHeaders);
    expect(await v1(t.app, u, 'POST', '/articles', '{"title": "x",')).toMatchObject({ status: 400, body: { error: { code: 'invalid_json' } } });
    const empty = await t.app.inject({ method: 'POST', url: '/api/openapi/v1/articles', headers: { ...u.headers, 'content-type': 'application/json' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.code).toBe('invalid_json');
    const text = await t.app.inject({ method: 'POST', url: '/api/openapi/v1/articles', headers: { ...u.headers, 'content-type': 'text/plain' }, payload: 'hello' });
    expect(text.statusCode).toBe(415);
    expect(text.json().error.code).toBe('unsupported_media_type');
    expect(await articleCount(u.id)).toBe(0);
  });

  it('wrong types, missing fields, unknown fields and out-of-range values are 400 invalid_request naming the field', async () => {
    const u = await createUser(t.app, t.adminHeaders);
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [article({ title: 42 }), /title/],
      [article({ title: '' }), /title/],
      [article({ title: 'x'.repeat(201) }), /title/],
      [article({ title: 'two\nlines' }), /single line/],
      [article({ content: undefined }), /content/],
      [article({ content: '   ' }), /blank/],
      [article({ contentProvenance: 'robot' }), /contentProvenance/],
      [article({ aiImageCount: -1 }), /aiImageCount/],
      [article({ aiImageCount: 1.5 }), /aiImageCount/],
      [article({ aiImageCount: '1' }), /aiImageCount/],
      [article({ coverImage: 'relative/cover.png' }), /coverImage/],
      [article({ coverImage: 'javascript:alert(1)' }), /coverImage/],
      [article({ images: [{ url: 'https://cdn.example/map.png', origin: 'stock' }] }), /origin/],
      [article({ content_provenance: 'human' }), /content_provenance/],
    ];
    for (const [body, field] of cases) {
      const res = await v1(t.app, u, 'POST', '/articles', body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.error.code).toBe('invalid_request');
      expect(res.body.error.message).toMatch(field);
    }
    expect(await articleCount(u.id)).toBe(0);
  });

  it('a Windows or Linux absolute cover path is accepted', async () => {
    expect((await v1(t.app, user, 'POST', '/articles', article({ coverImage: 'C:\\Users\\me\\cover.png' }))).status).toBe(201);
    expect((await v1(t.app, user, 'POST', '/articles', article({ coverImage: '/srv/media/cover.png' }))).status).toBe(201);
  });

  it('inconsistent AI provenance is 422 aigc_inconsistent, nothing stored, not even the idempotency record', async () => {
    const u = await createUser(t.app, t.adminHeaders);
    const headers = { 'idempotency-key': 'aigc-bad-1' };
    const tooMany = await v1(t.app, u, 'POST', '/articles', article({ aiImageCount: 3, aiProvider: 'p', aiModel: 'm' }), headers);
    expect(tooMany).toMatchObject({ status: 422, body: { error: { code: 'aigc_inconsistent', message: expect.stringMatching(/only 2 image/) } } });
    const listed = await v1(
      t.app,
      u,
      'POST',
      '/articles',
      article({ aiImageCount: 1, aiProvider: 'p', aiModel: 'm', images: [{ url: 'https://cdn.example/map.png', origin: 'library' }] }),
    );
    expect(listed).toMatchObject({ status: 422, body: { error: { code: 'aigc_inconsistent' } } });
    const unnamed = await v1(t.app, u, 'POST', '/articles', article({ contentProvenance: 'ai_generated' }));
    expect(unnamed.body.error).toMatchObject({ code: 'aigc_inconsistent', message: expect.stringMatching(/aiProvider and aiModel/) });
    expect(await articleCount(u.id)).toBe(0);
    const keys = await rows<{ n: number }>(t.db.database.db, sql`select count(*)::int as n from idempotency_keys where user_id = ${u.id}`);
    expect(keys[0]!.n).toBe(0);
  });

  it('oversize content is 400 and an oversize body 413 payload_too_large', async () => {
    const long = await v1(t.app, user, 'POST', '/articles', article({ content: 'a'.repeat(1_000_001) }));
    expect(long).toMatchObject({ status: 400, body: { error: { code: 'invalid_request', message: expect.stringMatching(/content/) } } });
    const huge = await v1(t.app, user, 'POST', '/articles', article({ content: 'a'.repeat(9 * 1024 * 1024) }));
    expect(huge).toMatchObject({ status: 413, body: { error: { code: 'payload_too_large' } } });
  });

  it('a generation task id as an article id is a 404 that says where to poll it', async () => {
    const res = await v1(t.app, user, 'GET', '/articles/gen_AAAAAAAAAAAAAAAAAAAAAA');
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('identifier_kind_mismatch');
    expect(res.body.error.message).toContain('generation task id');
    expect(res.body.error.message).toContain('GET /api/openapi/v1/articles/generate/gen_AAAAAAAAAAAAAAAAAAAAAA');
    expect((await v1(t.app, user, 'GET', '/articles/bat_x')).body.error.message).toContain('/publish/bat_x');
    expect((await v1(t.app, user, 'GET', '/articles/17')).body.error.message).toContain('account id');
  });

  it('an unknown article id is 404 article_not_found; bad paging is 400', async () => {
    expect(await v1(t.app, user, 'GET', '/articles/art_nope')).toMatchObject({ status: 404, body: { error: { code: 'article_not_found' } } });
    for (const q of ['page=0', 'page_size=0', 'page_size=101', 'page=abc']) {
      expect(await v1(t.app, user, 'GET', `/articles?${q}`), q).toMatchObject({ status: 400, body: { error: { code: 'invalid_request' } } });
    }
  });
});

describe('auth', () => {
  const routes: Array<['GET' | 'POST', string, unknown?]> = [
    ['POST', '/articles', article()],
    ['GET', '/articles'],
    ['GET', '/articles/art_x'],
  ];

  it('every article route refuses a missing or unknown key with 401', async () => {
    for (const [method, path, body] of routes) {
      expect(await v1(t.app, null, method, path, body), `${method} ${path}`).toMatchObject({ status: 401, body: { error: { code: 'unauthorized' } } });
      expect((await v1(t.app, null, method, path, body, { authorization: `Bearer plm_${'z'.repeat(43)}` })).status).toBe(401);
    }
  });

  it('import needs articles:write; reading needs only a valid key', async () => {
    const reader = await createUser(t.app, t.adminHeaders, { permissions: ['accounts:read'] });
    expect(await v1(t.app, reader, 'POST', '/articles', article())).toMatchObject({ status: 403, body: { error: { code: 'permission_denied' } } });
    expect(await articleCount(reader.id)).toBe(0);
    expect((await v1(t.app, reader, 'GET', '/articles')).status).toBe(200);
    const keyOnly = await createUser(t.app, t.adminHeaders, { keyPermissions: ['publish'] });
    expect((await v1(t.app, keyOnly, 'POST', '/articles', article())).body.error.code).toBe('permission_denied');
  });

  it("another user's article is 404, never 403, and never listed", async () => {
    const owner = await createUser(t.app, t.adminHeaders);
    const stranger = await createUser(t.app, t.adminHeaders);
    const created = await v1(t.app, owner, 'POST', '/articles', article());
    expect(await v1(t.app, stranger, 'GET', `/articles/${created.body.article_id}`)).toMatchObject({
      status: 404,
      body: { error: { code: 'article_not_found' } },
    });
    expect((await v1(t.app, stranger, 'GET', '/articles')).body.total).toBe(0);
  });
});

describe('document', () => {
  it('lists the article routes with summaries and response schemas', async () => {
    const doc = (await v1(t.app, null, 'GET', '/openapi.json')).body;
    const paths = doc.paths as Record<string, Record<string, { summary?: string; responses: Record<string, unknown> }>>;
    for (const [path, method, status] of [
      ['/api/openapi/v1/articles', 'post', '201'],
      ['/api/openapi/v1/articles', 'get', '200'],
      ['/api/openapi/v1/articles/{article_id}', 'get', '200'],
    ] as const) {
      expect(paths[path]?.[method]?.summary, `${method} ${path}`).toBeTruthy();
      expect(paths[path]![method]!.responses[status]).toBeTruthy();
      expect(paths[path]![method]!.responses['401']).toBeTruthy();
    }
  });
});

describe('the committed-article cache', () => {
  const row = (id: string, userId: number) => ({
    id,
    userId,
    title: 'Cached',
    content: 'Body',
    coverImage: null,
    contentProvenance: 'human' as const,
    aiProvider: null,
    aiModel: null,
    aiImageCount: 0,
    aigc: { label_required: false, display_label: '', applies_to: { text: false, images: false } },
    source: 'import' as const,
    createdAt: new Date(),
  });

  it('never serves a row a rolled-back transaction read, and never to another user', async () => {
    const db = t.db.database.db;
    const other = await createUser(t.app, t.adminHeaders);
    const id = 'art_rolledbackrolledback00';
    await expect(
      db.transaction(async (tx) => {
        await articlesRepository.insert(tx, row(id, user.id));
        expect(await articlesRepository.get(tx, user.id, id)).toMatchObject({ id });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await articlesRepository.get(db, user.id, id)).toBeNull();

    const kept = 'art_committedcommitted0000';
    await articlesRepository.insert(db, row(kept, user.id));
    expect(await articlesRepository.get(db, user.id, kept)).toMatchObject({ id: kept, title: 'Cached' });
    // Cached now: the owner gets it again, another user still does not.
    expect(await articlesRepository.get(db, user.id, kept)).toMatchObject({ id: kept });
    expect(await articlesRepository.get(db, other.id, kept)).toBeNull();
  });
});
