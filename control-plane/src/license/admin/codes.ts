/**
 * Activation code text: four groups of five Crockford base32 characters
 * (100 random bits), e.g. `7QK2M-…`. No I, L, O or U, so a code read aloud or
 * retyped from paper is not ambiguous.
 */
import { randomBytes } from 'node:crypto';

const ALPHABET = Buffer.from('0123456789ABCDEFGHJKMNPQRSTVWXYZ', 'latin1');
const DASH = 0x2d;
const CODE_LENGTH = 23;

export function generateCodes(count: number): string[] {
  const random = randomBytes(count * 20);
  // Written as ASCII bytes and decoded once per code: 100,000 codes take a few ms, not a hundred.
  const text = Buffer.allocUnsafe(count * CODE_LENGTH);
  const codes = new Array<string>(count);
  for (let i = 0, r = 0, o = 0; i < count; i++) {
    const start = o;
    for (let j = 0; j < 20; j++) {
      if (j > 0 && j % 5 === 0) text[o++] = DASH;
      // 256 is a multiple of 32, so the low five bits are uniform.
      text[o++] = ALPHABET[random[r++]! & 31]!;
    }
    codes[i] = text.toString('latin1', start, o);
  }
  return codes;
}
