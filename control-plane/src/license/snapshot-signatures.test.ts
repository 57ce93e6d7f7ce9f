import { createPublicKey, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { generateEd25519, signEd25519 } from '../crypto/ed25519.js';
import { JudgedSessions } from './judged-sessions.js';
import { SnapshotSignatures } from './snapshot-signatures.js';

const publicKeyObject = (publicKey: string) => createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: publicKey }, format: 'jwk' });

describe('happy path', () => {
  it('reuses a signature only for the same payload and key, and it equals signing afresh', () => {
    const signatures = new SnapshotSignatures();
    const key = generateEd25519();
    const first = signatures.sign('ls_a', key.privateKey, 'LSV2.payload-1');
    expect(signatures.sign('ls_a', key.privateKey, 'LSV2.payload-1')).toBe(first);
    expect(first).toBe(signEd25519(key.privateKey, 'LSV2.payload-1'));
    const changed = signatures.sign('ls_a', key.privateKey, 'LSV2.payload-2');
    expect(changed).not.toBe(first);
    expect(verify(null, Buffer.from('LSV2.payload-2'), publicKeyObject(key.publicKey), Buffer.from(changed, 'base64url'))).toBe(true);
    const other = generateEd25519();
    const rotated = signatures.sign('ls_a', other.privateKey, 'LSV2.payload-2');
    expect(verify(null, Buffer.from('LSV2.payload-2'), publicKeyObject(other.publicKey), Buffer.from(rotated, 'base64url'))).toBe(true);
  });

  it('both caches stay within their bound', () => {
    const signatures = new SnapshotSignatures(2);
    const key = generateEd25519();
    for (const s of ['a', 'b', 'c']) signatures.sign(s, key.privateKey, `LSV2.${s}`);
    expect(signatures.size).toBe(2);
    expect(signatures.sign('c', key.privateKey, 'LSV2.c')).toBe(signEd25519(key.privateKey, 'LSV2.c'));
    const judged = new JudgedSessions(2);
    const facts = { sessionId: 's', devicePublicKey: 'k', policyJson: '{}', policy: {} as never, codeId: 1 };
    judged.set('h1', facts);
    judged.set('h2', facts);
    judged.set('h3', facts);
    expect(judged.size).toBe(2);
    expect(judged.get('h1')).toBeUndefined();
    expect(judged.get('h3')).toBe(facts);
  });
});
