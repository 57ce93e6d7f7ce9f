/**
 * Where the reference client keeps its device identity: the Ed25519 secret
 * seed (which never leaves the device), the session and token, and the pinned
 * offline public keys. FileKeyStore writes atomically (temp file + rename, so a
 * crash leaves the old or the new file, never half of one) with mode 0600, and
 * refuses to read a key file other users could read: a leaked seed lets anyone
 * sign as this device until it is revoked.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, unlink } from 'node:fs/promises';
import { dirname } from 'node:path';
import { z } from 'zod';
import { LicenseError } from './errors.js';

export interface StoredIdentity {
  v: 1;
  /** base64url 32-byte Ed25519 secret seed. */
  secretKey: string;
  /** base64url 32-byte Ed25519 public key (the devicePublicKey sent at enroll). */
  publicKey: string;
  machineId: string;
  projectKey: string;
  /** Null until enroll succeeds; the key pair exists (and is stored) before that. */
  sessionId: string | null;
  licenseToken: string | null;
  /** ISO 8601 UTC. */
  tokenExpiresAt: string | null;
  deviceId: number | null;
  /** base64url offline public keys snapshots are verified with. */
  pinnedPublicKeys: string[];
  offlineLicense: string | null;
  offlineLicenseExpiresAt: string | null;
  /**
   * The execution node (kind desktop) this device is, when the operator tied
   * its code to an integrator user (the enroll answer's nodeId); null for a
   * pure license; absent in identities stored before enrolling named it.
   */
  nodeId?: string | null;
}

export interface KeyStore {
  load(): Promise<StoredIdentity | null>;
  save(identity: StoredIdentity): Promise<void>;
}

const nullableText = z.string().nullable();
export const storedIdentitySchema = z.object({
  v: z.literal(1),
  secretKey: z.string().min(1),
  publicKey: z.string().min(1),
  machineId: z.string().min(1),
  projectKey: z.string().min(1),
  sessionId: nullableText,
  licenseToken: nullableText,
  tokenExpiresAt: nullableText,
  deviceId: z.number().int().nullable(),
  pinnedPublicKeys: z.array(z.string()),
  offlineLicense: nullableText,
  offlineLicenseExpiresAt: nullableText,
  nodeId: nullableText.optional(),
});

const KEY_FILE_MODE = 0o600;
// Windows reports synthetic permission bits (0o666 for any writable file); its ACLs are not visible here.
const CHECK_MODE = process.platform !== 'win32';

export interface FileKeyStoreOptions {
  /** Refuse key files readable or writable by group/others. Default true (ignored on Windows). */
  checkPermissions?: boolean;
}

export class FileKeyStore implements KeyStore {
  private readonly checkPermissions: boolean;

  constructor(
    readonly path: string,
    { checkPermissions = true }: FileKeyStoreOptions = {},
  ) {
    this.checkPermissions = checkPermissions && CHECK_MODE;
  }

  async load(): Promise<StoredIdentity | null> {
    let handle;
    try {
      handle = await open(this.path, 'r');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
    try {
      // fstat on the opened handle, so the file checked is the file read.
      const stat = await handle.stat();
      if (!stat.isFile()) throw new LicenseError('KEY_FILE_INSECURE', `${this.path} is not a regular file`, 0);
      if (this.checkPermissions && (stat.mode & 0o077) !== 0) {
        const mode = (stat.mode & 0o777).toString(8).padStart(3, '0');
        throw new LicenseError(
          'KEY_FILE_INSECURE',
          `${this.path} has mode ${mode}; it holds a device secret key and must be 600 (chmod 600 it, or re-enroll)`,
          0,
        );
      }
      const text = await handle.readFile('utf8');
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        throw new LicenseError('KEY_FILE_INVALID', `${this.path} is not JSON`, 0);
      }
      const result = storedIdentitySchema.safeParse(parsed);
      if (!result.success) throw new LicenseError('KEY_FILE_INVALID', `${this.path}: ${result.error.message}`, 0);
      return result.data;
    } finally {
      await handle.close();
    }
  }

  async save(identity: StoredIdentity): Promise<void> {
    await mkdir(dirname(this.path), { recursive: true, mode: 0o700 });
    const temp = `${this.path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
    const handle = await open(temp, 'wx', KEY_FILE_MODE);
    try {
      // The umask can only remove bits; chmod makes the mode exactly 0600 either way.
      await handle.chmod(KEY_FILE_MODE);
      await handle.writeFile(`${JSON.stringify(identity, null, 2)}\n`, 'utf8');
      await handle.sync();
      await handle.close();
      await rename(temp, this.path);
    } catch (err) {
      await handle.close().catch(() => undefined);
      await unlink(temp).catch(() => undefined);
      throw err;
    }
  }
}

/** Keeps the identity in memory only: tests, or apps that persist it elsewhere (an OS keychain). */
export class MemoryKeyStore implements KeyStore {
  constructor(private identity: StoredIdentity | null = null) {}

  async load(): Promise<StoredIdentity | null> {
    return this.identity ? structuredClone(this.identity) : null;
  }

  async save(identity: StoredIdentity): Promise<void> {
    this.identity = structuredClone(identity);
  }
}
