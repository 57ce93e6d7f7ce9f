/**
 * `plume-edge enroll`: generates the node's Ed25519 key pair in the state
 * directory (the private key never leaves it), proves possession to the
 * control plane with the operator's single-use token, and records the node id.
 */
import { existsSync } from 'node:fs';
import { generateKeyPair, NODE_PATHS, nodeEnrollMessage, sha256Hex, sign, toBase64Url, utf8 } from '@plume/shared';
import { ConfigError } from '../config.js';
import { writeFileDurable } from '../fs-durable.js';
import { ensureStateDir, fingerprint, identityPaths, machineId, type NodeIdentity, saveIdentity, saveKey } from './identity.js';
import { unreachableMessage } from './network-failure.js';

export interface EnrollOptions {
  url: string;
  token: string;
  stateDir: string;
  name?: string;
  force?: boolean;
  fetch?: typeof fetch;
  /** How long the control plane has to answer; a server that accepts and never answers is not one. */
  timeoutMs?: number;
}

/** Thrown when the control plane could not be reached: the message names the URL, the cause and what to check. */
export class ControlPlaneUnreachable extends Error {}

export async function enroll(o: EnrollOptions): Promise<NodeIdentity> {
  const paths = identityPaths(o.stateDir);
  if (existsSync(paths.identity) && !o.force) {
    throw new ConfigError(`This node is already enrolled (${paths.identity}); pass --force to replace its identity with a new one`);
  }
  ensureStateDir(o.stateDir);
  // Fail on an unwritable state directory before the single-use token is spent.
  writeFileDurable(`${o.stateDir}/.write-probe`, 'ok');

  const keys = await generateKeyPair();
  const publicKey = toBase64Url(keys.publicKey);
  const machine = machineId();
  const proof = toBase64Url(await sign(utf8(nodeEnrollMessage({ tokenSha256: sha256Hex(o.token), publicKey, machineId: machine })), keys.secretKey));
  const url = o.url.replace(/\/+$/, '');
  let res: Response;
  try {
    res = await (o.fetch ?? fetch)(`${url}${NODE_PATHS.enroll}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: o.token, publicKey, machineId: machine, fingerprint: fingerprint(), ...(o.name ? { name: o.name } : {}), proof }),
      signal: AbortSignal.timeout(o.timeoutMs ?? 30_000),
    });
  } catch (error) {
    throw new ControlPlaneUnreachable(unreachableMessage(url, error), { cause: error });
  }
  const body = (await res.json().catch(() => ({}))) as { nodeId?: string; kind?: string; error?: { code: string; message: string } };
  if (res.status !== 201 || !body.nodeId) {
    if (!body.error?.code) {
      // Not the control plane's error shape: another server answers at this URL.
      throw new Error(`enrollment refused: ${url}${NODE_PATHS.enroll} answered HTTP ${res.status} without a Plume error; check that --url is the control plane's base URL (the one its /healthz answers on)`);
    }
    throw new Error(`enrollment refused by ${url} (HTTP ${res.status} ${body.error.code}): ${body.error.message}`);
  }
  const identity: NodeIdentity = { nodeId: body.nodeId, controlUrl: url, publicKey, machineId: machine, kind: body.kind ?? 'edge', enrolledAt: new Date().toISOString() };
  saveKey(o.stateDir, keys.secretKey);
  saveIdentity(o.stateDir, identity);
  return identity;
}
