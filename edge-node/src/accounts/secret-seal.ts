/**
 * Secrets the node keeps at rest (an account's proxy password), sealed with
 * AES-256-GCM under a key that never leaves this machine: `secrets.key` in the
 * state directory (32 random bytes, base64url, mode 0600). The key is made the
 * first time something is sealed, never at daemon start: it is written to a
 * temporary file, synced, then hard-linked into place, so two commands racing
 * end with one key, and a crash leaves either no key file or a whole one.
 *
 * A sealed value is `v1.<iv>.<tag>.<ciphertext>` (base64url), bound to what it
 * is for (the additional data, e.g. the account's ref): a value copied onto
 * another account, altered, or read with another key does not open.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, closeSync, fsyncSync, linkSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { fsyncDir } from '../fs-durable.js';

export const SECRETS_KEY_FILE = 'secrets.key';

export type SealErrorCode = 'seal_key_unreadable' | 'sealed_malformed' | 'sealed_unopenable';

export class SealError extends Error {
  constructor(
    readonly code: SealErrorCode,
    message: string,
  ) {
    super(message);
  }
}

const b64 = (b: Buffer) => b.toString('base64url');
const B64URL = /^[A-Za-z0-9_-]+$/;

export const secretsKeyPath = (stateDir: string) => join(stateDir, SECRETS_KEY_FILE);

function readKey(path: string): Buffer {
  const mode = statSync(path).mode & 0o777;
  if (mode & 0o077) throw new SealError('seal_key_unreadable', `${path} is readable by others (mode ${mode.toString(8)}): run \`chmod 600 ${path}\``);
  const text = readFileSync(path, 'utf8').trim();
  const key = B64URL.test(text) ? Buffer.from(text, 'base64url') : Buffer.alloc(0);
  if (key.length !== 32) throw new SealError('seal_key_unreadable', `${path} is not a base64url 32-byte key`);
  return key;
}

/** The node's sealing key; `create`: make it when there is none yet. */
export function secretsKey(stateDir: string, { create = false } = {}): Buffer {
  const path = secretsKeyPath(stateDir);
  try {
    return readKey(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EACCES') throw new SealError('seal_key_unreadable', `cannot read ${path}: run plume-edge as the user that owns the state directory`);
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    if (!create) throw new SealError('seal_key_unreadable', `${path} is missing: the sealed values of this node cannot be opened without it; set them again`);
  }
  const tmp = join(stateDir, `.${SECRETS_KEY_FILE}.${randomBytes(6).toString('hex')}.tmp`);
  const fd = openSync(tmp, 'wx', 0o600);
  try {
    writeSync(fd, `${b64(randomBytes(32))}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  chmodSync(tmp, 0o600);
  try {
    // link() fails when the name exists: whoever linked first made the key, and every caller uses that one.
    linkSync(tmp, path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  } finally {
    unlinkSync(tmp);
  }
  fsyncDir(stateDir);
  return readKey(path);
}

export function seal(key: Buffer, plaintext: string, boundTo: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(boundTo));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', b64(iv), b64(cipher.getAuthTag()), b64(body)].join('.');
}

export function open(key: Buffer, sealed: string, boundTo: string): string {
  const parts = sealed.split('.');
  if (parts.length !== 4 || parts[0] !== 'v1' || !parts.slice(1).every((p) => B64URL.test(p))) throw new SealError('sealed_malformed', 'the sealed value is not in the v1 format');
  const [, iv, tag, body] = parts.map((p) => Buffer.from(p, 'base64url')) as [Buffer, Buffer, Buffer, Buffer];
  if (iv.length !== 12 || tag.length !== 16) throw new SealError('sealed_malformed', 'the sealed value is not in the v1 format');
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAAD(Buffer.from(boundTo));
  decipher.setAuthTag(tag);
  try {
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
  } catch {
    throw new SealError('sealed_unopenable', 'the sealed value does not open with this node\'s key: the key file was replaced, or the value was altered or copied from another account');
  }
}
