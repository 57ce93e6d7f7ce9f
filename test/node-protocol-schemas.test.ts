/**
 * The node protocol's published JSON Schemas (docs/node-protocol/) are what
 * the zod catalogs produce, and a JSON Schema validator judges messages as the
 * catalogs do: one valid example of every message type in both directions is
 * accepted by both, and broken variants are refused by both.
 */
import { readFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { controlMessageSchema, nodeMessageSchema, nodeProtocolJsonSchemas } from '../shared/src/index.js';

const generated = nodeProtocolJsonSchemas();
const committed = (name: keyof typeof generated) => JSON.parse(readFileSync(new URL(`../docs/node-protocol/${name}`, import.meta.url), 'utf8')) as unknown;

const ref = { jobId: 'job_1', attemptId: 'att_1' };
const spec = {
  userId: 7,
  platform: 'bilibili',
  contentType: 'video',
  account: { id: 3, externalRef: '30010077', displayName: 'Lab' },
  payload: { title: 't', localVideoPath: '/srv/videos/7/a.mp4' },
  settings: { partitionName: '知识' },
  settingsHash: 'sha256:abc',
  settingsContractVersion: '2026-11-29',
  createdAt: '2026-11-24T00:00:00.000Z',
};
const account = { externalRef: '30010077', platform: 'bilibili', displayName: 'Lab', loginState: 'logged_in' };
/** A browser's state as Playwright exports it (a web node's account). */
const storageState = {
  cookies: [{ name: 'SESSDATA', value: 'v', domain: '.bilibili.com', path: '/', expires: 1790000000, httpOnly: true, secure: true, sameSite: 'Lax' }],
  origins: [{ origin: 'https://member.bilibili.com', localStorage: [{ name: 'k', value: 'v' }] }],
};

/** One valid message of every type, node → control plane. */
const NODE_EXAMPLES: Record<string, unknown> = {
  hello: {
    type: 'hello',
    v: 1,
    nodeId: 'node_1',
    capabilities: {
      localVideoFile: 1,
      publishSettingsSnapshot: 1,
      concurrency: 2,
      platforms: ['bilibili'],
      adapters: [{ platform: 'bilibili', contentTypes: ['video'], settings: ['partitionName'] }],
    },
    accounts: [account],
    activeJobs: [{ ...ref, phase: 'running' }],
  },
  heartbeat: { type: 'heartbeat', activeJobs: [] },
  accept: { type: 'accept', ...ref },
  reject: { type: 'reject', ...ref, reason: 'draining' },
  commit: { type: 'commit', ...ref },
  progress: { type: 'progress', msgId: 'm1', ...ref, seq: 0, step: 'upload', bytesSent: 10, bytesTotal: 100 },
  result: { type: 'result', msgId: 'm2', ...ref, outcome: 'succeeded', postId: 'BV1', url: 'https://www.bilibili.com/video/BV1' },
  verify_result: { type: 'verify_result', msgId: 'm3', ...ref, found: false },
  accounts: { type: 'accounts', accounts: [account] },
  site_checks: {
    type: 'site_checks',
    checks: [{ platform: 'bilibili', contentType: 'video', status: 'failed', checkedAt: '2026-11-24T00:00:00.000Z', step: 'fill', code: 'editor_changed', message: 'title field missing' }],
  },
  inventory: { type: 'inventory', files: [{ path: '/srv/videos/7/a.mp4', size: 1, mtime: 0 }], truncated: false },
  storage_state: { type: 'storage_state', externalRef: '30010077', userId: 7, state: storageState },
  login_frame: { type: 'login_frame', loginId: 'lgn_1', seq: 0, jpeg: '/9j/4AAQ', width: 1024, height: 768 },
  login_event: { type: 'login_event', loginId: 'lgn_1', event: { type: 'qr', text: 'https://passport.weibo.com/qr/1', purpose: 'login', shown: 1 } },
  challenge: { type: 'challenge', msgId: 'm4', ...ref, kind: 'sms', step: 'publish', message: '请输入短信验证码', screenshotPng: 'iVBORw0KGgo' },
  challenge_cleared: { type: 'challenge_cleared', msgId: 'm5', ...ref, step: 'publish' },
  job_frame: { type: 'job_frame', ...ref, seq: 0, jpeg: '/9j/4AAQ', width: 1024, height: 768 },
  bye: { type: 'bye', reason: 'shutdown' },
};

/** One valid message of every type, control plane → node. */
const CONTROL_EXAMPLES: Record<string, unknown> = {
  welcome: { type: 'welcome', v: 1, epoch: 3, leaseMs: 120000, heartbeatMs: 20000, serverTime: 1 },
  offer: { type: 'offer', ...ref, platform: 'bilibili', contentType: 'video', deadline: 1 },
  start: { type: 'start', ...ref, job: spec, leaseUntil: 1 },
  commit_ack: { type: 'commit_ack', ...ref, ok: true },
  ack: { type: 'ack', msgIds: ['m1'] },
  cancel: { type: 'cancel', ...ref },
  verify: { type: 'verify', ...ref, job: spec },
  drain: { type: 'drain' },
  account_state: { type: 'account_state', account: { externalRef: '30010077', platform: 'bilibili', displayName: 'Lab', userId: 7 }, state: storageState },
  login_open: { type: 'login_open', loginId: 'lgn_1', platform: 'weibo', userId: 7, timeoutMs: 600000 },
  login_input: { type: 'login_input', loginId: 'lgn_1', input: { type: 'sms', code: '123456' } },
  login_cancel: { type: 'login_cancel', loginId: 'lgn_1', reason: 'timeout' },
  job_input: { type: 'job_input', ...ref, input: { type: 'click', x: 10, y: 20 } },
  error: { type: 'error', code: 'bad', message: 'm' },
};

/** Variants of a valid message that both the catalog and the schema must refuse. */
function broken(example: Record<string, unknown>): Array<[string, unknown]> {
  const out: Array<[string, unknown]> = [['unknown type', { ...example, type: 'no_such_message' }]];
  for (const key of Object.keys(example)) {
    if (key === 'type') continue;
    const { [key]: _dropped, ...rest } = example;
    const optional = (catalog: typeof nodeMessageSchema | typeof controlMessageSchema) => catalog.safeParse(rest).success;
    if (!optional(nodeMessageSchema) && !optional(controlMessageSchema)) out.push([`without ${key}`, rest]);
    out.push([`${key} of the wrong type`, { ...example, [key]: typeof example[key] === 'string' ? 12 : 'text' }]);
  }
  return out;
}

const ajv = new Ajv2020({ strict: false, allErrors: true });

describe.each([
  ['node-to-control-plane.schema.json', nodeMessageSchema, NODE_EXAMPLES],
  ['control-plane-to-node.schema.json', controlMessageSchema, CONTROL_EXAMPLES],
] as const)('%s', (name, catalog, examples) => {
  const validate = ajv.compile(generated[name]);

  it('is committed as generated (run `npm run protocol:schemas` after changing a message)', () => {
    expect(committed(name)).toEqual(generated[name]);
  });

  it('has an example of every message type of the catalog', () => {
    const types = catalog.options.map((o) => (o.shape.type as { value: string }).value).sort();
    expect(Object.keys(examples).sort()).toEqual(types);
  });

  it.each(Object.entries(examples))('accepts a valid %s, as the catalog does', (_type, message) => {
    expect(catalog.safeParse(message).success).toBe(true);
    expect(validate(message), JSON.stringify(validate.errors)).toBe(true);
  });

  it('refuses what the catalog refuses', () => {
    for (const example of Object.values(examples)) {
      for (const [what, message] of broken(example as Record<string, unknown>)) {
        const zod = catalog.safeParse(message).success;
        expect({ what, schema: validate(message) }).toEqual({ what, schema: zod });
      }
    }
  });
});
