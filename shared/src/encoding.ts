/**
 * Byte encodings both sides of every protocol agree on. base64url is strict:
 * no padding, no characters outside the URL-safe alphabet, canonical trailing
 * bits, so one byte string has exactly one accepted text form (a signature or
 * key cannot be "the same" under two spellings).
 */
import { createHash } from 'node:crypto';

const B64URL = /^[A-Za-z0-9_-]*$/;

export function toBase64Url(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64url');
}

/** Decodes strict base64url; returns null for anything that is not its canonical form. */
export function fromBase64Url(text: string): Uint8Array | null {
  if (typeof text !== 'string' || !B64URL.test(text) || text.length % 4 === 1) return null;
  const bytes = Buffer.from(text, 'base64url');
  // Round-trip check rejects non-canonical trailing bits ("AB" vs "AA" for one byte).
  if (bytes.toString('base64url') !== text) return null;
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

export function utf8(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}

export function sha256Hex(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

export function hexToBytes(hex: string): Uint8Array {
  if (!/^(?:[0-9a-fA-F]{2})*$/.test(hex)) throw new TypeError('invalid hex');
  return new Uint8Array(Buffer.from(hex, 'hex'));
}

export function bytesToHex(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex');
}
