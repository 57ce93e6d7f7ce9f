import { scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CURRENT_PARAMS, hashPassword, needsRehash, passwordProblem, verifyPassword } from './passwords.js';

describe('scrypt password hashes', () => {
  it('stores a PHC string with the parameters, a per-hash salt, and verifies only the right password', async () => {
    const a = await hashPassword('correct horse battery staple');
    const b = await hashPassword('correct horse battery staple');
    expect(a).toMatch(/^\$scrypt\$ln=17,r=8,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('correct horse battery staple', a)).toBe(true);
    expect(await verifyPassword('correct horse battery stapler', a)).toBe(false);
    expect(needsRehash(a)).toBe(false);
  }, 30_000);

  it('is scrypt itself: a known key recomputed with node:crypto verifies', async () => {
    const salt = Buffer.from('0123456789abcdef');
    const key = scryptSync('known answer', salt, 32, { N: 2 ** 14, r: 8, p: 1 });
    const stored = `$scrypt$ln=14,r=8,p=1$${salt.toString('base64').replace(/=+$/, '')}$${key.toString('base64').replace(/=+$/, '')}`;
    expect(await verifyPassword('known answer', stored)).toBe(true);
    expect(await verifyPassword('other answer', stored)).toBe(false);
    // Weaker than today's parameters: a login stores a fresh hash.
    expect(needsRehash(stored)).toBe(true);
  });

  it('refuses stored values it did not write, and parameters that would take too much memory, with false (not an exception)', async () => {
    for (const stored of ['', 'plain text', '$argon2id$v=19$m=65536,t=3,p=4$c2FsdA$aGFzaA', '$scrypt$ln=30,r=8,p=1$MDEyMzQ1Njc4OWFiY2RlZg$MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY', '$scrypt$ln=20,r=16,p=1$MDEyMzQ1Njc4OWFiY2RlZg$MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY']) {
      expect(await verifyPassword('anything at all', stored), stored).toBe(false);
      expect(needsRehash(stored)).toBe(true);
    }
  }, 30_000);

  it('passwords are 12 to 200 characters, counted as code points', () => {
    expect(passwordProblem('x'.repeat(11))).toMatch(/at least 12/);
    expect(passwordProblem('x'.repeat(12))).toBeNull();
    expect(passwordProblem('😀'.repeat(12))).toBeNull();
    expect(passwordProblem('x'.repeat(200))).toBeNull();
    expect(passwordProblem('x'.repeat(201))).toMatch(/at most 200/);
    expect(CURRENT_PARAMS).toEqual({ ln: 17, r: 8, p: 1 });
  });
});
