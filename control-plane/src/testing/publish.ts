/**
 * Publish-side fixtures for Open API tests: nodes (optionally online, as the
 * dispatch hub would mark them) and their accounts seeded in the database as
 * enrollment and the node's report leave them, CMS sites and presets through
 * the admin API, and articles written straight to the table.
 */
import { type AdapterReport, CONTENT_TYPES, fieldsFor, PLATFORMS } from '@plume/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { randomId } from '../crypto/tokens.js';
import { rows } from '../db/client.js';
import type { Db } from '../db/client.js';
import { type NodeCapabilities } from '../nodes/nodes.schema.js';
import { articles } from '../publishing/publishing.schema.js';
import type { TestApp } from './app.js';
import { seedAccount, seedNode } from './node-seeds.js';
import { createUser, type TestUser, type UserSpec } from './openapi.js';

export interface Fixtures {
  app: FastifyInstance;
  db: Db;
  adminHeaders: Record<string, string>;
}

/** Every content platform of the catalog with all its content types, applying every contract field: a node that runs anything. */
export const EVERY_ADAPTER: AdapterReport[] = PLATFORMS.filter((p) => p.category === 'content').map((p) => ({
  platform: p.id,
  contentTypes: [...p.content_types],
  settings: [...new Set(CONTENT_TYPES.flatMap((t) => (fieldsFor(t, p.id) ?? []).map((f) => f.key)))],
}));

export const FULL_CAPABILITIES: NodeCapabilities = { localVideoFile: 1, publishSettingsSnapshot: 1, adapters: EVERY_ADAPTER };

async function admin(f: Fixtures, method: 'POST' | 'GET' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  const res = await f.app.inject({ method, url: `/api/admin${url}`, headers: f.adminHeaders, ...(payload !== undefined ? { payload: payload as object } : {}) });
  return { status: res.statusCode, body: res.json() as Record<string, any> };
}

/** A node as enrollment and the hub leave it (online unless `online: false`): see node-seeds.ts. */
export async function createNode(
  f: Fixtures,
  spec: { kind?: 'edge' | 'desktop' | 'web'; userIds: number[]; allUsers?: boolean; capabilities?: NodeCapabilities; online?: boolean; name?: string },
): Promise<string> {
  const { nodeId } = await seedNode(f.db, { ...spec, capabilities: spec.capabilities ?? FULL_CAPABILITIES });
  return nodeId;
}

/** A platform account as its node's report leaves it (logged in unless said otherwise): see node-seeds.ts. */
export async function createAccount(
  f: Fixtures,
  userId: number,
  spec: { platform: string; executor?: 'web' | 'desktop' | 'edge'; nodeId?: string; loginState?: 'logged_in' | 'logged_out' | 'unknown'; displayName?: string },
): Promise<number> {
  return seedAccount(f.db, { userId, ...spec, nodeId: spec.nodeId ?? null });
}

export async function createCmsSite(f: Fixtures, userId: number, spec: { type?: 'wordpress' | 'metaweblog'; password?: string; siteUrl?: string } = {}): Promise<number> {
  const res = await admin(f, 'POST', `/users/${userId}/cms-sites`, {
    type: spec.type ?? 'wordpress',
    displayName: 'My blog',
    siteUrl: spec.siteUrl ?? 'https://blog.example.test',
    username: 'editor',
    password: spec.password ?? 'abcd efgh ijkl mnop',
  });
  if (res.status !== 201) throw new Error(`CMS site creation failed: ${JSON.stringify(res.body)}`);
  return res.body.account.id as number;
}

export async function putPreset(f: Fixtures, accountId: number, contentType: string, settings: Record<string, unknown>) {
  return admin(f, 'PUT', `/accounts/${accountId}/presets/${contentType}`, { settings });
}

export async function createArticle(f: Fixtures, userId: number, spec: { title?: string; content?: string; coverImage?: string | null } = {}): Promise<string> {
  const id = randomId('art');
  await f.db.insert(articles).values({
    id,
    userId,
    title: spec.title ?? 'A short title',
    content: spec.content ?? '# Heading\n\nBody text.',
    coverImage: spec.coverImage ?? null,
    contentProvenance: 'human',
    aigc: { label_required: false, display_label: '', applies_to: { text: false, images: false } },
    source: 'import',
  });
  return id;
}

export { admin as adminRequest };

export function fixturesOf(t: TestApp): Fixtures {
  return { app: t.app, db: t.db.database.db, adminHeaders: t.adminHeaders };
}

export const VIDEO_ROOT = '/srv/plume/videos';

/**
 * A user with an online edge node (video root reported), an online desktop
 * node, one account on each of several platforms, a CMS site and an article.
 */
export async function publishWorld(t: TestApp, spec: UserSpec = {}) {
  const f = fixturesOf(t);
  const user: TestUser = await createUser(t.app, t.adminHeaders, spec);
  const edge = await createNode(f, { kind: 'edge', userIds: [user.id], capabilities: { ...FULL_CAPABILITIES, videoDir: VIDEO_ROOT } });
  const desktop = await createNode(f, { kind: 'desktop', userIds: [user.id] });
  const onEdge = (platform: string) => createAccount(f, user.id, { platform, nodeId: edge });
  const acc = {
    zhihu: await onEdge('zhihu'),
    csdn: await onEdge('csdn'),
    toutiao: await onEdge('toutiao'),
    bilibili: await onEdge('bilibili'),
    douyin: await onEdge('douyin'),
    weibo: await onEdge('weibo'),
    kuaishou: await onEdge('kuaishou'),
    youtube: await createAccount(f, user.id, { platform: 'youtube', executor: 'desktop', nodeId: desktop }),
    zhihuDesktop: await createAccount(f, user.id, { platform: 'zhihu', executor: 'desktop', nodeId: desktop }),
    wordpress: await createCmsSite(f, user.id),
  };
  const article = await createArticle(f, user.id);
  return { f, user, edge, desktop, acc, article, video: `${VIDEO_ROOT}/${user.id}/clip.mp4`, cover: `${VIDEO_ROOT}/${user.id}/cover.jpg` };
}

/** Batches, jobs and quota use of one user: what "nothing persisted" is checked against. */
export async function persistedState(db: Db, userId: number) {
  const [state] = await rows<{ batches: number; jobs: number; used: Record<string, number> }>(
    db,
    sql`select (select count(*)::int from publish_batches where user_id = ${userId}) as batches,
               (select count(*)::int from publish_jobs where user_id = ${userId}) as jobs,
               (select coalesce(jsonb_object_agg(bucket, used), '{}'::jsonb) from quota_buckets where user_id = ${userId}) as used`,
  );
  return state!;
}
