/**
 * Known-answer vectors both sides of the license v2 protocol test against
 * (CONVENTIONS rule 6). Plain data only, so the control plane's node:crypto
 * verifier, the noble-based reference client and any third-party client can
 * import the same literals.
 *
 * - RFC8032_ED25519_VECTORS: RFC 8032 section 7.1 (TEST 1, 2, 3, 1024 and
 *   SHA(abc)), hex, checked against both @noble/ed25519 and OpenSSL.
 * - LICENSE_V2_VECTORS: the canonical texts of ./license/canonical.ts for fixed
 *   inputs and their Ed25519 signatures under a fixed device seed (0x01..0x20).
 *   Ed25519 is deterministic, so a change to any canonical function (or to how
 *   a side encodes the text) changes a literal here and fails a test.
 *
 * Never edit a literal to make a test pass: a mismatch means one side changed
 * the wire contract.
 */
import type { ChallengeInput, EnrollMessageInput } from './license/canonical.js';
import type { OfflineSnapshotPayload } from './license/snapshot.js';

/** One Ed25519 case; every field is lowercase hex. */
export interface Ed25519HexVector {
  name: string;
  /** 32-byte secret seed (RFC 8032 "SECRET KEY"). */
  secretKey: string;
  publicKey: string;
  message: string;
  signature: string;
}

export const RFC8032_ED25519_VECTORS: readonly Ed25519HexVector[] = [
  {
    name: 'TEST 1',
    secretKey: '9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60',
    publicKey: 'd75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a',
    message: '',
    signature:
      'e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e06522490155' +
      '5fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b',
  },
  {
    name: 'TEST 2',
    secretKey: '4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb',
    publicKey: '3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c',
    message: '72',
    signature:
      '92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da' +
      '085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00',
  },
  {
    name: 'TEST 3',
    secretKey: 'c5aa8df43f9f837bedb7442f31dcb7b166d38535076f094b85ce3a2e0b4458f7',
    publicKey: 'fc51cd8e6218a1a38da47ed00230f0580816ed13ba3303ac5deb911548908025',
    message: 'af82',
    signature:
      '6291d657deec24024827e69c3abe01a30ce548a284743a445e3680d7db5ac3ac' +
      '18ff9b538d16f290ae67f760984dc6594a7c15e9716ed28dc027beceea1ec40a',
  },
  {
    name: 'TEST 1024',
    secretKey: 'f5e5767cf153319517630f226876b86c8160cc583bc013744c6bf255f5cc0ee5',
    publicKey: '278117fc144c72340f67d0f2316e8386ceffbf2b2428c9c51fef7c597f1d426e',
    // 1023 octets.
    message: [
    '08b8b2b733424243760fe426a4b54908632110a66c2f6591eabd3345e3e4eb98',
    'fa6e264bf09efe12ee50f8f54e9f77b1e355f6c50544e23fb1433ddf73be84d8',
    '79de7c0046dc4996d9e773f4bc9efe5738829adb26c81b37c93a1b270b20329d',
    '658675fc6ea534e0810a4432826bf58c941efb65d57a338bbd2e26640f89ffbc',
    '1a858efcb8550ee3a5e1998bd177e93a7363c344fe6b199ee5d02e82d522c4fe',
    'ba15452f80288a821a579116ec6dad2b3b310da903401aa62100ab5d1a36553e',
    '06203b33890cc9b832f79ef80560ccb9a39ce767967ed628c6ad573cb116dbef',
    'efd75499da96bd68a8a97b928a8bbc103b6621fcde2beca1231d206be6cd9ec7',
    'aff6f6c94fcd7204ed3455c68c83f4a41da4af2b74ef5c53f1d8ac70bdcb7ed1',
    '85ce81bd84359d44254d95629e9855a94a7c1958d1f8ada5d0532ed8a5aa3fb2',
    'd17ba70eb6248e594e1a2297acbbb39d502f1a8c6eb6f1ce22b3de1a1f40cc24',
    '554119a831a9aad6079cad88425de6bde1a9187ebb6092cf67bf2b13fd65f270',
    '88d78b7e883c8759d2c4f5c65adb7553878ad575f9fad878e80a0c9ba63bcbcc',
    '2732e69485bbc9c90bfbd62481d9089beccf80cfe2df16a2cf65bd92dd597b07',
    '07e0917af48bbb75fed413d238f5555a7a569d80c3414a8d0859dc65a46128ba',
    'b27af87a71314f318c782b23ebfe808b82b0ce26401d2e22f04d83d1255dc51a',
    'ddd3b75a2b1ae0784504df543af8969be3ea7082ff7fc9888c144da2af58429e',
    'c96031dbcad3dad9af0dcbaaaf268cb8fcffead94f3c7ca495e056a9b47acdb7',
    '51fb73e666c6c655ade8297297d07ad1ba5e43f1bca32301651339e22904cc8c',
    '42f58c30c04aafdb038dda0847dd988dcda6f3bfd15c4b4c4525004aa06eeff8',
    'ca61783aacec57fb3d1f92b0fe2fd1a85f6724517b65e614ad6808d6f6ee34df',
    'f7310fdc82aebfd904b01e1dc54b2927094b2db68d6f903b68401adebf5a7e08',
    'd78ff4ef5d63653a65040cf9bfd4aca7984a74d37145986780fc0b16ac451649',
    'de6188a7dbdf191f64b5fc5e2ab47b57f7f7276cd419c17a3ca8e1b939ae49e4',
    '88acba6b965610b5480109c8b17b80e1b7b750dfc7598d5d5011fd2dcc5600a3',
    '2ef5b52a1ecc820e308aa342721aac0943bf6686b64b2579376504ccc493d97e',
    '6aed3fb0f9cd71a43dd497f01f17c0e2cb3797aa2a2f256656168e6c496afc5f',
    'b93246f6b1116398a346f1a641f3b041e989f7914f90cc2c7fff357876e506b5',
    '0d334ba77c225bc307ba537152f3f1610e4eafe595f6d9d90d11faa933a15ef1',
    '369546868a7f3a45a96768d40fd9d03412c091c6315cf4fde7cb68606937380d',
    'b2eaaa707b4c4185c32eddcdd306705e4dc1ffc872eeee475a64dfac86aba41c',
    '0618983f8741c5ef68d3a101e8a3b8cac60c905c15fc910840b94c00a0b9d0',
    ].join(''),
    signature:
      '0aab4c900501b3e24d7cdf4663326a3a87df5e4843b2cbdb67cbf6e460fec350' +
      'aa5371b1508f9f4528ecea23c436d94b5e8fcd4f681e30a6ac00a9704a188a03',
  },
  {
    name: 'TEST SHA(abc)',
    secretKey: '833fe62409237b9d62ec77587520911e9a759cec1d19755b7da901b96dca3d42',
    publicKey: 'ec172b93ad5e563bf4932c70e1245034c35467ef2efd4d64ebf819683467e2bf',
    // SHA-512("abc").
    message:
      'ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a' +
      '2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f',
    signature:
      'dc2a4459e7369633a52b1bf277839a00201009a3efbf3ecb69bea2186c26b589' +
      '09351fc9ac90b3ecfdfbc7c66431e0303dca179c138ac17ad9bef1177331a704',
  },
];

/** A fixed key in both encodings the protocol uses. Test-only: never enroll with it. */
export interface VectorKey {
  secretKeyHex: string;
  /** base64url of the 32-byte seed. */
  secretKey: string;
  publicKeyHex: string;
  /** base64url of the 32-byte public key (the devicePublicKey / offline key text). */
  publicKey: string;
}

export interface SignedTextVector<I> {
  name: string;
  input: I;
  /** Exact UTF-8 text that is signed (lines joined by "\n", no trailing newline). */
  message: string;
  /** base64url Ed25519 signature of `message` under the vector's key. */
  signature: string;
}

export interface ProofVectorInput {
  path: string;
  sessionId: string;
  timestamp: string;
  nonce: string;
  /** The request body exactly as sent. */
  body: string;
  licenseToken: string;
}

export interface ProofVector extends SignedTextVector<ProofVectorInput> {
  bodySha256: string;
  tokenSha256: string;
}

export interface LicenseV2Vectors {
  /** The device key (seed bytes 0x01..0x20) that signs every message below. */
  deviceKey: VectorKey;
  enroll: readonly SignedTextVector<EnrollMessageInput>[];
  challenge: readonly SignedTextVector<ChallengeInput>[];
  proof: readonly ProofVector[];
  /** An LSV2 snapshot signed by a fixed offline key (seed bytes 0x21..0x40); valid 2026-01-01..2026-01-04 UTC. */
  snapshot: { offlineKey: VectorKey; payload: OfflineSnapshotPayload; snapshot: string };
}

const FINGERPRINT = '36455833787f0b305779a7ba5c28f5a2989d144596eee130a779595611eb4cd7'; // sha256("plume-vector-fingerprint")
const DEVICE_PUBLIC_KEY = 'ebVWLo_mVPlAeLES6KmLp5AfhTrmlb7X4OORC60ElmQ';
const MACHINE_ID = 'mch_3f9a1c2e0b7d4e559a602c8d1e4f7a10';
const SESSION_ID = 'ls_9kQ2mZ7xV4pR1tY8';
const LICENSE_TOKEN = 'lt_Zm9yLXZlY3RvcnMtb25seS1ub3QtYS1yZWFsLXRva2Vu';
const TOKEN_SHA256 = '4319a7917197491f65e0d3019156d314ccf6e26d784412bfeb5eea473ce45100';

export const LICENSE_V2_VECTORS: LicenseV2Vectors = {
  deviceKey: {
    secretKeyHex: '0102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f20',
    secretKey: 'AQIDBAUGBwgJCgsMDQ4PEBESExQVFhcYGRobHB0eHyA',
    publicKeyHex: '79b5562e8fe654f94078b112e8a98ba7901f853ae695bed7e0e3910bad049664',
    publicKey: DEVICE_PUBLIC_KEY,
  },
  enroll: [
    {
      name: 'enroll with appVersion',
      input: {
        projectKey: 'acme-desktop',
        code: 'PLM-7Q4K-9XZ2-M3RT',
        machineId: MACHINE_ID,
        fingerprintHash: FINGERPRINT,
        devicePublicKey: DEVICE_PUBLIC_KEY,
        appVersion: '1.4.2',
      },
      message: [
        'LICENSE-V2-ENROLL',
        'POST',
        '/api/license/v2/enroll',
        'acme-desktop',
        'PLM-7Q4K-9XZ2-M3RT',
        MACHINE_ID,
        FINGERPRINT,
        DEVICE_PUBLIC_KEY,
        '1.4.2',
      ].join('\n'),
      signature: 'jhl1pbvVb1RjdQWKETwk4slXBZEUnR1D9_oCr_Vxb-cEs07FDvhMYGXvilGlU74_IAwtmkCTVrF9E7p-fL76DQ',
    },
    {
      // appVersion absent: the ninth line is empty, so the text ends with "\n".
      name: 'enroll without appVersion, default project',
      input: {
        projectKey: 'default',
        code: 'PLM-COUNT-0001',
        machineId: MACHINE_ID,
        fingerprintHash: FINGERPRINT,
        devicePublicKey: DEVICE_PUBLIC_KEY,
      },
      message: [
        'LICENSE-V2-ENROLL',
        'POST',
        '/api/license/v2/enroll',
        'default',
        'PLM-COUNT-0001',
        MACHINE_ID,
        FINGERPRINT,
        DEVICE_PUBLIC_KEY,
        '',
      ].join('\n'),
      signature: 'LGsutxAG2Ca8axDIEj2TJEpdCzZySaP8atJJg72hA6ImyiWQ92lp3FTln8_bJ2sj4Rc2Pd_Vf29gMwr-xBOUDA',
    },
  ],
  challenge: [
    {
      name: 'renew challenge',
      input: {
        sessionId: SESSION_ID,
        challengeId: 'lc_3nB6wE0sH5jL2cF7',
        nonce: 'cn_AAECAwQFBgcICQoLDA0ODxAR',
        expiresAt: 1767225660,
        fingerprintHash: FINGERPRINT,
      },
      message: [
        'LICENSE-V2-CHALLENGE',
        'POST',
        '/api/license/v2/renew',
        SESSION_ID,
        'lc_3nB6wE0sH5jL2cF7',
        'cn_AAECAwQFBgcICQoLDA0ODxAR',
        '1767225660',
        FINGERPRINT,
      ].join('\n'),
      signature: 'ct7-Lc_7QTRsXiZYttZPobh8ObfTPgDZp_mRwMGJ8hkwuY1t0SboKhq1X3PkPIspN8TLxqrSnzibiHiUCtJQBg',
    },
  ],
  proof: [
    {
      name: 'status',
      input: {
        path: '/api/license/v2/status',
        sessionId: SESSION_ID,
        timestamp: '1767225600',
        nonce: 'n_oKGio6SlpqeoqaqrrK2ur7Cx',
        body: `{"projectKey":"acme-desktop","fingerprintHash":"${FINGERPRINT}"}`,
        licenseToken: LICENSE_TOKEN,
      },
      bodySha256: '79b7fca7fa571763c7fdcae44dd69d3879125138c111601eb54a3010b0f8e301',
      tokenSha256: TOKEN_SHA256,
      message: [
        'LICENSE-V2-PROOF',
        'POST',
        '/api/license/v2/status',
        SESSION_ID,
        '1767225600',
        'n_oKGio6SlpqeoqaqrrK2ur7Cx',
        '79b7fca7fa571763c7fdcae44dd69d3879125138c111601eb54a3010b0f8e301',
        TOKEN_SHA256,
      ].join('\n'),
      signature: 'ZyXYg2p3M23mxToF81Xg_sQ25BOffQ4a5abf7BmMRWmNQeocHLVUlxLn78u7xY3Jt_axw5c293nPjP0C2WL3CQ',
    },
    {
      // Non-ASCII in the body pins "SHA-256 of the UTF-8 bytes as sent" (not Latin-1, not re-serialized).
      name: 'consume, non-ASCII requestId',
      input: {
        path: '/api/license/v2/consume',
        sessionId: SESSION_ID,
        timestamp: '1767225601',
        nonce: 'n_wMHCw8TFxsfIycrLzM3Oz9DR',
        body: `{"projectKey":"acme-desktop","requestId":"order-42-caf\u00e9","fingerprintHash":"${FINGERPRINT}"}`,
        licenseToken: LICENSE_TOKEN,
      },
      bodySha256: '8360affa2b82a90976186112b829622549bc8c1c16f8f5a5bfdf3dff9b8f99a9',
      tokenSha256: TOKEN_SHA256,
      message: [
        'LICENSE-V2-PROOF',
        'POST',
        '/api/license/v2/consume',
        SESSION_ID,
        '1767225601',
        'n_wMHCw8TFxsfIycrLzM3Oz9DR',
        '8360affa2b82a90976186112b829622549bc8c1c16f8f5a5bfdf3dff9b8f99a9',
        TOKEN_SHA256,
      ].join('\n'),
      signature: 'cYLjSNKHxW4BhBfov0Fql7VIQ5KdJxkdDakg_MLMzRr-rKTpGII_5dI-ygEuLfWKgliH1mpyxnYePBtquooSCA',
    },
  ],
  snapshot: {
    offlineKey: {
      secretKeyHex: '2122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f40',
      secretKey: 'ISIjJCUmJygpKissLS4vMDEyMzQ1Njc4OTo7PD0-P0A',
      publicKeyHex: 'e7f162a10bec559afea195e4dce84b69568d5d2cb0963eb446c0685e2b17f2f0',
      publicKey: '5_FioQvsVZr-oZXk3OhLaVaNXSywlj60RsBoXisX8vA',
    },
    payload: {
      v: 2,
      kid: 'pk_acme_2026a',
      projectKey: 'acme-desktop',
      machineId: MACHINE_ID,
      fingerprintHash: FINGERPRINT,
      deviceId: 42,
      sessionId: SESSION_ID,
      licenseMode: 'TIME',
      expiresAt: '2026-12-31T23:59:59.000Z',
      remainingCount: null,
      valid: true,
      issuedAt: '2026-01-01T00:00:00.000Z',
      notAfter: '2026-01-04T00:00:00.000Z',
    },
    snapshot: [
      'LSV2.eyJ2IjoyLCJraWQiOiJwa19hY21lXzIwMjZhIiwicHJvamVjdEtleSI6ImFjbWUtZGVza3RvcCIsIm1hY2h',
      'pbmVJZCI6Im1jaF8zZjlhMWMyZTBiN2Q0ZTU1OWE2MDJjOGQxZTRmN2ExMCIsImZpbmdlcnByaW50SGFzaCI6IjM',
      '2NDU1ODMzNzg3ZjBiMzA1Nzc5YTdiYTVjMjhmNWEyOTg5ZDE0NDU5NmVlZTEzMGE3Nzk1OTU2MTFlYjRjZDciLCJ',
      'kZXZpY2VJZCI6NDIsInNlc3Npb25JZCI6ImxzXzlrUTJtWjd4VjRwUjF0WTgiLCJsaWNlbnNlTW9kZSI6IlRJTUU',
      'iLCJleHBpcmVzQXQiOiIyMDI2LTEyLTMxVDIzOjU5OjU5LjAwMFoiLCJyZW1haW5pbmdDb3VudCI6bnVsbCwidmF',
      'saWQiOnRydWUsImlzc3VlZEF0IjoiMjAyNi0wMS0wMVQwMDowMDowMC4wMDBaIiwibm90QWZ0ZXIiOiIyMDI2LTA',
      'xLTA0VDAwOjAwOjAwLjAwMFoifQ.vhVx1kEPxA_BIl6o4fqa-bmzo3hnKGxOnUkyl9lD_qP5-vPX8mTQOUqAaEAy',
      '254H6Zj4n4tMbxdyX8z3qocBAg',
    ].join(''),
  },
};
