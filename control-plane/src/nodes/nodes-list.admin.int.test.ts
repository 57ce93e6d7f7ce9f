/**
 * GET /api/admin/nodes paged and filtered: without paging the whole list
 * (what the CLI reads), with page and pageSize one page and the count of all
 * matches, kind and status filters, and the refusals of bad paging.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminClient, adminClient } from '../testing/admin-client.js';
import { createTestApp, type TestApp } from '../testing/app.js';
import { createUser, type TestUser } from '../testing/openapi.js';
import { createNode, type Fixtures, fixturesOf } from '../testing/publish.js';

let t: TestApp;
let f: Fixtures;
let admin: AdminClient;
let user: TestUser;
const edges: string[] = [];
let web: string;

beforeAll(async () => {
  t = await createTestApp();
  f = fixturesOf(t);
  admin = adminClient(t);
  user = await createUser(t.app, t.adminHeaders);
  for (let i = 0; i < 5; i++) edges.push(await createNode(f, { userIds: [user.id], name: `edge-${i}` }));
  web = await createNode(f, { kind: 'web', userIds: [user.id], name: 'web-0' });
  expect((await admin.post(`/api/admin/nodes/${edges[4]}/drain`)).status).toBe(200);
}, 60_000);
afterAll(async () => t?.close());

const ids = (body: { items: Array<{ id: string }> }) => body.items.map((n) => n.id);

describe('happy path', () => {
  it('answers every node, oldest first, when no page is asked for', async () => {
    const res = await admin.get('/api/admin/nodes');
    expect(res.status).toBe(200);
    expect(ids(res.body)).toEqual([...edges, web]);
    expect(res.body.total).toBe(6);
  });

  it('answers one page and the count of every match', async () => {
    const first = await admin.get('/api/admin/nodes', { page: 1, pageSize: 4 });
    expect(ids(first.body)).toEqual(edges.slice(0, 4));
    expect(first.body.total).toBe(6);
    const second = await admin.get('/api/admin/nodes', { page: 2, pageSize: 4 });
    expect(ids(second.body)).toEqual([edges[4], web]);
    expect(second.body.total).toBe(6);
    expect((await admin.get('/api/admin/nodes', { page: 3, pageSize: 4 })).body).toMatchObject({ items: [], total: 6 });
  });

  it('filters by kind and by status, and counts what the filter keeps', async () => {
    const webOnly = await admin.get('/api/admin/nodes', { kind: 'web', page: 1, pageSize: 10 });
    expect(webOnly.body).toMatchObject({ items: [{ id: web, kind: 'web' }], total: 1 });
    const draining = await admin.get('/api/admin/nodes', { status: 'draining', kind: 'edge', pageSize: 1 });
    expect(draining.body).toMatchObject({ items: [{ id: edges[4], status: 'draining' }], total: 1 });
    const active = await admin.get('/api/admin/nodes', { status: 'active', page: 1, pageSize: 2 });
    expect(active.body.total).toBe(5);
    expect(ids(active.body)).toEqual(edges.slice(0, 2));
  });
});

describe('errors', () => {
  it.each([
    [{ page: 0, pageSize: 10 }, 'page'],
    [{ page: 1, pageSize: 501 }, 'pageSize'],
    [{ page: 'x' }, 'page'],
    [{ kind: 'server' }, 'kind'],
  ])('refuses %o with the admin envelope', async (query, field) => {
    const res = await admin.get('/api/admin/nodes', query as Record<string, string | number>);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false });
    expect(JSON.stringify(res.body)).toContain(field);
    expect(res.headers['x-request-id']).toBeTruthy();
  });
});
