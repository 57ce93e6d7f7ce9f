import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/db.js';
import { Sealer } from './seal.js';
import { serverSecret } from './server-secrets.js';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => db?.close());

describe('Sealer', () => {
  it('round-trips with an operator key, in the v1.<iv>.<tag>.<ciphertext> form, with a fresh IV each time', async () => {
    const sealer = new Sealer(db.database.db, randomBytes(32).toString('base64url'));
    const a = await sealer.seal('secret', 'purpose');
    const b = await sealer.seal('secret', 'purpose');
    expect(a).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]+$/);
    expect(a).not.toBe(b);
    expect(await sealer.open(a, 'purpose')).toBe('secret');
  });

  it('refuses tampered values, another purpose and another key', async () => {
    const key = randomBytes(32).toString('base64url');
    const sealer = new Sealer(db.database.db, key);
    const sealed = await sealer.seal('secret', 'purpose');
    const parts = sealed.split('.');
    const flipped = Buffer.from(parts[3]!, 'base64url');
    flipped[0]! ^= 1;
    await expect(sealer.open([...parts.slice(0, 3), flipped.toString('base64url')].join('.'), 'purpose')).rejects.toThrow();
    await expect(sealer.open(sealed, 'other purpose')).rejects.toThrow();
    await expect(new Sealer(db.database.db, randomBytes(32).toString('base64url')).open(sealed, 'purpose')).rejects.toThrow();
    await expect(sealer.open('v2.a.b.c', 'purpose')).rejects.toThrow(/not a sealed value/);
    expect(() => new Sealer(db.database.db, 'short')).toThrow(/32 bytes/);
  });

  it('without an operator key, every replica uses the one key generated in server_secrets', async () => {
    const [one, two] = await Promise.all([serverSecret(db.database.db, 'sealing-key'), serverSecret(db.database.db, 'sealing-key')]);
    expect(one.equals(two)).toBe(true);
    expect(one).toHaveLength(32);
    const replicaA = new Sealer(db.database.db, undefined);
    const replicaB = new Sealer(db.database.db, undefined);
    expect(await replicaB.open(await replicaA.seal('shared', 'p'), 'p')).toBe('shared');
  });
});
