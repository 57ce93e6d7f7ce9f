/**
 * Server-side signature verification cost: verifyEd25519 from
 * control-plane/dist/crypto/ed25519.js (base64url key and signature text in,
 * KeyObject cached by key text, the message as the string the server builds)
 * against raw node:crypto verify with a prebuilt KeyObject and Buffer
 * message and signature, over the same LICENSE-V2-PROOF messages in the same
 * run. Target: ratio ≤ 1.2. @noble/ed25519's verifyAsync (what clients use)
 * is timed for reference.
 *
 * Env: BENCH_VERIFY_ITERATIONS (per variant, default 20000).
 */
import { createHash, createPublicKey, generateKeyPairSync, randomBytes, sign, verify } from 'node:crypto';
import * as noble from '@noble/ed25519';
import { LICENSE_PATHS, proofMessageFromHashes } from '@plume/shared';
import { verifyEd25519 } from '../control-plane/dist/crypto/ed25519.js';
import { fmt, machineLine, ratioLine } from './lib/report.mjs';

const ITERATIONS = Number(process.env.BENCH_VERIFY_ITERATIONS || 20_000);
const ROUNDS = 5;
const KEYS = 64;
const MESSAGES = 512;
const NOBLE_ITERATIONS = 300;
const TARGET = { op: '<=', value: 1.2 };
const SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

/** Realistic inputs: one device key per session, eight-line proof messages with fresh nonces. */
function fixtures() {
  const keys = Array.from({ length: KEYS }, () => {
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    const text = publicKey.export({ format: 'jwk' }).x;
    return { privateKey, publicKey, text, raw: Buffer.from(text, 'base64url') };
  });
  return Array.from({ length: MESSAGES }, (_, i) => {
    const key = keys[i % KEYS];
    const body = JSON.stringify({ fingerprintHash: randomBytes(32).toString('hex') });
    const message = proofMessageFromHashes({
      path: LICENSE_PATHS.status,
      sessionId: `ls_${randomBytes(16).toString('base64url')}`,
      timestamp: String(Math.floor(Date.now() / 1000)),
      nonce: `n_${randomBytes(18).toString('base64url')}`,
      bodySha256: createHash('sha256').update(body).digest('hex'),
      tokenSha256: createHash('sha256').update(randomBytes(32)).digest('hex'),
    });
    const messageBytes = Buffer.from(message, 'utf8');
    const signature = sign(null, messageBytes, key.privateKey);
    return {
      key,
      message,
      messageBytes,
      signature,
      signatureText: signature.toString('base64url'),
    };
  });
}

const cases = fixtures();

const variants = {
  // What signed-request.ts does per request: text in, cache lookup, decode, verify.
  verifyEd25519: (c) => verifyEd25519(c.key.text, c.message, c.signatureText),
  // The floor: everything prebuilt.
  raw: (c) => verify(null, c.messageBytes, c.key.publicKey, c.signature),
};

/** Runs fn over the cases n times; returns nanoseconds. Throws if any verify fails (a broken bench). */
function time(fn, n) {
  let ok = 0;
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < n; i++) if (fn(cases[i % MESSAGES])) ok++;
  const ns = Number(process.hrtime.bigint() - t0);
  if (ok !== n) throw new Error(`${n - ok} of ${n} valid signatures did not verify`);
  return ns;
}

function sanity() {
  const c = cases[0];
  const tampered = Buffer.from(c.signature);
  tampered[0] ^= 1;
  if (verifyEd25519(c.key.text, c.message, tampered.toString('base64url'))) throw new Error('verifyEd25519 accepted a tampered signature');
  if (verify(null, c.messageBytes, c.key.publicKey, tampered)) throw new Error('crypto.verify accepted a tampered signature');
}

async function main() {
  console.log(machineLine());
  sanity();
  // Warm-up: JIT both paths and fill verifyEd25519's key cache, as a running server has.
  for (const fn of Object.values(variants)) time(fn, 3000);

  // Interleaved rounds, alternating which goes first, so drift in machine load hits both.
  const totals = { verifyEd25519: 0, raw: 0 };
  const perRound = [];
  const chunk = Math.ceil(ITERATIONS / ROUNDS);
  for (let r = 0; r < ROUNDS; r++) {
    const order = r % 2 === 0 ? ['verifyEd25519', 'raw'] : ['raw', 'verifyEd25519'];
    const round = {};
    for (const name of order) {
      round[name] = time(variants[name], chunk);
      totals[name] += round[name];
    }
    perRound.push(round.verifyEd25519 / round.raw);
  }
  const n = chunk * ROUNDS;
  const us = (ns) => ns / n / 1000;
  const ratio = totals.verifyEd25519 / totals.raw;
  const spread = `${fmt.fixed(Math.min(...perRound))}–${fmt.fixed(Math.max(...perRound))}`;
  console.log(
    ratioLine(
      'license-verify',
      ratio,
      TARGET,
      `verifyEd25519 ${fmt.fixed(us(totals.verifyEd25519), 1)} µs/op vs raw crypto.verify ${fmt.fixed(us(totals.raw), 1)} µs/op; ${fmt.int(n)} verifies each over ${MESSAGES} proof messages and ${KEYS} keys, ${ROUNDS} interleaved rounds (per-round ratio ${spread})`,
    ),
  );

  // Reference points, no target: what the key cache saves, and the pure-JS client library.
  // Built the way ed25519.ts builds a key on a cache miss: SPKI DER from the raw 32 bytes.
  const spki = (c) => Buffer.concat([SPKI_PREFIX, Buffer.from(c.key.text, 'base64url')]);
  const uncached = (c) => verify(null, c.messageBytes, createPublicKey({ key: spki(c), format: 'der', type: 'spki' }), c.signature);
  time(uncached, 500);
  const uncachedNs = time(uncached, 5000) / 5000;
  const rawNs = totals.raw / n;
  console.log(
    `license-verify uncached key: ratio ${fmt.fixed(uncachedNs / rawNs)} (reference, no target) — building the KeyObject on every request ${fmt.fixed(uncachedNs / 1000, 1)} µs/op vs raw ${fmt.fixed(rawNs / 1000, 1)} µs/op`,
  );

  for (let i = 0; i < 30; i++) await noble.verifyAsync(cases[i].signature, cases[i].messageBytes, cases[i].key.raw);
  let nobleOk = 0;
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < NOBLE_ITERATIONS; i++) {
    const c = cases[i % MESSAGES];
    if (await noble.verifyAsync(c.signature, c.messageBytes, c.key.raw)) nobleOk++;
  }
  const nobleNs = Number(process.hrtime.bigint() - t0) / NOBLE_ITERATIONS;
  if (nobleOk !== NOBLE_ITERATIONS) throw new Error('noble rejected a valid signature');
  console.log(
    `license-verify noble: ratio ${fmt.fixed(nobleNs / rawNs)} (reference, no target) — @noble/ed25519 verifyAsync ${fmt.int(nobleNs / 1000)} µs/op vs raw crypto.verify ${fmt.fixed(rawNs / 1000, 1)} µs/op over ${NOBLE_ITERATIONS} verifies`,
  );
}

await main();
