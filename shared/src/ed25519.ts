/**
 * Ed25519 for clients and shared code, on @noble/ed25519 (pure JS, audited, no
 * native module). The control plane verifies on its hot path with node:crypto
 * instead (control-plane/src/crypto); both pass the RFC 8032 vectors in
 * ./vectors.ts.
 */
import * as ed from '@noble/ed25519';

export const ED25519_PUBLIC_KEY_BYTES = 32;
export const ED25519_SIGNATURE_BYTES = 64;

export interface Ed25519KeyPair {
  /** 32-byte secret seed (RFC 8032 "private key"). */
  secretKey: Uint8Array;
  publicKey: Uint8Array;
}

export async function generateKeyPair(): Promise<Ed25519KeyPair> {
  const secretKey = ed.utils.randomSecretKey();
  return { secretKey, publicKey: await ed.getPublicKeyAsync(secretKey) };
}

export async function publicKeyFromSecret(secretKey: Uint8Array): Promise<Uint8Array> {
  return ed.getPublicKeyAsync(secretKey);
}

export async function sign(message: Uint8Array, secretKey: Uint8Array): Promise<Uint8Array> {
  return ed.signAsync(message, secretKey);
}

/** Never throws: malformed keys or signatures verify as false. */
export async function verify(signature: Uint8Array, message: Uint8Array, publicKey: Uint8Array): Promise<boolean> {
  if (signature.length !== ED25519_SIGNATURE_BYTES || publicKey.length !== ED25519_PUBLIC_KEY_BYTES) return false;
  try {
    // Strict RFC 8032 (no ZIP-215 leniency), so client and node:crypto accept exactly the same signatures.
    return await ed.verifyAsync(signature, message, publicKey, { zip215: false });
  } catch {
    return false;
  }
}
