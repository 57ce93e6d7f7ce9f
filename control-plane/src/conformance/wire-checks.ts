/**
 * Checks judged from what the proxy recorded, with no scenario of their own:
 * the enroll request (or a desktop's activation), every connect handshake, every message against the
 * published JSON Schemas, and the heartbeat rhythm.
 */
import {
  enrollMessage,
  enrollRequestSchema,
  fromBase64Url,
  LICENSE_PATHS,
  nodeConnectMessage,
  nodeEnrollMessage,
  nodeProtocolJsonSchemas,
  NODE_HEADERS,
  NODE_PATHS,
  publicKeyFromSecret,
  sha256Hex,
  utf8,
  verify,
} from '@plume/shared';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { Fail } from './context.js';
import type { ConformanceProxy, Frame, ProxiedSession } from './proxy.js';

const ENROLL_FIELDS = new Set(['token', 'publicKey', 'machineId', 'fingerprint', 'name', 'proof']);
/** The license v2 enroll request a desktop activates with (shared/src/license/wire.ts). */
const LICENSE_ENROLL_FIELDS = new Set(Object.keys(enrollRequestSchema.shape));
/** The control plane's accepted clock skew (nodes/timers.ts skewSeconds). */
const SKEW_SECONDS = 300;

const schemas = nodeProtocolJsonSchemas();
const ajv = new Ajv2020({ allErrors: false, strict: false });
const validateNodeMessage = ajv.compile(schemas['node-to-control-plane.schema.json'] as object);

/** The first schema error of `message`, or null when the published schema accepts it. */
export function schemaError(message: unknown): string | null {
  if (validateNodeMessage(message)) return null;
  const e = validateNodeMessage.errors?.[0];
  return e ? `${e.instancePath || '(message)'} ${e.message ?? 'is invalid'}` : 'invalid';
}

/** Byte strings a text could be: base64url, base64 or hex. */
function decodings(text: string): Uint8Array[] {
  const out: Uint8Array[] = [];
  const b64 = fromBase64Url(text.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''));
  if (b64) out.push(b64);
  if (/^[0-9a-fA-F]+$/.test(text) && text.length % 2 === 0) out.push(Uint8Array.from(Buffer.from(text, 'hex')));
  return out;
}

function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

/** Fails when any string in `body` decodes to the private key of `publicKey`. */
async function expectNoPrivateKey(body: unknown, publicKey: Uint8Array, what: string): Promise<void> {
  // A 32-byte seed (or a 64-byte seed+public key) whose public key is the node's is the private key.
  const pub = Buffer.from(publicKey).toString('hex');
  for (const text of strings(body)) {
    for (const bytes of decodings(text)) {
      if (bytes.length !== 32 && bytes.length !== 64) continue;
      const derived = await publicKeyFromSecret(bytes.subarray(0, 32)).catch(() => null);
      if (derived && Buffer.from(derived).toString('hex') === pub) throw new Fail(`${what} carries the private key`);
    }
  }
}

/** enroll.private-key-stays-local: the request carries the documented fields, a public key, a valid proof, and no secret. */
export async function judgeEnrollment(proxy: ConformanceProxy): Promise<{ publicKey: string; nodeId: string; detail: string }> {
  const enrolled = proxy.enrollments.find((e) => e.path === NODE_PATHS.enroll && e.status === 201);
  if (!enrolled) throw new Fail('the executor never enrolled successfully through the kit');
  const body = enrolled.body as Record<string, unknown>;
  const extra = Object.keys(body).filter((k) => !ENROLL_FIELDS.has(k));
  if (extra.length) throw new Fail(`the enroll request carries fields outside the protocol: ${extra.join(', ')}`);
  const publicKey = fromBase64Url(String(body.publicKey ?? ''));
  if (publicKey?.length !== 32) throw new Fail('publicKey is not a base64url 32-byte Ed25519 key');
  const proof = fromBase64Url(String(body.proof ?? ''));
  const message = nodeEnrollMessage({ tokenSha256: sha256Hex(String(body.token)), publicKey: String(body.publicKey), machineId: String(body.machineId) });
  if (!proof || !(await verify(proof, utf8(message), publicKey))) throw new Fail('the enroll proof does not verify with the public key over PLUME-NODE-V1-ENROLL');
  await expectNoPrivateKey(body, publicKey, 'the enroll request');
  const answer = enrolled.answer as { nodeId?: string };
  return { publicKey: String(body.publicKey), nodeId: String(answer.nodeId ?? ''), detail: 'only the public key and a valid proof were sent' };
}

/**
 * enroll.private-key-stays-local for a desktop: it joins by activating (license v2 enroll with its
 * code), and its device key becomes the node key, so the same holds of that request: the documented
 * fields, a 32-byte device public key, a proof over LICENSE-V2-ENROLL that verifies, no secret.
 */
export async function judgeActivation(proxy: ConformanceProxy): Promise<string> {
  const activated = proxy.enrollments.find((e) => e.path === LICENSE_PATHS.enroll && e.status === 200);
  if (!activated) throw new Fail('the desktop never activated successfully through the kit');
  const body = activated.body as Record<string, unknown>;
  const extra = Object.keys(body).filter((k) => !LICENSE_ENROLL_FIELDS.has(k));
  if (extra.length) throw new Fail(`the activation request carries fields outside the license v2 enroll: ${extra.join(', ')}`);
  const publicKey = fromBase64Url(String(body.devicePublicKey ?? ''));
  if (publicKey?.length !== 32) throw new Fail('devicePublicKey is not a base64url 32-byte Ed25519 key');
  const proof = fromBase64Url(String(body.deviceSignature ?? ''));
  const message = enrollMessage({
    projectKey: typeof body.projectKey === 'string' ? body.projectKey : 'default',
    code: String(body.code),
    machineId: String(body.machineId),
    fingerprintHash: String(body.fingerprintHash ?? ''),
    devicePublicKey: String(body.devicePublicKey),
    appVersion: typeof body.appVersion === 'string' ? body.appVersion : '',
  });
  if (!proof || !(await verify(proof, utf8(message), publicKey))) throw new Fail('the activation proof does not verify with the device public key over LICENSE-V2-ENROLL');
  await expectNoPrivateKey(body, publicKey, 'the activation request');
  const nodeId = String((activated.answer as { nodeId?: string } | null)?.nodeId ?? '');
  return `activated with the code (license v2 enroll): only the device public key and a valid proof were sent; the answer named node ${nodeId}`;
}

/** connect.handshake-signature: every connect attempt is signed by the enrolled key, fresh, with a nonce never used before. */
export async function judgeHandshakes(proxy: ConformanceProxy, nodeId: string, publicKey: string): Promise<string> {
  const key = fromBase64Url(publicKey)!;
  const nonces = new Set<string>();
  if (proxy.handshakes.length === 0) throw new Fail('no connect handshake was seen');
  for (const [i, h] of proxy.handshakes.entries()) {
    const n = `handshake ${i + 1}`;
    const id = h.headers[NODE_HEADERS.nodeId];
    const timestamp = h.headers[NODE_HEADERS.timestamp];
    const nonce = h.headers[NODE_HEADERS.nonce];
    const signature = fromBase64Url(h.headers[NODE_HEADERS.signature] ?? '');
    if (!id || !timestamp || !nonce || !signature) throw new Fail(`${n} lacks one of the four X-Plume-* headers`);
    if (id !== nodeId) throw new Fail(`${n} names node ${id}, not the enrolled ${nodeId}`);
    if (!/^\d+$/.test(timestamp) || Math.abs(Number(timestamp) - h.at / 1000) > SKEW_SECONDS) throw new Fail(`${n}: X-Plume-Timestamp ${timestamp} is not within ±${SKEW_SECONDS} s`);
    if (!/^[A-Za-z0-9_-]+$/.test(nonce) || nonces.has(nonce)) throw new Fail(`${n}: the nonce is malformed or was used before`);
    nonces.add(nonce);
    if (!(await verify(signature, utf8(nodeConnectMessage({ nodeId: id, timestamp, nonce })), key))) throw new Fail(`${n}: the signature does not verify with the enrolled key`);
  }
  return `${proxy.handshakes.length} handshake(s), each signed by the enrolled key with a fresh nonce`;
}

/** messages.schema: everything the executor sent is a JSON text message the published schema accepts. */
export function judgeMessages(frames: readonly Frame[]): string {
  const sent = frames.filter((f) => f.direction === 'to_control_plane' && f.origin === 'peer');
  for (const f of sent) {
    if (f.message === null) throw new Fail(`a message is not JSON: ${f.raw.slice(0, 80)}`);
    const error = schemaError(f.message);
    if (error) throw new Fail(`a ${String(f.message.type)} message does not validate: ${error}`);
  }
  return `${sent.length} messages, all valid per node-to-control-plane.schema.json`;
}

/** heartbeat.interval: after hello, a heartbeat at least every heartbeatMs (with slack for a loaded machine). */
export function judgeHeartbeats(frames: readonly Frame[], sessions: readonly ProxiedSession[], heartbeatMs: number, now: number): string {
  const limit = heartbeatMs * 1.5 + 1000;
  let beats = 0;
  let worst = 0;
  for (const s of sessions) {
    const mine = frames.filter((f) => f.session === s && f.direction === 'to_control_plane');
    const hello = mine.find((f) => f.message?.type === 'hello');
    if (!hello) continue;
    const times = [hello.at, ...mine.filter((f) => f.message?.type === 'heartbeat').map((f) => f.at)];
    const end = s.closed ? null : now;
    beats += times.length - 1;
    for (let i = 1; i < times.length; i++) worst = Math.max(worst, times[i]! - times[i - 1]!);
    if (end !== null) worst = Math.max(worst, end - times[times.length - 1]!);
    if (worst > limit) throw new Fail(`${worst} ms without a heartbeat on session ${s.id} (heartbeatMs ${heartbeatMs}; at most ${limit} accepted)`);
  }
  if (beats < 3) throw new Fail(`only ${beats} heartbeat(s) in the whole run`);
  return `${beats} heartbeats, longest gap ${worst} ms (heartbeatMs ${heartbeatMs})`;
}
