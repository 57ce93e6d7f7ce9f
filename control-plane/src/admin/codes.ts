/**
 * Activation code text: four groups of five Crockford base32 characters
 * (100 random bits), e.g. `7QK2M-…`. No I, L, O or U, so a code read aloud or
 * retyped from paper is not ambiguous.
 */
import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

export function generateCodes(count: number): string[] {
  const bytes = randomBytes(count * 20);
  const codes = new Array<string>(count);
  for (let i = 0; i < count; i++) {
    let code = '';
    for (let j = 0; j < 20; j++) {
      if (j > 0 && j % 5 === 0) code += '-';
      // 256 is a multiple of 32, so the low five bits are uniform.
      code += ALPHABET[bytes[i * 20 + j]! & 31];
    }
    codes[i] = code;
  }
  return codes;
}
