/**
 * What a node says it runs reaches the Open API: a node (here a desktop
 * node, as the Windows app connects) enrolls, connects over a real
 * WebSocket and reports its adapters in its hello; GET /accounts,
 * GET /execution-nodes and preflight answer from that report. The same node
 * reconnecting with a report that predates (platform × content type) pairs
 * is promised nothing until it reports them again.
 */
import { randomBytes } from 'node:crypto';
import { nodeEnrollMessage, sha256Hex } from '@plume/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateEd25519, signEd25519 } from '../control-plane/src/crypto/ed25519.js';
import { FakeNode, type FakeNodeIdentity } from '../control-plane/src/nodes/testing/fake-node.js';
import { createTestApp, type TestApp } from '../control-plane/src/testing/app.js';
import { eventually } from '../control-plane/src/testing/eventually.js';
import { createUser, type TestUser, v1 } from '../control-plane/src/testing/openapi.js';

let t: TestApp;
let url: string;
let user: TestUser;
let node: FakeNodeIdentity;

async function enroll(kind: 'edge' | 'desktop'): Promise<FakeNodeIdentity> {
  const token = await t.app.inject({ method: 'POST', url: '/api/admin/nodes/enrollment-tokens', headers: t.adminHeaders, payload: { kind, userIds: [user.id], name: `${kind} node` } });
  expect(token.statusCode).toBe(201);
  const key = generateEd25519();
  const machineId = `m-${randomBytes(4).toString('hex')}`;
  const secret = token.json().token as string;
  const proof = signEd25519(key.privateKey, nodeEnrollMessage({ tokenSha256: sha256Hex(secret), publicKey: key.publicKey, machineId }));
  const res = await t.app.inject({ method: 'POST', url: '/api/nodes/v1/enroll', payload: { token: secret, publicKey: key.publicKey, machineId, fingerprint: 'fp', proof } });
  expect(res.statusCode, res.body).toBe(201);
  return { nodeId: res.json().nodeId as string, secretKey: key.privateKey };
}

const BASE = { localVideoFile: 1, publishSettingsSnapshot: 1, concurrency: 1, platforms: ['youtube', 'zhihu'], videoDir: 'C:\\Users\\op\\Videos\\Plume' };
const ADAPTERS = [
  { platform: 'youtube', contentTypes: ['video' as const], settings: ['privacyStatus', 'madeForKids', 'tags', 'description', 'coverMode'] },
  { platform: 'zhihu', contentTypes: ['article' as const], settings: ['tags', 'column'] },
];
const ACCOUNTS = [
  { externalRef: 'yt-main', platform: 'youtube', displayName: 'Channel', loginState: 'logged_in' as const },
  { externalRef: 'zh-main', platform: 'zhihu', displayName: 'Zhihu', loginState: 'logged_in' as const },
];

async function connect(capabilities: Record<string, unknown>): Promise<FakeNode> {
  const fake = await FakeNode.connect(url, node);
  await fake.hello(node.nodeId, { capabilities: capabilities as never, accounts: ACCOUNTS });
  return fake;
}

const accounts = async (type: string) =>
  new Map<string, Record<string, any>>((await v1(t.app, user, 'GET', `/accounts?contentType=${type}`)).body.accounts.map((a: { platform: string }) => [a.platform, a]));

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  user = await createUser(t.app, t.adminHeaders);
  node = await enroll('desktop');
});
afterAll(async () => t?.close());

describe('happy path', () => {
  it("a node's hello decides what its accounts can publish, and what preflight reports as ignored", async () => {
    const fake = await connect({ ...BASE, adapters: ADAPTERS });
    await eventually(async () => (await accounts('video')).get('youtube')?.publishable, { interval: 50 }).toBe(true);
    const article = await accounts('article');
    expect(article.get('zhihu')).toMatchObject({ executor: 'desktop', publishable: true });
    // zhihu takes videos in the catalog; this node runs zhihu articles only.
    expect((await accounts('video')).get('zhihu')).toMatchObject({ publishable: false, unpublishable_reasons: ['content_type_unsupported_by_node'] });

    const nodes = (await v1(t.app, user, 'GET', '/execution-nodes')).body.nodes;
    expect(nodes).toEqual([expect.objectContaining({ node_id: node.nodeId, kind: 'desktop', capabilities: expect.objectContaining({ adapters: ADAPTERS }) })]);

    // youtube's adapter on this node does not apply aiLabel: set by the caller, it is reported, not dropped unseen.
    const preflight = await v1(t.app, user, 'POST', '/publish/preflight', {
      contentType: 'video',
      executor: 'desktop',
      accountIds: [(await accounts('video')).get('youtube')!.id],
      title: 'Desk clip',
      localVideoPath: 'C:\\Users\\op\\Videos\\Plume\\clip.mp4',
      platformSettings: { youtube: { madeForKids: false, aiLabel: true } },
    });
    expect(preflight.status, JSON.stringify(preflight.body)).toBe(200);
    expect(preflight.body.targets[0].ignored_settings.map((i: { setting: string }) => i.setting)).toEqual(['aiLabel']);
    await fake.close();
  });
});

describe('errors', () => {
  it('the same node reconnecting with a report that predates the pairs gets nothing routed to it', async () => {
    const fake = await connect(BASE);
    await eventually(async () => (await accounts('video')).get('youtube')?.unpublishable_reasons, { interval: 50 }).toEqual(['node_adapters_unreported']);
    const res = await v1(t.app, user, 'POST', '/publish/video', {
      executor: 'desktop',
      accountIds: [(await accounts('video')).get('youtube')!.id],
      title: 'Desk clip',
      localVideoPath: 'C:\\Users\\op\\Videos\\Plume\\clip.mp4',
      platformSettings: { youtube: { madeForKids: false } },
    });
    expect(res).toMatchObject({ status: 422, body: { error: { code: 'node_adapters_unreported' } } });
    await fake.close();
    const back = await connect({ ...BASE, adapters: ADAPTERS });
    await eventually(async () => (await accounts('video')).get('youtube')?.publishable, { interval: 50 }).toBe(true);
    await back.close();
  });
});
