/** Random identifiers and secrets. Prefixed ids say what they name (CONVENTIONS 10). */
import { createHash, randomBytes } from 'node:crypto';

export function randomId(prefix: string, bytes = 16): string {
  return `${prefix}_${randomBytes(bytes).toString('base64url')}`;
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
