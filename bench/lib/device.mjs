/**
 * A license v2 device for load generation: the logic of
 * control-plane/src/testing/license-device.ts on compiled exports only
 * (@plume/shared's enrollMessage / proofMessageFromHashes and node:crypto
 * signing with a cached KeyObject), trimmed to what a benchmark needs.
 * Everything a device holds is plain data so it can cross into a child
 * process (the load generator) as JSON.
 */
import { createHash, createPrivateKey, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { enrollMessage, LICENSE_PATHS, proofMessage, proofMessageFromHashes } from '@plume/shared';

export { LICENSE_PATHS };

const PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

export function newDeviceIdentity() {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return {
    privateSeed: privateKey.export({ format: 'der', type: 'pkcs8' }).subarray(PKCS8_PREFIX.length).toString('base64url'),
    publicKey: publicKey.export({ format: 'jwk' }).x,
    machineId: `bench-${randomBytes(6).toString('hex')}`,
    fingerprintHash: randomBytes(32).toString('hex'),
    appVersion: '1.4.2',
  };
}

export function privateKeyObject(privateSeed) {
  return createPrivateKey({ key: Buffer.concat([PKCS8_PREFIX, Buffer.from(privateSeed, 'base64url')]), format: 'der', type: 'pkcs8' });
}

export function enrollBody(identity, projectKey, code) {
  const deviceSignature = sign(
    null,
    Buffer.from(enrollMessage({ projectKey, code, ...identity, devicePublicKey: identity.publicKey }), 'utf8'),
    privateKeyObject(identity.privateSeed),
  ).toString('base64url');
  return {
    projectKey,
    code,
    machineId: identity.machineId,
    appVersion: identity.appVersion,
    fingerprintHash: identity.fingerprintHash,
    devicePublicKey: identity.publicKey,
    deviceSignature,
  };
}

/**
 * Returns sign(path, body) → headers for one enrolled device. The token's
 * SHA-256 and the KeyObject are computed once; per request it costs one
 * SHA-256 of the body, 18 random bytes and one Ed25519 signature.
 */
export function requestSigner(device) {
  const key = privateKeyObject(device.privateSeed);
  const tokenSha256 = createHash('sha256').update(device.token).digest('hex');
  const authorization = `Bearer ${device.token}`;
  return function signedHeaders(path, body) {
    const timestamp = String(Math.floor(Date.now() / 1000));
    const nonce = `n_${randomBytes(18).toString('base64url')}`;
    const message = proofMessageFromHashes({
      path,
      sessionId: device.sessionId,
      timestamp,
      nonce,
      bodySha256: createHash('sha256').update(body).digest('hex'),
      tokenSha256,
    });
    return {
      'content-type': 'application/json',
      authorization,
      'x-license-session-id': device.sessionId,
      'x-license-timestamp': timestamp,
      'x-license-nonce': nonce,
      'x-license-signature': sign(null, Buffer.from(message, 'utf8'), key).toString('base64url'),
    };
  };
}

/** Guards the shortcut above: the hashed form must equal proofMessage. */
export function assertProofShortcut(device) {
  const args = { path: LICENSE_PATHS.status, sessionId: device.sessionId, timestamp: '1700000000', nonce: 'n_check', body: '{"a":1}', licenseToken: device.token };
  const viaHashes = proofMessageFromHashes({
    ...args,
    bodySha256: createHash('sha256').update(args.body).digest('hex'),
    tokenSha256: createHash('sha256').update(args.licenseToken).digest('hex'),
  });
  if (viaHashes !== proofMessage(args)) throw new Error('proofMessageFromHashes disagrees with proofMessage');
}

let requestCounter = 0;
/** Request bodies as the reference client sends them: compact JSON. */
export const bodies = {
  status: (device) => JSON.stringify({ fingerprintHash: device.fingerprintHash }),
  // A fresh requestId per call: every consume is a new business action that deducts.
  consume: (device) => JSON.stringify({ requestId: `req_${process.pid}_${++requestCounter}_${randomBytes(6).toString('base64url')}`, fingerprintHash: device.fingerprintHash }),
};
