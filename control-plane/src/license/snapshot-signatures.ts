/**
 * Offline snapshot signatures, reused only for byte-identical payloads.
 * Ed25519 is deterministic, so the signature of an identical signing input by
 * the same key is the one signing would produce again: reusing it changes no
 * answer, it only skips the signing. issuedAt is whole seconds (the service
 * truncates it), so a client polling status several times a second with an
 * unchanged license gets the same snapshot; any change (remainingCount,
 * validity, key, notAfter) is a different payload and is signed afresh.
 */
import { signEd25519 } from '../crypto/ed25519.js';

interface Signed {
  signingInput: string;
  privateKey: string;
  signature: string;
}

export class SnapshotSignatures {
  /** Last signature per session; bounded, oldest-first eviction. */
  private readonly bySession = new Map<string, Signed>();
  constructor(private readonly max = 50_000) {}

  sign(sessionId: string, privateKey: string, signingInput: string): string {
    const last = this.bySession.get(sessionId);
    if (last && last.signingInput === signingInput && last.privateKey === privateKey) return last.signature;
    const signature = signEd25519(privateKey, signingInput);
    this.bySession.delete(sessionId);
    if (this.bySession.size >= this.max) this.bySession.delete(this.bySession.keys().next().value as string);
    this.bySession.set(sessionId, { signingInput, privateKey, signature });
    return signature;
  }

  get size(): number {
    return this.bySession.size;
  }
}
