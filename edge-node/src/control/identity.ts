/**
 * The node's identity in PLUME_EDGE_STATE_DIR: `node.key` (the Ed25519 seed,
 * base64url, mode 0600, never sent anywhere) and `node.json` (node id,
 * control URL, public key). Loading refuses a key others can read, with the
 * command that fixes it.
 */
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { arch, cpus, hostname, totalmem } from 'node:os';
import { join } from 'node:path';
import { fromBase64Url, publicKeyFromSecret, toBase64Url } from '@plume/shared';
import { ConfigError } from '../config.js';
import { writeFileDurable } from '../fs-durable.js';

export interface NodeIdentity {
  nodeId: string;
  controlUrl: string;
  publicKey: string;
  machineId: string;
  kind: string;
  enrolledAt: string;
}

export interface LoadedIdentity extends NodeIdentity {
  secretKey: Uint8Array;
}

export const identityPaths = (stateDir: string) => ({ key: join(stateDir, 'node.key'), identity: join(stateDir, 'node.json') });

export function ensureStateDir(stateDir: string): void {
  mkdirSync(stateDir, { recursive: true, mode: 0o700 });
}

export function saveKey(stateDir: string, secretKey: Uint8Array): void {
  const { key } = identityPaths(stateDir);
  writeFileDurable(key, `${toBase64Url(secretKey)}\n`, 0o600);
  chmodSync(key, 0o600);
}

export function saveIdentity(stateDir: string, identity: NodeIdentity): void {
  writeFileDurable(identityPaths(stateDir).identity, `${JSON.stringify(identity, null, 2)}\n`, 0o644);
}

export async function loadIdentity(stateDir: string): Promise<LoadedIdentity> {
  const paths = identityPaths(stateDir);
  if (!existsSync(paths.identity) || !existsSync(paths.key)) {
    throw new ConfigError(`This node is not enrolled (no ${paths.identity} / ${paths.key}): run \`plume-edge enroll --url <control plane> --token <enrollment token>\``);
  }
  const mode = statSync(paths.key).mode & 0o777;
  if (mode & 0o077) throw new ConfigError(`${paths.key} is readable by others (mode ${mode.toString(8)}): run \`chmod 600 ${paths.key}\``);
  let text: string;
  try {
    text = readFileSync(paths.key, 'utf8').trim();
  } catch (e) {
    throw new ConfigError(`Cannot read the node key ${paths.key} (${(e as NodeJS.ErrnoException).code}): run the daemon as the user that owns PLUME_EDGE_STATE_DIR`);
  }
  const secretKey = fromBase64Url(text);
  if (!secretKey || secretKey.length !== 32) throw new ConfigError(`${paths.key} is not a base64url 32-byte Ed25519 seed: enroll again`);
  const identity = JSON.parse(readFileSync(paths.identity, 'utf8')) as NodeIdentity;
  if (toBase64Url(await publicKeyFromSecret(secretKey)) !== identity.publicKey) {
    throw new ConfigError(`${paths.key} does not match the public key in ${paths.identity}: enroll again`);
  }
  return { ...identity, secretKey };
}

/** The kind this node was enrolled as (`edge`, `web`, …), or undefined before enrollment. */
export function enrolledKind(stateDir: string): string | undefined {
  const { identity } = identityPaths(stateDir);
  if (!existsSync(identity)) return undefined;
  return (JSON.parse(readFileSync(identity, 'utf8')) as Partial<NodeIdentity>).kind;
}

/** /etc/machine-id (systemd), else a hash of the host name. */
export function machineId(): string {
  for (const path of ['/etc/machine-id', '/var/lib/dbus/machine-id']) {
    try {
      const id = readFileSync(path, 'utf8').trim();
      if (/^[0-9a-f]{32}$/.test(id)) return id;
    } catch {
      // next
    }
  }
  return createHash('sha256').update(`host:${hostname()}`).digest('hex').slice(0, 32);
}

/** What the operator sees beside the machine id: a hash of stable hardware facts (not a secret). */
export function fingerprint(): string {
  const facts = [machineId(), hostname(), arch(), cpus()[0]?.model ?? '', String(cpus().length), String(Math.round(totalmem() / 2 ** 30))];
  return createHash('sha256').update(facts.join('\n')).digest('hex');
}
