import { createPrivateKey, sign as nodeSign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { publicKeyFromSecret, sign, verify } from './ed25519.js';
import { fromBase64Url, sha256Hex, toBase64Url, utf8 } from './encoding.js';
import {
  decodeControlMessage,
  decodeNodeMessage,
  NODE_HEADERS,
  NODE_PROTOCOL_VECTORS as V,
  nodeConnectMessage,
  nodeEnrollMessage,
  nodeIdentityMessage,
  signedNodeHeaders,
} from './node-protocol.js';

const seed = fromBase64Url(V.secretKey)!;
const opensslSign = (message: string) =>
  nodeSign(
    null,
    Buffer.from(message, 'utf8'),
    createPrivateKey({ key: Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), Buffer.from(seed)]), format: 'der', type: 'pkcs8' }),
  ).toString('base64url');

describe('happy path', () => {
  it('the vector key is the license vectors\' device key', async () => {
    expect(toBase64Url(await publicKeyFromSecret(seed))).toBe(V.publicKey);
  });

  it('connect known answer: six lines, noble and OpenSSL sign it identically', async () => {
    const message = nodeConnectMessage(V.connect.input);
    expect(message).toBe(V.connect.message);
    expect(message.split('\n')).toHaveLength(6);
    expect(toBase64Url(await sign(utf8(message), seed))).toBe(V.connect.signature);
    expect(opensslSign(message)).toBe(V.connect.signature);
  });

  it('enroll known answer: the token is signed only as its SHA-256', async () => {
    expect(sha256Hex(V.enroll.token)).toBe(V.enroll.input.tokenSha256);
    const message = nodeEnrollMessage(V.enroll.input);
    expect(message).toBe(V.enroll.message);
    expect(message).not.toContain(V.enroll.token);
    expect(toBase64Url(await sign(utf8(message), seed))).toBe(V.enroll.signature);
    expect(opensslSign(message)).toBe(V.enroll.signature);
  });

  it('signedNodeHeaders signs the connect text with a fresh nonce each call', async () => {
    const a = await signedNodeHeaders({ nodeId: 'node_x', secretKey: seed, nowMs: 1_767_225_600_000 });
    const b = await signedNodeHeaders({ nodeId: 'node_x', secretKey: seed, nowMs: 1_767_225_600_000 });
    expect(a[NODE_HEADERS.timestamp]).toBe('1767225600');
    expect(a[NODE_HEADERS.nonce]).not.toBe(b[NODE_HEADERS.nonce]);
    const text = nodeConnectMessage({ nodeId: 'node_x', timestamp: '1767225600', nonce: a[NODE_HEADERS.nonce]! });
    expect(await verify(fromBase64Url(a[NODE_HEADERS.signature]!)!, utf8(text), fromBase64Url(V.publicKey)!)).toBe(true);
  });

  it('a connect signature does not verify as an identity request', async () => {
    const sig = fromBase64Url(V.connect.signature)!;
    expect(await verify(sig, utf8(nodeIdentityMessage(V.connect.input)), fromBase64Url(V.publicKey)!)).toBe(false);
  });

  it('decodes every message type of both catalogs', () => {
    const node = [
      { type: 'hello', v: 1, nodeId: 'node_a', capabilities: { localVideoFile: 1, publishSettingsSnapshot: 1, concurrency: 2, platforms: ['douyin'] }, accounts: [], activeJobs: [] },
      { type: 'heartbeat', activeJobs: [{ jobId: 'job_1', attemptId: 'att_1', phase: 'running' }] },
      { type: 'accept', jobId: 'job_1', attemptId: 'att_1' },
      { type: 'reject', jobId: 'job_1', attemptId: 'att_1', reason: 'busy' },
      { type: 'commit', jobId: 'job_1', attemptId: 'att_1' },
      { type: 'progress', msgId: 'm1', jobId: 'job_1', attemptId: 'att_1', seq: 3, step: 'upload', bytesSent: 10, bytesTotal: 20 },
      { type: 'result', msgId: 'm2', jobId: 'job_1', attemptId: 'att_1', outcome: 'succeeded', postId: 'p1' },
      { type: 'verify_result', msgId: 'm3', jobId: 'job_1', attemptId: 'att_1', found: false },
      { type: 'accounts', accounts: [{ externalRef: 'acc-1', platform: 'douyin', displayName: 'A', loginState: 'logged_in' }] },
      { type: 'inventory', files: [{ path: '/v/1/a.mp4', size: 1, mtime: 2 }], truncated: false },
      { type: 'bye' },
    ];
    for (const m of node) expect(decodeNodeMessage(JSON.stringify(m))).toEqual({ ok: true, message: m });
    const control = [
      { type: 'welcome', v: 1, epoch: 3, leaseMs: 120000, heartbeatMs: 20000, serverTime: 1 },
      { type: 'offer', jobId: 'job_1', attemptId: 'att_1', platform: 'douyin', contentType: 'video', deadline: 5 },
      { type: 'commit_ack', jobId: 'job_1', attemptId: 'att_1', ok: false, reason: 'lease' },
      { type: 'ack', msgIds: ['m1'] },
      { type: 'cancel', jobId: 'job_1', attemptId: 'att_1' },
      { type: 'drain' },
      { type: 'error', code: 'x', message: 'y' },
    ];
    for (const m of control) expect(decodeControlMessage(Buffer.from(JSON.stringify(m)))).toEqual({ ok: true, message: m });
  });

  it('a start carries the publish\'s request id when the control plane sends one, and parses without it', () => {
    const job = {
      userId: 7,
      platform: 'douyin',
      contentType: 'video',
      account: { id: 1, externalRef: 'acc-1', displayName: 'A' },
      payload: {},
      settings: {},
      settingsHash: 'h',
      settingsContractVersion: 'v',
      createdAt: '2026-01-01T00:00:00.000Z',
    };
    const start = { type: 'start', jobId: 'job_1', attemptId: 'att_1', leaseUntil: 9 };
    const withId = decodeControlMessage(JSON.stringify({ ...start, job: { ...job, requestId: 'req_abc' } }));
    expect(withId.ok && withId.message.type === 'start' && withId.message.job.requestId).toBe('req_abc');
    // From a control plane that predates the field.
    const without = decodeControlMessage(JSON.stringify({ ...start, job }));
    expect(without).toEqual({ ok: true, message: { ...start, job } });
  });
});

describe('errors', () => {
  it.each([
    ['not JSON', '{nope', 'message is not JSON'],
    ['unknown type', '{"type":"launch_missiles"}', 'unknown message type'],
    ['no type', '[1,2]', 'unknown message type'],
    ['bad field', '{"type":"accept","jobId":"job_1","attemptId":"nope"}', 'invalid accept at attemptId'],
    ['invalid UTF-8', Buffer.from([0xff, 0xfe]), 'message is not UTF-8 text'],
  ])('%s is refused with a reason', (_name, raw, reason) => {
    const decoded = decodeNodeMessage(raw as string);
    expect(decoded.ok).toBe(false);
    if (!decoded.ok) {
      expect(decoded.reason).toContain(reason);
      expect(Buffer.byteLength(decoded.reason)).toBeLessThanOrEqual(123);
    }
  });

  it('a hello may carry (platform × content type) adapters; one without them (an older node) still decodes', () => {
    const caps = { localVideoFile: 1, publishSettingsSnapshot: 1, concurrency: 1, platforms: ['bilibili'] };
    const hello = (capabilities: object) => JSON.stringify({ type: 'hello', v: 1, nodeId: 'node_a', capabilities, accounts: [], activeJobs: [] });
    const adapters = [{ platform: 'bilibili', contentTypes: ['video'], settings: ['partitionName', 'tags'] }];
    expect(decodeNodeMessage(hello({ ...caps, adapters }))).toMatchObject({ ok: true, message: { capabilities: { adapters } } });
    const older = decodeNodeMessage(hello(caps));
    expect(older.ok && older.message.type === 'hello' && older.message.capabilities.adapters).toBe(undefined);
    const bad = decodeNodeMessage(hello({ ...caps, adapters: [{ platform: 'bilibili', contentTypes: ['podcast'], settings: [] }] }));
    expect(bad).toMatchObject({ ok: false, reason: expect.stringContaining('invalid hello at capabilities.adapters.0.contentTypes.0') });
    expect(decodeNodeMessage(hello({ ...caps, adapters: [{ platform: 'bilibili', contentTypes: [], settings: [] }] })).ok).toBe(false);
  });

  it('a node message is not a control message and vice versa', () => {
    expect(decodeControlMessage('{"type":"hello"}').ok).toBe(false);
    expect(decodeNodeMessage('{"type":"drain"}').ok).toBe(false);
  });
});
