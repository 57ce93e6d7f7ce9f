/**
 * Sealing of secrets at rest (CMS site credentials): AES-256-GCM with a
 * random 96-bit IV per value. Text form `v1.<iv>.<tag>.<ciphertext>`, each
 * part base64url. The key is PLUME_SECRET_KEY when the operator set one, else
 * a key generated once and kept in server_secrets ('sealing-key') so every
 * replica opens what another sealed. `aad` binds a value to its purpose: a
 * sealed blob copied into another context does not open.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Db } from '../db/client.js';
import { cachedServerSecret } from './server-secrets.js';

const VERSION = 'v1';

export class Sealer {
  private readonly key: () => Promise<Buffer>;

  constructor(db: Db, secretKey: string | undefined) {
    if (secretKey !== undefined) {
      const key = Buffer.from(secretKey, 'base64url');
      if (key.length !== 32) throw new Error('the sealing key must be 32 bytes in base64url');
      this.key = async () => key;
    } else {
      this.key = cachedServerSecret(db, 'sealing-key');
    }
  }

  async seal(plaintext: string, aad: string): Promise<string> {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', await this.key(), iv);
    cipher.setAAD(Buffer.from(aad, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ciphertext.toString('base64url')].join('.');
  }

  /** Throws when the text is not a sealed value of this key and purpose. */
  async open(sealed: string, aad: string): Promise<string> {
    const parts = sealed.split('.');
    if (parts.length !== 4 || parts[0] !== VERSION) throw new Error('not a sealed value');
    const [iv, tag, ciphertext] = parts.slice(1).map((p) => Buffer.from(p, 'base64url')) as [Buffer, Buffer, Buffer];
    if (iv.length !== 12 || tag.length !== 16) throw new Error('not a sealed value');
    const decipher = createDecipheriv('aes-256-gcm', await this.key(), iv);
    decipher.setAAD(Buffer.from(aad, 'utf8'));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
  }
}
